import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TRIAL_PROMOCODE } from '@kvarta/contract/lira-rules';
import { signInitData } from '../../server/auth/telegram-init-data';
import { DEMO_PROMOCODES } from '../../server/demo/promocodes';
import { EXPORT_COVERAGE } from '../../server/privacy/readable-export';
import { REDEMPTION_MARK_RETENTION_DAYS, markEarlierRedemptions } from '../../server/subscription/redemption-marker';
import { PROMOCODE_MESSAGES } from '../../server/subscription/subscriptions';
import { as, cardPayments, TEST_BOT_TOKEN, useTestServer } from './helpers';

type Answer = { result: string; message?: string; statusCode?: number };

/** Telegram ids of this file only (helpers.ts counts its own from 5000). */
let telegramIds = 900_000_000;

describe('a deleted account takes the trial and one-per-person promocodes with it', () => {
  const server = useTestServer('pglite');

  /**
   * Signs in through the Mini App as this Telegram user (a new account after a deletion, the same one otherwise) and
   * answers the account's website session, which may pay by card (as helpers.ts's signedInUser does).
   */
  const signIn = async (telegramId: number) => {
    const initData = signInitData(
      { user: { id: telegramId, first_name: 'Лира' }, authDate: Math.floor(Date.now() / 1000) },
      TEST_BOT_TOKEN,
    );
    expect((await server.request('loginInitData', { body: { initData } })).status).toBe(200);
    const { rows } = await server.db.query<{ id: number; token_version: number }>(
      'SELECT id, token_version FROM users WHERE telegram_id = $1',
      [String(telegramId)],
    );
    const { token } = await server.app.tokens.issue({ id: rows[0]!.id, isAnonymous: false, tokenVersion: rows[0]!.token_version });
    return token;
  };
  const subscribe = (token: string, promocode: string, days: number) =>
    server.call<Answer>({
      method: 'POST',
      url: '/api/cabinet/profile/subscription',
      payload: { serviceType: 'LIRA_4', promocode, days },
      headers: as(token),
    });
  const check = async (token: string, promocode: string) =>
    (
      await server.call<{ data: { valid: boolean; message: string } }>({
        method: 'POST',
        url: '/api/cabinet/profile/subscription/promocode-check',
        payload: { serviceType: 'LIRA_4', promocode },
        headers: as(token),
      })
    ).body.data;
  const deleteAccount = async (token: string) => {
    const res = await server.request('accountDelete', { body: { confirm: true }, token });
    expect(res.status).toBe(200);
  };

  it('TRIAL3: deleted, signed in again with the same Telegram, refused in the error envelope', async () => {
    const telegramId = ++telegramIds;
    const first = await signIn(telegramId);
    expect((await subscribe(first, TRIAL_PROMOCODE, 3)).status).toBe(200);
    await deleteAccount(first);

    const again = await signIn(telegramId);
    expect(await check(again, TRIAL_PROMOCODE)).toMatchObject({ valid: false, message: PROMOCODE_MESSAGES.trialUsed });
    const refused = await subscribe(again, TRIAL_PROMOCODE, 3);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ result: 'error', statusCode: 400, message: 'Пробный период уже использован' });
    // Someone else's Telegram is not touched by it.
    expect((await subscribe(await signIn(++telegramIds), TRIAL_PROMOCODE, 3)).status).toBe(200);
  });

  it('a days promocode: deleted, signed in again, refused', async () => {
    const telegramId = ++telegramIds;
    const first = await signIn(telegramId);
    expect((await subscribe(first, DEMO_PROMOCODES.week.code, 7)).status).toBe(200);
    await deleteAccount(first);

    const again = await signIn(telegramId);
    expect(await check(again, DEMO_PROMOCODES.week.code)).toMatchObject({ valid: false, message: PROMOCODE_MESSAGES.used });
    const refused = await subscribe(again, DEMO_PROMOCODES.week.code, 7);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ result: 'error', statusCode: 400, message: 'Вы уже использовали этот промокод' });
  });

  it('a percent promocode paid by card: deleted, signed in again, the discounted payment is refused', async () => {
    const { start, charge } = cardPayments(server);
    const telegramId = ++telegramIds;
    const first = await signIn(telegramId);
    const paid = await start(first, { days: 30, promocode: DEMO_PROMOCODES.percent.code });
    expect((await charge(paid)).success).toBe(true);
    await deleteAccount(first);

    const again = await signIn(telegramId);
    expect(await check(again, DEMO_PROMOCODES.percent.code)).toMatchObject({ valid: false, message: PROMOCODE_MESSAGES.used });
    const refused = await server.call<Answer>({
      method: 'POST',
      url: '/api/cabinet/payments',
      payload: { serviceType: 'LIRA_4', days: 30, promocode: DEMO_PROMOCODES.percent.code, receiptEmail: 'buyer@example.ru' },
      headers: as(again),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ result: 'error', message: 'Вы уже использовали этот промокод' });
  });

  it('the mark is a keyed hash: not the Telegram id, not in the export, outlives the deletion', async () => {
    const telegramId = ++telegramIds;
    const first = await signIn(telegramId);
    expect((await subscribe(first, TRIAL_PROMOCODE, 3)).status).toBe(200);
    const mark = server.app.redemptionMarker.markOf(String(telegramId));
    // Keyed: a plain hash of the id (what anyone could compute) is not it.
    expect(mark).not.toBe(createHash('sha256').update(String(telegramId)).digest('base64url'));
    expect(mark).not.toContain(String(telegramId));

    const exported = await server.request('personalData', { token: first });
    expect(EXPORT_COVERAGE).not.toHaveProperty('redemption_marks');
    expect(JSON.stringify(exported.body.data)).not.toContain(mark);
    await deleteAccount(first);

    const { rows } = await server.db.query<{ code: string }>('SELECT code FROM redemption_marks WHERE person_hmac = $1', [mark]);
    expect(rows).toEqual([{ code: TRIAL_PROMOCODE }]);
  });

  it('redemptions made before the marks existed are marked at startup, within the retention only', async () => {
    const telegramId = ++telegramIds;
    const first = await signIn(telegramId);
    expect((await subscribe(first, TRIAL_PROMOCODE, 3)).status).toBe(200);
    expect((await subscribe(first, DEMO_PROMOCODES.week.code, 7)).status).toBe(200);
    const mark = server.app.redemptionMarker.markOf(String(telegramId));
    // As stored before this version: the account's redemptions, no marks; the days code is past the retention.
    await server.db.query('DELETE FROM redemption_marks WHERE person_hmac = $1', [mark]);
    await server.db.query(`UPDATE promocode_redemptions SET redeemed_at = now() - interval '1 day' * $1 WHERE code = $2`, [
      REDEMPTION_MARK_RETENTION_DAYS + 1,
      DEMO_PROMOCODES.week.code,
    ]);

    expect(await markEarlierRedemptions(server.db, server.app.redemptionMarker, new Date())).toBeGreaterThan(0);
    const { rows } = await server.db.query<{ code: string }>('SELECT code FROM redemption_marks WHERE person_hmac = $1', [mark]);
    expect(rows).toEqual([{ code: TRIAL_PROMOCODE }]);
    await deleteAccount(first);

    const again = await signIn(telegramId);
    expect((await subscribe(again, TRIAL_PROMOCODE, 3)).body).toMatchObject({ message: PROMOCODE_MESSAGES.trialUsed });
  });
});
