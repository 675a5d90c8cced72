import { describe, expect, it } from 'vitest';
import { CONSENT_VERSIONS } from '@kvarta/contract/consents';
import type { PersonalData } from '@kvarta/contract/cabinet';
import { discoverOwnedColumns } from '../../server/privacy/personal-data';
import { EXPORT_COVERAGE } from '../../server/privacy/readable-export';
import { as, cardPayments, runningUser, useTestServer, type TestServer } from './helpers';

/** Internal names that must never reach a person's export, at any depth, in either spelling. */
const FORBIDDEN_KEYS = [
  'id_user',
  'userId',
  'user_id',
  'token',
  'token_version',
  'tokenVersion',
  'anonymous_key',
  'anonymousKey',
  'is_anonymous',
  'isAnonymous',
  'payer_key_hash',
  'payerKeyHash',
  'requester_token_hash',
  'requesterTokenHash',
  'event_emitter_id',
  'eventEmitterId',
  'outcome',
  'client_ip',
  'clientIp',
  'sending_until',
  'sendingUntil',
  'delivery_attempts',
  'deliveryAttempts',
  'last_error',
  'lastError',
  'notify_lease_until',
  'notifyLeaseUntil',
  'provider_subscription_id',
  'providerSubscriptionId',
  'provider_transaction_id',
  'providerTransactionId',
  'provider_user_id',
  'providerUserId',
  'telegram_user_id',
  'telegramUserId',
  'return_path',
  'returnPath',
  'url',
  'state',
  'reminded_for',
  'remindedFor',
  'alerted_at',
  'alertedAt',
  'tables',
];

/** Every key of every object in a JSON value, however deep. */
function keysOf(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  return into;
}

/** A person with a running AI search, a paid and an abandoned payment, a like with a note, a dislike with reasons, consents and a call-back. */
async function personWithEverything(server: TestServer, name: string, phone: string) {
  const person = await runningUser(server);
  const [liked, disliked] = [...server.app.memory.apartments.keys()].filter((id) => id % 2 === person.userId % 2).slice(0, 2) as [
    number,
    number,
  ];
  await server.request('topReaction', { token: person.token, body: { apartmentId: liked, action: 'LIKE', notices: [] } });
  await server.request('topReaction', {
    token: person.token,
    body: { apartmentId: disliked, action: 'DISLIKE', notices: ['PRICE', 'METRO'] },
  });
  await server.request('favouriteNote', { token: person.token, params: { apartId: liked }, body: { note: `Заметка ${name}` } });
  await server.request('consentDecide', {
    token: person.token,
    params: { purpose: 'analytics' },
    body: { given: true, version: CONSENT_VERSIONS.analytics },
  });
  const callback = await server.request('callbackSale', {
    token: person.token,
    body: {
      userName: name,
      phone,
      cityName: 'Санкт-Петербург',
      refererUrl: 'http://localhost/services/ipoteka',
      extraField: 'Ипотека',
      agreed: true,
    },
  });
  expect(callback.status).toBe(200);
  const card = cardPayments(server);
  const paid = await card.start(person.token, { days: 30 });
  expect((await card.charge(paid)).success).toBe(true);
  // A checkout started and left (PENDING), with the old sandbox page's link secret.
  const abandoned = `abandoned-${person.userId}`;
  await server.db.query(
    `INSERT INTO payments (id, user_id, service_type, provider, days, amount, currency, status, payer_key_hash, telegram_user_id)
     VALUES ($1, $2, 'LIRA_4', 'card', 7, 490, 'RUB', 'PENDING', $3, $4)`,
    [abandoned, person.userId, `hash-${person.userId}`, person.telegramId],
  );
  return { ...person, liked, disliked, paid, abandoned };
}

