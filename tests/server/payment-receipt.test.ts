import { afterEach, describe, expect, it } from 'vitest';
import type { Payment } from '@kvarta/contract/subscription';
import { NO_OPERATOR } from '../../server/content/operator';
import type { OfflineBot } from '../../server/dev/telegram/offline-bot';
import type { InProcessQueue } from '../../server/infra/in-process-queue';
import { receiptText } from '../../server/subscription/receipt';
import { as, cardPayments, DATABASES, signedInUser, useTestServer } from './helpers';

const OPERATOR = {
  legalName: 'ООО «Кварта»',
  inn: '7701234567',
  ogrn: '1027700123456',
  address: '123456, г. Москва, ул. Примерная, д. 1',
  supportPhone: '+7 800 000-00-00',
  supportEmail: 'help@kvarta.example.ru',
  figures: [],
};
const SELLER = [
  'Сервис предоставляет ООО «Кварта», ИНН 7701234567, ОГРН 1027700123456.',
  'Адрес: 123456, г. Москва, ул. Примерная, д. 1.',
  'Поддержка: +7 800 000-00-00, help@kvarta.example.ru.',
];
const T0 = new Date('2026-03-01T09:00:00Z');
/** The lines of a text with its non-breaking spaces (between a number's groups, before ₽) as plain ones. */
const linesOf = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').split('\n');

describe('the receipt text', () => {
  const facts = {
    title: 'ИИ Поиск «Кварты» на 30 дн.',
    amount: 1490,
    currency: 'RUB' as const,
    transactionId: '1234567',
    paidAt: T0,
    paidUntil: new Date('2026-03-31T09:00:00Z'),
    renewal: false,
    receiptEmail: 'buyer@example.ru',
  };

  it('names what was paid, how much, when, until when, the payment, the seller with ИНН and ОГРН, and where the cash receipt went', () => {
    expect(linesOf(receiptText(OPERATOR, facts))).toEqual([
      'Оплата получена: ИИ Поиск «Кварты» на 30 дн.',
      'Сумма: 1 490 ₽',
      'Дата: 01.03.2026 12:00:00 (МСК)',
      'Оплачено до: 31.03.2026 12:00:00 (МСК)',
      '№ платежа: 1234567',
      '',
      ...SELLER,
      '',
      'Кассовый чек отправлен на buyer@example.ru.',
    ]);
  });

  it('claims nothing that is not configured: without an operator there is no seller line', () => {
    const text = receiptText({ ...NO_OPERATOR, legalName: 'ИП Иванов И. И.' }, { ...facts, receiptEmail: null, renewal: true });
    expect(text).toContain('Подписка продлена: ИИ Поиск «Кварты» на 30 дн.');
    expect(text).toContain('Сервис предоставляет ИП Иванов И. И..');
    expect(text).not.toMatch(/ИНН|ОГРН|Адрес|Поддержка|Кассовый чек/);
    expect(receiptText(NO_OPERATOR, facts)).not.toContain('Сервис предоставляет');
  });
});

describe.each(DATABASES)('receipts after a payment on %s', (kind) => {
  const server = useTestServer(kind, { app: { jobs: { providerRetrySeconds: 0.05 } } });
  afterEach(() => {
    server.app.now = () => new Date();
  });
  const bot = () => server.app.bot as OfflineBot;
  const queue = () => server.app.queue as InProcessQueue;
  const { start, charge } = cardPayments(server);
  const receipts = async (telegramId: number) =>
    (await bot().messagesFor(telegramId)).map((m) => m.text).filter((text) => /^(Оплата получена|Подписка продлена)/.test(text));

  it('a card payment: the bot sends one receipt naming the operator, the amount, the period and the cash receipt’s e-mail', async () => {
    server.app.operator = OPERATOR;
    server.app.now = () => T0;
    await queue().work();
    const { token, telegramId } = await signedInUser(server);
    const p = await start(token);
    expect(await charge(p)).toEqual({ success: true, reason: null });
    await queue().idle();
    const [receipt, ...more] = await receipts(telegramId);
    expect(more).toEqual([]);
    expect(linesOf(receipt!)).toEqual([
      'Оплата получена: ИИ Поиск «Кварты» на 30 дн.',
      'Сумма: 1 490 ₽',
      'Дата: 01.03.2026 12:00:00 (МСК)',
      'Оплачено до: 31.03.2026 12:00:00 (МСК)',
      expect.stringMatching(/^№ платежа: \d+$/),
      '',
      ...SELLER,
      '',
      'Кассовый чек отправлен на buyer@example.ru.',
    ]);
  });

  it('Telegram Stars: a first payment and each renewal get a receipt once, a duplicated update none more', async () => {
    server.app.operator = OPERATOR;
    server.app.now = () => T0;
    await queue().work();
    const { token, telegramId } = await signedInUser(server);
    const p = (
      await server.call<{ result: 'ok'; data: Payment }>({
        method: 'POST',
        url: '/api/cabinet/payments',
        payload: { serviceType: 'LIRA_4', days: 30, method: 'stars' },
        headers: as(token),
      })
    ).body.data;
    const paid = (chargeId: string, isFirstRecurring: boolean) => ({
      fromId: telegramId,
      currency: 'XTR',
      totalAmount: p.amount,
      payload: p.paymentId,
      chargeId,
      isRecurring: true,
      isFirstRecurring,
    });
    await bot().stars!.successfulPayment(paid('charge-1', true));
    await bot().stars!.successfulPayment(paid('charge-1', true));
    await bot().stars!.successfulPayment(paid('charge-2', false));
    await queue().idle();
    const sent = await receipts(telegramId);
    expect(sent.map((text) => linesOf(text).slice(0, 2))).toEqual([
      ['Оплата получена: ИИ Поиск «Кварты» на 30 дн.', 'Сумма: 750 ⭐'],
      ['Подписка продлена: ИИ Поиск «Кварты» на 30 дн.', 'Сумма: 750 ⭐'],
    ]);
    expect(sent[1]).toContain('№ платежа: charge-2');
    expect(sent.every((text) => SELLER.every((line) => text.includes(line)))).toBe(true);
    expect(sent.some((text) => text.includes('Кассовый чек'))).toBe(false);
  });
});
