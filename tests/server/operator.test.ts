import { describe, expect, it } from 'vitest';
import { handleCommand, paySupportText } from '../../server/bot/commands';
import { loadConfig } from '../../server/config';
import { operatorFromEnv, operatorLines, SAMPLE_OPERATOR } from '../../server/content/operator';
import { readFileSync } from 'node:fs';
import { extractText } from 'unpdf';
import { LEGAL_DOC_LIST, LEGAL_DOCS } from '@kvarta/contract/legal';
import { NO_OPERATOR_TEXT } from '@kvarta/contract/legal';
import { TEST_OPERATOR_ENV, useTestServer } from './helpers';

const OPERATOR = TEST_OPERATOR_ENV;
const production = {
  DATA_DIR: '/tmp/kvarta-operator-config',
  NODE_ENV: 'production',
  TELEGRAM_BOT_TOKEN: '123456:REAL_token_of_a_production_bot_0000',
  JWT_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
  CATALOGUE: 'feeds',
};
const cards = { CLOUDPAYMENTS_PUBLIC_ID: 'pk_0123456789', CLOUDPAYMENTS_API_SECRET: '5f2c9a0e7b1d4863a0f9e2c7b4d1a836' };

describe('who runs the service', () => {
  it('production (Stars always, cards where set) refuses to start without each operator variable, naming it', () => {
    for (const name of Object.keys(OPERATOR)) {
      for (const payments of [{}, cards]) {
        const env = { ...production, ...payments, ...OPERATOR, [name]: undefined };
        expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: в production, где принимают оплату`));
      }
    }
    // A malformed value is as good as none.
    expect(() => loadConfig({ ...production, ...cards, ...OPERATOR, LEGAL_INN: '12345' })).toThrow(/LEGAL_INN: в production/);
    expect(loadConfig({ ...production, ...cards, ...OPERATOR }).operator).toMatchObject({ legalName: 'ООО «Кварта»', inn: '7712345678' });
    expect(() => loadConfig({ ...production, ...OPERATOR })).not.toThrow();
  });

  it('production refuses .env.example’s sample operator, naming each sample value', () => {
    // The sample list is .env.example's own.
    const example = readFileSync('.env.example', 'utf8');
    for (const [name, value] of Object.entries(SAMPLE_OPERATOR)) expect(example).toContain(`# ${name}=${value}\n`);
    for (const [name, value] of Object.entries(SAMPLE_OPERATOR))
      expect(() => loadConfig({ ...production, ...OPERATOR, [name]: value })).toThrow(new RegExp(`${name}: это пример из .env.example`));
  });

  it('production refuses the generated catalogue unless DEMO_CATALOGUE_PUBLIC=1, naming CATALOGUE', () => {
    expect(() => loadConfig({ ...production, CATALOGUE: 'demo' })).toThrow(/CATALOGUE: в production сгенерированный демо-каталог/);
    expect(() => loadConfig({ ...production, CATALOGUE: 'demo,feeds' })).toThrow(/DEMO_CATALOGUE_PUBLIC=1/);
    expect(loadConfig({ ...production, ...OPERATOR, CATALOGUE: 'demo', DEMO_CATALOGUE_PUBLIC: '1' }).catalogue.demo).toBe(true);
    expect(() => loadConfig({ DATA_DIR: '/tmp/kvarta-operator-config', CATALOGUE: 'demo' })).not.toThrow();
  });

  it('marketing figures come only from MARKETING_FIGURES; lines name only what is configured', () => {
    expect(operatorFromEnv({}).figures).toEqual([]);
    expect(operatorFromEnv({ MARKETING_FIGURES: '2 400+|сделок сопровождено; плохо ;0|сорвавшихся сделок' }).figures).toEqual([
      { value: '2 400+', label: 'сделок сопровождено' },
      { value: '0', label: 'сорвавшихся сделок' },
    ]);
    expect(operatorLines(operatorFromEnv({}))).toEqual([]);
    expect(operatorLines(operatorFromEnv(OPERATOR))).toEqual([
      'Сервис предоставляет ООО «Кварта», ИНН 7712345678, ОГРН 1187746123450.',
      'Адрес: 190000, г. Санкт-Петербург, ул. Тестовая, д. 5.',
      'Поддержка: +7 812 000-00-00, pay@kvarta.test.',
    ]);
  });
});

describe('the operator on the API, the services page and the bot', () => {
  const server = useTestServer('pglite', { app: { operator: operatorFromEnv(OPERATOR) } });
  const bare = useTestServer('pglite');

  it('GET /init/operator names the company; the services page claims no figures by default', async () => {
    const res = await server.request('operatorInfo');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      legalName: 'ООО «Кварта»',
      inn: '7712345678',
      ogrn: '1187746123450',
      supportEmail: 'pay@kvarta.test',
    });
    const none = await bare.request('operatorInfo');
    expect(none.body.data).toEqual({
      legalName: null,
      inn: null,
      ogrn: null,
      address: null,
      supportPhone: null,
      supportEmail: null,
      figures: [],
    });
    const services = await bare.request('services');
    expect(services.body.data.common.facts).toEqual([]);
    expect(JSON.stringify(services.body.data)).not.toContain('2 400');
  });

  it('/help ends with who runs the service', async () => {
    const help = await handleCommand(server.app, 'help', { id: 4_242_426, first_name: 'Гость' });
    expect(help.text).toContain('/settings');
    expect(help.text).toContain('Сервис предоставляет ООО «Кварта», ИНН 7712345678, ОГРН 1187746123450.');
    expect(help.text).toContain('Поддержка: +7 812 000-00-00, pay@kvarta.test.');
    expect(help.text).toContain('/paysupport — вопрос об оплате');
  });

  it('/paysupport says whom to write about a payment and with what; without an operator, that payments are a demonstration', async () => {
    const user = { id: 4_242_427, first_name: 'Гость' };
    const support = await handleCommand(server.app, 'paysupport', user);
    expect(support.text).toContain('Напишите в поддержку «Кварты»: +7 812 000-00-00, pay@kvarta.test.');
    expect(support.text).toContain('Укажите дату и сумму платежа');
    expect(support.text).toContain('Поддержка Telegram по покупкам в ботах не помогает');
    expect(support.text).toContain('Сервис предоставляет ООО «Кварта», ИНН 7712345678, ОГРН 1187746123450.');
    const demo = await handleCommand(bare.app, 'paysupport', user);
    expect(demo.text).toBe(paySupportText(null));
    expect(demo.text).toContain('демонстрационный стенд «Кварты» без оператора');
  });
});

