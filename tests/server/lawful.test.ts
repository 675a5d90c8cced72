import { describe, expect, it } from 'vitest';
import type { Payment, Subscription, SubscriptionPeriod } from '@kvarta/contract/subscription';
import type { OfflineBot } from '../../server/dev/telegram/offline-bot';
import type { InProcessQueue } from '../../server/infra/in-process-queue';
import type { PersonalData } from '@kvarta/contract/cabinet';
import { DELETE_ACCOUNT_CALLBACK, DELETED_TEXT, KEEP_ACCOUNT_CALLBACK } from '../../server/privacy/account';
import { KEPT_ON_DELETION, discoverOwnedColumns, discoverUserForeignKeys, type OwnedColumn } from '../../server/privacy/personal-data';
import { EXPORT_COVERAGE } from '../../server/privacy/readable-export';
import { STARS_ONLY_MESSAGE } from '../../server/subscription/service';
import { as, cardPayments, runningUser, signedInUser, useTestServer, type TestServer } from './helpers';

type Ok<T> = { result: 'ok'; data: T };

describe('Telegram Stars inside Telegram, cards on the website, one subscription', () => {
  const server = useTestServer('pglite');
  const bot = () => server.app.bot as OfflineBot;
  const pay = (token: string, body: object, headers: Record<string, string> = {}) =>
    server.call<Ok<Payment> & { message: string }>({
      method: 'POST',
      url: '/api/cabinet/payments',
      payload: { serviceType: 'LIRA_4', days: 30, ...body },
      headers: { ...as(token), ...headers },
    });
  const subscription = async (token: string) =>
    server.call<Ok<Subscription>>({ method: 'GET', url: '/api/cabinet/profile/subscription', headers: as(token) });

  it('a Mini App session is refused any card checkout, whatever its client sends; it pays every listed period with Stars', async () => {
    const { miniAppToken, token } = await signedInUser(server);
    for (const body of [{ method: 'card', receiptEmail: 'a@b.ru' }, {}, { method: 'card', days: 7 }]) {
      const res = await pay(miniAppToken, body, { 'x-platform-type': 'SITE' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(STARS_ONLY_MESSAGE);
    }
    // The subscription route starts payments too: the same rule.
    const viaSubscribe = await server.call<{ message: string }>({
      method: 'POST',
      url: '/api/cabinet/profile/subscription',
      payload: { serviceType: 'LIRA_4', days: 30, method: 'card' },
      headers: as(miniAppToken),
    });
    expect(viaSubscribe.status).toBe(403);
    expect(viaSubscribe.body.message).toBe(STARS_ONLY_MESSAGE);
    // A website token sent by the Mini App (its header) is refused a card as well.
    expect((await pay(token, { method: 'card' }, { 'x-platform-type': 'TELEGRAM_MINI_APP' })).status).toBe(403);
    // No card payment row was ever made.
    const { rows } = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE provider = 'card'`);
    expect(rows[0]!.n).toBe(0);

    const periods = (await server.call<Ok<SubscriptionPeriod[]>>({ method: 'GET', url: '/api/cabinet/profile/subscription/periods' })).body
      .data;
    expect(periods.length).toBeGreaterThan(1);
    for (const period of periods) {
      const res = await pay(miniAppToken, { method: 'stars', days: period.days });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ provider: 'stars', currency: 'XTR', amount: period.stars, checkout: { kind: 'stars' } });
      const checkout = res.body.data.checkout!;
      const invoice = await bot().findInvoice(checkout.kind === 'stars' ? checkout.invoiceLink.split('/').pop()! : '');
      // The 30-day period renews as a Star subscription; the others are paid once.
      expect(invoice?.subscriptionPeriod ?? null).toBe(period.days === 30 ? 2_592_000 : null);
    }
  });

  it('a card paid on the website and Stars paid in the Mini App are the one subscription of the account, seen by both', async () => {
    const card = cardPayments(server);
    const web = await signedInUser(server);
    const payment = await card.start(web.token, { days: 7 });
    expect(payment.checkout?.kind).toBe('cloudpayments');
    expect((await card.charge(payment)).success).toBe(true);
    for (const token of [web.token, web.miniAppToken])
      expect((await subscription(token)).body.data).toMatchObject({ status: 'ACTIVE', paymentMethod: 'card' });

    const tma = await signedInUser(server);
    const stars = (await pay(tma.miniAppToken, { method: 'stars', days: 30 })).body.data;
    await bot().stars!.successfulPayment({
      fromId: tma.telegramId,
      currency: 'XTR',
      totalAmount: stars.amount,
      payload: stars.paymentId,
      chargeId: `charge-${tma.telegramId}`,
      isRecurring: true,
      isFirstRecurring: true,
    });
    for (const token of [tma.miniAppToken, tma.token])
      expect((await subscription(token)).body.data).toMatchObject({ status: 'ACTIVE', paymentMethod: 'stars', autoRenewal: true });
  });
});

/** A row naming the person in `column`, whatever the table's other required columns are (a new table needs no change here). */
async function insertOwned(server: TestServer, owned: OwnedColumn, person: { userId: number; telegramId: number }) {
  const { rows } = await server.db.query<{ column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
    `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
    [owned.table],
  );
  const own = owned.by === 'userId' ? person.userId : person.telegramId;
  const values: Record<string, unknown> = {};
  for (const c of rows) {
    const isOwned = c.column_name === owned.column;
    if (!isOwned && (c.is_nullable === 'YES' || c.column_default !== null)) continue;
    const unique = `${owned.table}-${c.column_name}-${person.userId}-${owned.column}`;
    values[c.column_name] = isOwned
      ? c.data_type === 'text'
        ? String(own)
        : own
      : c.data_type.includes('timestamp')
        ? new Date().toISOString()
        : c.data_type === 'boolean'
          ? false
          : c.data_type.startsWith('json')
            ? '{}'
            : /int|numeric|real|double/.test(c.data_type)
              ? person.userId
              : unique;
  }
  const names = Object.keys(values);
  await server.db.query(
    `INSERT INTO ${owned.table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT DO NOTHING`,
    Object.values(values),
  );
}

describe('personal data: «Скачать мои данные» and «Удалить аккаунт и данные»', () => {
  const server = useTestServer('pglite', { app: { jobs: { providerRetrySeconds: 0.05 } } });
  const rowsOf = async (owned: OwnedColumn, person: { userId: number; telegramId: number }) =>
    (
      await server.db.query<Record<string, unknown>>(`SELECT * FROM ${owned.table} WHERE ${owned.column}::text = $1`, [
        String(owned.by === 'userId' ? person.userId : person.telegramId),
      ])
    ).rows;

  /** A person with a running AI search, a card subscription that renews, and a row in every table that can name them. */
  async function personEverywhere() {
    const person = await runningUser(server);
    const card = cardPayments(server);
    const payment = await card.start(person.token, { days: 30 });
    expect((await card.charge(payment)).success).toBe(true);
    for (const owned of await discoverOwnedColumns(server.db)) await insertOwned(server, owned, person);
    return { ...person, paymentId: payment.paymentId };
  }

  it('finds every table that names a person in the database itself', async () => {
    const columns = (await discoverOwnedColumns(server.db)).map((c) => `${c.table}.${c.column}`);
    for (const known of ['reactions.user_id', 'top_profiles.user_id', 'lira_profiles.user_id', 'telegram_bindings.requester_id'])
      expect(columns).toContain(known);
    expect(columns).toContain('payments.telegram_user_id');
    // Every column with a foreign key to users (what the hourly cleanup's delete reaches) is found here too.
    for (const { table, column } of await discoverUserForeignKeys(server.db)) expect(columns).toContain(`${table}.${column}`);
  });

  it('the export shows every table’s rows of the person, each in its section, and nobody else’s', async () => {
    const person = await personEverywhere();
    const other = await personEverywhere();
    const res = await server.call<Ok<PersonalData>>({ method: 'GET', url: '/api/cabinet/profile/data', headers: as(person.miniAppToken) });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body, JSON.stringify(res.body).slice(0, 600)).toMatchObject({ result: 'ok' });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.signIn.telegramId).toBe(String(person.telegramId));
    expect(data.profile).toMatchObject({ signedInThroughTelegram: true });
    for (const owned of await discoverOwnedColumns(server.db)) {
      expect((await rowsOf(owned, person)).length, `${owned.table}.${owned.column}`).toBeGreaterThan(0);
      // Every table naming the person is shown in a section (or says why not), and that section has the person's rows.
      const covered = EXPORT_COVERAGE[owned.table];
      expect(covered, owned.table).toBeDefined();
      if (covered && 'section' in covered) {
        const section: unknown = data[covered.section];
        const rows = covered.section === 'signIn' ? data.signIn.requests : section;
        expect(Array.isArray(rows) ? rows.length > 0 : rows !== null, `${owned.table} → ${covered.section}`).toBe(true);
      }
    }
    // Nobody else's: the other person's Telegram id and rows are not in it.
    expect(JSON.stringify(data)).not.toContain(String(other.telegramId));
    const own = await server.call<Ok<PersonalData>>({ method: 'GET', url: '/api/cabinet/profile/data', headers: as(other.token) });
    expect(own.body.data.signIn.telegramId).toBe(String(other.telegramId));
  });

  it('deletion removes the person from every table (payments kept without personal fields), ends every session, stops the renewal', async () => {
    await (server.app.queue as InProcessQueue).work();
    const person = await personEverywhere();
    const other = await personEverywhere();
    const { rows: subs } = await server.db.query<{ provider_subscription_id: string }>(
      'SELECT provider_subscription_id FROM subscriptions WHERE user_id = $1',
      [person.userId],
    );
    // Refused without the confirmation.
    const unconfirmed = await server.call({ method: 'POST', url: '/api/cabinet/profile/delete', payload: {}, headers: as(person.token) });
    expect(unconfirmed.status).toBe(400);
    const res = await server.call<Ok<{ deleted: Record<string, number>; kept: Record<string, number> }>>({
      method: 'POST',
      url: '/api/cabinet/profile/delete',
      payload: { confirm: true },
      headers: as(person.token),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.kept.payments).toBeGreaterThan(0);

    expect((await server.db.query('SELECT 1 FROM users WHERE id = $1', [person.userId])).rows).toHaveLength(0);
    for (const owned of await discoverOwnedColumns(server.db)) {
      const left = await rowsOf(owned, person);
      const kept = KEPT_ON_DELETION[owned.table];
      if (!kept) expect(left, `${owned.table}.${owned.column}`).toHaveLength(0);
      else
        for (const row of left)
          for (const [column, value] of Object.entries(kept.set))
            if (value === 'NULL') expect(row[column], `${owned.table}.${column}`).toBeNull();
      // Nobody else lost anything.
      expect((await rowsOf(owned, other)).length, `${owned.table}.${owned.column} of another person`).toBeGreaterThan(0);
    }
    // Payments stay for the accountant: amounts and receipts, not the payer's Telegram id nor the link to the deleted user.
    const { rows: payments } = await server.db.query<{ amount: number; receipt_email: string | null; telegram_user_id: number | null }>(
      `SELECT amount, receipt_email, telegram_user_id, user_id FROM payments WHERE id = $1 AND provider = 'card' AND status = 'SUCCEEDED'`,
      [person.paymentId],
    );
    expect(payments).toEqual([{ amount: expect.any(Number), receipt_email: 'buyer@example.ru', telegram_user_id: null, user_id: null }]);

    // Both sessions (website and Mini App) end at once.
    for (const token of [person.token, person.miniAppToken]) {
      const after = await server.call<{ message: string }>({ method: 'GET', url: '/api/cabinet/profile/data', headers: as(token) });
      expect(after.status).toBe(401);
      expect(after.body.message).toBe('Token was revoked');
    }
    // The card stops renewing at CloudPayments (a queued job).
    await (server.app.queue as InProcessQueue).idle();
    const state = await server.call<Ok<{ cancellations: string[] }>>({ method: 'GET', url: '/dev/cloudpayments/state' });
    expect(state.body.data.cancellations).toContain(subs[0]!.provider_subscription_id);
  });

  it('/delete in the bot asks first; «Оставить» keeps everything; «Удалить аккаунт и данные» deletes and the bot confirms', async () => {
    const person = await runningUser(server);
    const tg = { id: person.telegramId, first_name: 'Лира' };
    const command = async () =>
      (
        await server.call<Ok<{ text: string; buttons: Array<Array<{ text: string; callbackData?: string }>> }>>({
          method: 'POST',
          url: '/dev/telegram/command',
          payload: { command: 'delete', user: tg },
        })
      ).body.data;
    const press = async (data: string, messageId: number) =>
      (await server.call<Ok<{ text: string }>>({ method: 'POST', url: '/dev/telegram/callback', payload: { data, user: tg, messageId } }))
        .body.data.text;
    const lastMessage = async () => (await (server.app.bot as OfflineBot).messagesFor(person.telegramId)).at(-1)!;

    const asked = await command();
    expect(asked.text).toMatch(/^Удалить аккаунт и данные «Кварты»\?/);
    expect(asked.buttons.flat().map((b) => b.text)).toEqual(['Удалить аккаунт и данные', 'Оставить']);
    expect(await press(KEEP_ACCOUNT_CALLBACK, (await lastMessage()).id)).toBe('Аккаунт не удалён');
    expect((await server.db.query('SELECT 1 FROM users WHERE id = $1', [person.userId])).rows).toHaveLength(1);

    await command();
    const question = await lastMessage();
    expect(await press(DELETE_ACCOUNT_CALLBACK, question.id)).toBe('Аккаунт удалён');
    // The question is replaced by the confirmation: it cannot be pressed twice.
    const confirmed = (await (server.app.bot as OfflineBot).messagesFor(person.telegramId)).find((m) => m.id === question.id)!;
    expect(confirmed).toMatchObject({ text: DELETED_TEXT, buttons: [] });
    expect((await server.db.query('SELECT 1 FROM users WHERE id = $1', [person.userId])).rows).toHaveLength(0);
    expect((await server.db.query('SELECT 1 FROM lira_profiles WHERE user_id = $1', [person.userId])).rows).toHaveLength(0);
    expect((await server.call({ method: 'GET', url: '/api/cabinet/profile/data', headers: as(person.miniAppToken) })).status).toBe(401);
    // Nothing left to delete: the bot says so.
    expect((await command()).text).toMatch(/^У этого Telegram нет профиля в «Кварте»/);
  });

  it('an anonymous visitor without a row has nothing stored and nothing to delete', async () => {
    const token = await server.anonymousToken();
    const data = await server.call<Ok<PersonalData>>({ method: 'GET', url: '/api/cabinet/profile/data', headers: as(token) });
    expect(data.body.data).toMatchObject({ profile: null, signIn: { telegramId: null, requests: [] }, favourites: [], payments: [] });
    const deleted = await server.call<Ok<object>>({
      method: 'POST',
      url: '/api/cabinet/profile/delete',
      payload: { confirm: true },
      headers: as(token),
    });
    expect(deleted.body.data).toEqual({ deleted: {}, kept: {} });
  });
});
