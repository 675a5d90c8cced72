import { describe, expect, it } from 'vitest';
import { handleCommand } from '../../server/bot/commands';
import { loadConfig } from '../../server/config';
import { operatorFromEnv, operatorLines } from '../../server/content/operator';
import { useTestServer } from './helpers';

const OPERATOR = {
  LEGAL_NAME: 'ООО «Кварта»',
  LEGAL_INN: '7701234567',
  LEGAL_OGRN: '1027700123456',
  LEGAL_ADDRESS: '123456, г. Москва, ул. Примерная, д. 1',
  SUPPORT_PHONE: '+7 800 000-00-00',
  SUPPORT_EMAIL: 'help@kvarta.example.ru',
};
const production = {
  DATA_DIR: '/tmp/kvarta-operator-config',
  NODE_ENV: 'production',
  TELEGRAM_BOT_TOKEN: '123456:REAL_token_of_a_production_bot_0000',
  JWT_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
  CATALOGUE: 'feeds',
};
const cards = { CLOUDPAYMENTS_PUBLIC_ID: 'pk_0123456789', CLOUDPAYMENTS_API_SECRET: '5f2c9a0e7b1d4863a0f9e2c7b4d1a836' };

describe('who runs the service', () => {
  it('production with card payments refuses to start without each operator variable, naming it', () => {
    for (const name of Object.keys(OPERATOR)) {
      const env = { ...production, ...cards, ...OPERATOR, [name]: undefined };
      expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: в production с оплатой картой`));
    }
    // A malformed value is as good as none.
    expect(() => loadConfig({ ...production, ...cards, ...OPERATOR, LEGAL_INN: '12345' })).toThrow(/LEGAL_INN: в production/);
    expect(loadConfig({ ...production, ...cards, ...OPERATOR }).operator).toMatchObject({ legalName: 'ООО «Кварта»', inn: '7701234567' });
    // Without card payments nothing is sold by card: no refusal.
    expect(() => loadConfig(production)).not.toThrow();
  });

  it('production refuses the generated catalogue unless DEMO_CATALOGUE_PUBLIC=1, naming CATALOGUE', () => {
    expect(() => loadConfig({ ...production, CATALOGUE: 'demo' })).toThrow(/CATALOGUE: в production сгенерированный демо-каталог/);
    expect(() => loadConfig({ ...production, CATALOGUE: 'demo,feeds' })).toThrow(/DEMO_CATALOGUE_PUBLIC=1/);
    expect(loadConfig({ ...production, CATALOGUE: 'demo', DEMO_CATALOGUE_PUBLIC: '1' }).catalogue.demo).toBe(true);
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
      'Сервис предоставляет ООО «Кварта», ИНН 7701234567, ОГРН 1027700123456.',
      'Адрес: 123456, г. Москва, ул. Примерная, д. 1.',
      'Поддержка: +7 800 000-00-00, help@kvarta.example.ru.',
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
      inn: '7701234567',
      ogrn: '1027700123456',
      supportEmail: 'help@kvarta.example.ru',
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
    expect(help.text).toContain('Сервис предоставляет ООО «Кварта», ИНН 7701234567, ОГРН 1027700123456.');
    expect(help.text).toContain('Поддержка: +7 800 000-00-00, help@kvarta.example.ru.');
  });
});