describe('the legal documents name the configured operator', () => {
  const server = useTestServer('pglite', {
    app: {
      operator: operatorFromEnv({
        ...OPERATOR,
        LEGAL_NAME: 'ИП Петров Пётр Петрович',
        LEGAL_OGRN: '318784700012345',
        LEGAL_INN: '781234567890',
      }),
    },
  });
  const bare = useTestServer('pglite');
  const textOf = async (app: typeof server.app, url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    // A line break inside a long sentence is the page's, not the text's.
    return text.replace(/\s+/g, ' ');
  };

  it('the offer names the seller as the party and gives its ОГРН, ИНН and address; every document names the operator', async () => {
    const offer = await textOf(server.app, LEGAL_DOCS.publicOffer.href);
    expect(offer).toContain('ИП Петров Пётр Петрович (далее — Исполнитель) предлагает');
    expect(offer).toContain('Сервис предоставляет ИП Петров Пётр Петрович, ИНН 781234567890, ОГРН 318784700012345.');
    expect(offer).toContain('Адрес: 190000, г. Санкт-Петербург, ул. Тестовая, д. 5.');
    expect(offer).toContain('звёздами Telegram Stars');
    expect(offer).not.toContain('ООО «Кварта»');
    for (const doc of LEGAL_DOC_LIST) expect(await textOf(server.app, doc.href)).toContain('ИП Петров Пётр Петрович');
  });

  it('without an operator, every document says it is a demonstration stand and claims no company', async () => {
    for (const doc of LEGAL_DOC_LIST) {
      const text = await textOf(bare.app, doc.href);
      expect(text).toContain(NO_OPERATOR_TEXT);
      expect(text).not.toMatch(/ООО|ИНН \d|ОГРН \d/);
    }
    expect(await textOf(bare.app, LEGAL_DOCS.publicOffer.href)).toContain('Оператор сервиса «Кварта» (далее — Исполнитель)');
  });
});
