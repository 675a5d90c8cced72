import { describe, expect, it } from 'vitest';
import { CONSENT_VERSIONS } from '@kvarta/contract/consents';
import { signInitData } from '../../server/auth/telegram-init-data';
import { DATABASES, TEST_BOT_TOKEN, useTestServer } from './helpers';

const callbackBody = {
  userName: 'Иван Петров',
  phone: '8 (912) 345-67-89',
  cityName: 'Санкт-Петербург',
  refererUrl: 'http://localhost/services/podbor-i-pokupka',
  extraField: 'Подбор и покупка квартиры',
  agreed: true as const,
};

describe.each(DATABASES)('consents that stand apart (%s)', (kind) => {
  const server = useTestServer(kind);
  const list = (token: string) => server.request('consentList', { token });
  const decide = (token: string, purpose: string, body: object) =>
    server.request('consentDecide', { token, params: { purpose } as never, body: body as never });

  it('each purpose is listed with the version in force and no decision until one is made', async () => {
    const token = await server.anonymousToken();
    const res = await list(token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { purpose: 'callback', currentVersion: CONSENT_VERSIONS.callback, decision: null },
      { purpose: 'analytics', currentVersion: CONSENT_VERSIONS.analytics, decision: null },
    ]);
  });

  it('a consent is recorded with its version and time, apart from the other, and refused or withdrawn the same way', async () => {
    const token = await server.anonymousToken();
    const given = await decide(token, 'analytics', { given: true, version: CONSENT_VERSIONS.analytics });
    expect(given.status).toBe(200);
    expect(given.body.data).toMatchObject({ given: true, version: CONSENT_VERSIONS.analytics });
    expect(Date.now() - Date.parse(given.body.data.decidedAt)).toBeLessThan(60_000);
    const states = (await list(token)).body.data;
    expect(states.find((s) => s.purpose === 'analytics')?.decision?.given).toBe(true);
    // Giving one consent gives no other.
    expect(states.find((s) => s.purpose === 'callback')?.decision).toBeNull();

    const withdrawn = await decide(token, 'analytics', { given: false, version: CONSENT_VERSIONS.analytics });
    expect(withdrawn.body.data.given).toBe(false);
    // When it was given stays on record after the withdrawal.
    const { rows } = await server.db.query<{ given: boolean; given_at: Date | null; channel: string }>(
      `SELECT given, given_at, channel FROM consents WHERE purpose = 'analytics' ORDER BY decided_at DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({ given: false, channel: 'web' });
    expect(rows[0]!.given_at).not.toBeNull();
  });

  it('consent is given only to the text in force; hostile purposes and bodies get a Russian 400', async () => {
    const token = await server.anonymousToken();
    const stale = await decide(token, 'analytics', { given: true, version: CONSENT_VERSIONS.analytics + 1 });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ result: 'error', statusCode: 400 });
    expect((stale.body as unknown as { message: string }).message).toMatch(/^version: действует версия/);
    expect((await decide(token, 'marketing', { given: true, version: 1 })).status).toBe(400);
    expect((await decide(token, 'analytics', { given: 'yes', version: 1 })).status).toBe(400);
    expect((await decide(token, 'analytics', { given: true, version: 1, extra: 1 })).status).toBe(400);
    expect(
      (await server.call({ method: 'PUT', url: '/api/cabinet/consents/analytics', payload: { given: true, version: 1 } })).status,
    ).toBe(401);
  });

  it('a call-back request records its consent; withdrawing it deletes that person’s requests at once', async () => {
    const token = await server.anonymousToken();
    const sent = await server.request('callbackSale', { token, body: callbackBody });
    expect(sent.status).toBe(200);
    const decision = (await list(token)).body.data.find((s) => s.purpose === 'callback')?.decision;
    expect(decision).toMatchObject({ given: true, version: CONSENT_VERSIONS.callback });
    const requestsOf = async () =>
      (
        await server.db.query<{ n: number; version: number }>(
          `SELECT count(*)::int AS n, min(consent_version) AS version FROM callback_requests WHERE id = $1`,
          [sent.body.data.id],
        )
      ).rows[0]!;
    expect(await requestsOf()).toEqual({ n: 1, version: CONSENT_VERSIONS.callback });

    await decide(token, 'callback', { given: false, version: CONSENT_VERSIONS.callback });
    expect((await requestsOf()).n).toBe(0);
    expect((await list(token)).body.data.find((s) => s.purpose === 'callback')?.decision?.given).toBe(false);
  });

  it('signing in keeps the later decision on each purpose, the session’s or the account’s', async () => {
    const initData = () =>
      signInitData({ user: { id: 9_100_001, first_name: 'Согласие' }, authDate: Math.floor(Date.now() / 1000) }, TEST_BOT_TOKEN);
    const account = (await server.request('loginInitData', { body: { initData: initData() } })).body.data.token;
    await decide(account, 'analytics', { given: true, version: CONSENT_VERSIONS.analytics });
    await decide(account, 'callback', { given: true, version: CONSENT_VERSIONS.callback });
    const anonymous = await server.anonymousToken();
    await decide(anonymous, 'analytics', { given: false, version: CONSENT_VERSIONS.analytics });
    const signed = (await server.request('loginInitData', { body: { initData: initData() }, token: anonymous })).body.data.token;
    const states = (await list(signed)).body.data;
    expect(states.find((s) => s.purpose === 'analytics')?.decision?.given).toBe(false);
    expect(states.find((s) => s.purpose === 'callback')?.decision?.given).toBe(true);
  });
});