describe('«Мои данные»: a readable export, section by section', () => {
  const server = useTestServer('pglite');
  const exportOf = async (token: string) => {
    const res = await server.call<{ result: 'ok'; data: PersonalData }>({
      method: 'GET',
      url: '/api/cabinet/profile/data',
      headers: as(token),
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.body.data;
  };

  it('every table that names a person has its section, or the reason it has none', async () => {
    const tables = new Set((await discoverOwnedColumns(server.db)).map((c) => c.table));
    for (const table of tables) expect(EXPORT_COVERAGE, table).toHaveProperty(table);
    const sections = Object.keys(await exportOf(await server.anonymousToken()));
    for (const covered of Object.values(EXPORT_COVERAGE)) if ('section' in covered) expect(sections).toContain(covered.section);
  });

  it('holds the person’s favourites, ratings in words, consents, call-backs and completed payments; no internals, no PENDING, nobody else', async () => {
    const person = await personWithEverything(server, 'Ольга Первая', '+7 912 000-00-01');
    const other = await personWithEverything(server, 'Пётр Другой', '+7 912 000-00-02');
    const data = await exportOf(person.miniAppToken);

    const keys = keysOf(data);
    for (const forbidden of FORBIDDEN_KEYS) expect(keys.has(forbidden), forbidden).toBe(false);
    const text = JSON.stringify(data);
    // The internals' values are not there under another name either.
    const { rows } = await server.db.query<{ anonymous_key: string | null; token_version: number }>(
      'SELECT anonymous_key, token_version FROM users WHERE id = $1',
      [person.userId],
    );
    if (rows[0]!.anonymous_key) expect(text).not.toContain(rows[0]!.anonymous_key);
    expect(text).not.toContain(person.paid.paymentId);
    expect(text).not.toContain(person.abandoned);
    expect(text).not.toContain(`hash-${person.userId}`);
    expect(text).not.toMatch(/PENDING/);

    expect(data.profile).toMatchObject({ name: 'Лира', signedInThroughTelegram: true, personalisedRecommendations: true });
    expect(data.signIn.telegramId).toBe(String(person.telegramId));
    expect(data.favourites).toEqual([
      expect.objectContaining({
        apartment: {
          id: person.liked,
          title: expect.stringMatching(/м²$/),
          link: expect.stringMatching(new RegExp(`/apart/${person.liked}$`)),
        },
        note: 'Заметка Ольга Первая',
      }),
    ]);
    expect(data.ratings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ apartment: expect.objectContaining({ id: person.liked }), rating: 'like', reasons: [] }),
        expect.objectContaining({
          apartment: expect.objectContaining({ id: person.disliked }),
          rating: 'dislike',
          reasons: ['Цена', 'Далеко от метро'],
        }),
      ]),
    );
    expect(data.ratings).toHaveLength(2);
    expect(data.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purpose: 'analytics', given: true, version: CONSENT_VERSIONS.analytics, channel: 'website' }),
        expect.objectContaining({ purpose: 'callback', given: true, version: CONSENT_VERSIONS.callback }),
      ]),
    );
    expect(data.callbackRequests).toEqual([
      expect.objectContaining({ name: 'Ольга Первая', phone: '+79120000001', about: 'Ипотека', consentVersion: CONSENT_VERSIONS.callback }),
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({ service: 'ИИ Поиск', method: 'card', status: 'paid', days: 30, receiptEmail: 'buyer@example.ru' }),
    ]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ service: 'ИИ Поиск', status: 'ACTIVE', method: 'card' })]);
    expect(data.promocodes.length).toBeGreaterThan(0);
    expect(data.aiSearch).toMatchObject({ status: expect.any(String), cities: expect.arrayContaining([expect.any(String)]) });

    // Nobody else's: the other person's name, phone, note and apartments are not in it.
    for (const theirs of ['Пётр Другой', '+79120000002', 'Заметка Пётр Другой', String(other.telegramId)])
      expect(text).not.toContain(theirs);
    const ids = new Set([...data.favourites, ...data.ratings].map((r) => r.apartment.id));
    expect(ids.has(other.liked) || ids.has(other.disliked)).toBe(false);
  });

  it('an anonymous visitor without a row has every section empty', async () => {
    const data = await exportOf(await server.anonymousToken());
    expect(data).toMatchObject({ profile: null, favourites: [], ratings: [], payments: [], consents: [], callbackRequests: [] });
  });
});
