import { TRIAL_PROMOCODE } from '../../src/shared/api/contract/lira-rules';
import { signInitData } from '../../server/auth/telegram-init-data';
import { TEST_BOT_TOKEN, type TestServer } from './helpers';

type Ok<T> = { result: 'ok'; data: T };
export const as = (token: string) => ({ authorization: `Bearer ${token}` });
export const liraPayload = {
  filters: { cityIds: [77], priceTotalMinGte: 10_000_000, priceTotalMinLte: 25_000_000, roomsCntForFilter: [1, 2], realtyType: 'ALL' as const },
  portraitId: 1,
  wishGroups: { METRO_NEARBY: 'VERY_IMPORTANT', SCHOOL: null, BIG_KITCHEN: 'NOT_IMPORTANT' },
};

let telegramIds = 5000;
/** A user signed in through Telegram (AI search needs one): token, user id and Telegram id. */
export async function signedInUser(server: TestServer): Promise<{ token: string; userId: number; telegramId: number }> {
  const telegramId = ++telegramIds;
  const initData = signInitData({ user: { id: telegramId, first_name: 'Лира' }, authDate: Math.floor(Date.now() / 1000) }, TEST_BOT_TOKEN);
  const res = await server.call<Ok<{ token: string }>>({ method: 'POST', url: '/passport/data/login/telegram/init-data', payload: { initData } });
  const token = res.body.data.token;
  const { rows } = await server.db.query<{ id: number }>('SELECT id FROM users WHERE telegram_id = $1', [String(telegramId)]);
  return { token, userId: rows[0]!.id, telegramId };
}

/** Profile created, trial taken, agent started and its first batch made (by calling the matcher directly). */
export async function runningUser(server: TestServer, payload: object = liraPayload) {
  const user = await signedInUser(server);
  await server.call({ method: 'POST', url: '/api/selection/lira/profile', payload, headers: as(user.token) });
  await server.call({ method: 'POST', url: '/api/cabinet/profile/subscription', payload: { promocode: TRIAL_PROMOCODE, days: 3, serviceType: 'LIRA_4' }, headers: as(user.token) });
  await server.call({ method: 'PUT', url: '/api/selection/lira/profile/status', payload: { status: 'START' }, headers: as(user.token) });
  return user;
}

