import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { usersChanged } from './user-cache';
import type { Queryable } from '../core/database';
import { announce } from '../infra/event-bus';
import { IncorrectAuthError, signInWithTelegram } from './accounts';
import type { SignInOrigin } from './sign-in-origin';
import type { InitDataUser } from './telegram-init-data';
import type { TokenService } from './tokens';
import { findUser, type UserRow } from './users';

export const BINDING_TTL_MS = 10 * 60_000;

/** The final message of a binding stream (spec §7 "Binding events"). */
export type BindingOutcome = { status: 'ok'; token?: string } | { message: string };

export const INCORRECT_AUTH_MESSAGE = 'Incorrect Auth';
/** What the waiting browser hears when the Telegram user pressed «Отклонить». */
export const DECLINED_MESSAGE = 'Вход отклонён в Telegram';

/**
 * A wake-up call for waiting streams in this process ("an outcome was stored for this id"; other instances hear it
 * on the bus, server/instance-sync.ts); the outcome itself is only ever taken from the database by one atomic claim.
 */
export const bindingEvents = new EventEmitter();
bindingEvents.setMaxListeners(0);

type Db = Queryable & { transaction<T>(w: (tx: Queryable) => Promise<T>): Promise<T> };

export const bearerHash = (bearer: string): string => createHash('sha256').update(bearer).digest('hex');

export async function createBinding(
  db: Queryable,
  type: 'login' | 'binding',
  requesterId: number,
  requesterBearer: string,
  origin: Omit<SignInOrigin, 'at'>,
  now = Date.now(),
) {
  // Undelivered outcomes never outlive their binding: a signed-in token must not wait in the table.
  await db.query('UPDATE telegram_bindings SET outcome = NULL WHERE outcome IS NOT NULL AND expires_at < $1', [
    new Date(now).toISOString(),
  ]);
  // 32 characters of [A-Za-z0-9_-]: fits Telegram's 64-character start parameter.
  const telegramBindingToken = randomBytes(24).toString('base64url');
  const eventEmitterId = randomUUID();
  await db.query(
    'INSERT INTO telegram_bindings (token, event_emitter_id, type, requester_id, expires_at, user_agent, source, requester_token_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [
      telegramBindingToken,
      eventEmitterId,
      type,
      requesterId,
      new Date(now + BINDING_TTL_MS).toISOString(),
      origin.userAgent,
      origin.source,
      bearerHash(requesterBearer),
    ],
  );
  return { eventEmitterId, telegramBindingToken };
}

export async function findBinding(db: Queryable, eventEmitterId: string) {
  const { rows } = await db.query<{ expires_at: Date | string; requester_token_hash: string | null }>(
    'SELECT expires_at, requester_token_hash FROM telegram_bindings WHERE event_emitter_id = $1',
    [eventEmitterId],
  );
  const row = rows[0];
  return row ? { expiresAt: new Date(row.expires_at).getTime(), requesterTokenHash: row.requester_token_hash } : null;
}

/**
 * Takes the outcome out of the table: the row is locked and re-checked, so of two streams (or two
 * instances) exactly one gets it, and afterwards nothing of it remains stored.
 */
export async function claimOutcome(db: Queryable, eventEmitterId: string): Promise<BindingOutcome | null> {
  const { rows } = await db.query<{ outcome: string }>(
    `WITH claimed AS (SELECT token, outcome FROM telegram_bindings WHERE event_emitter_id = $1 AND outcome IS NOT NULL FOR UPDATE)
     UPDATE telegram_bindings b SET outcome = NULL FROM claimed WHERE b.token = claimed.token RETURNING claimed.outcome`,
    [eventEmitterId],
  );
  return rows[0] ? (JSON.parse(rows[0].outcome) as BindingOutcome) : null;
}

export type BindingFailure = 'unknown' | 'used' | 'expired';
type PendingRow = {
  event_emitter_id: string;
  type: 'login' | 'binding';
  requester_id: number;
  user_agent: string | null;
  source: string | null;
  created_at: Date | string;
};

async function whyNot(db: Queryable, token: string, now: number): Promise<BindingFailure> {
  const { rows } = await db.query<{ expires_at: Date | string }>('SELECT expires_at FROM telegram_bindings WHERE token = $1', [token]);
  if (!rows[0]) return 'unknown';
  return new Date(rows[0].expires_at).getTime() < now ? 'expired' : 'used';
}

const originOf = (row: PendingRow): SignInOrigin => ({ userAgent: row.user_agent, source: row.source, at: new Date(row.created_at) });

export type PresentResult = { ok: true; type: 'login' | 'binding'; origin: SignInOrigin } | { ok: false; reason: BindingFailure };

/**
 * `/start <token>`: signs nobody in. It ties the binding to the Telegram user who opened the link
 * (another Telegram user opening the same link is refused) and returns what the bot must show
 * before that user confirms.
 */
export async function presentBinding(db: Queryable, token: string, telegramUserId: number, now = Date.now()): Promise<PresentResult> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return { ok: false, reason: 'unknown' };
  const { rows } = await db.query<PendingRow>(
    `UPDATE telegram_bindings SET telegram_user_id = $2
     WHERE token = $1 AND used_at IS NULL AND expires_at >= $3 AND (telegram_user_id IS NULL OR telegram_user_id = $2)
     RETURNING event_emitter_id, type, requester_id, user_agent, source, created_at`,
    [token, String(telegramUserId), new Date(now).toISOString()],
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: await whyNot(db, token, now) };
  return { ok: true, type: row.type, origin: originOf(row) };
}

export type DecideResult =
  | { ok: true; outcome: BindingOutcome; type: 'login' | 'binding'; origin: SignInOrigin; user: UserRow | null }
  | { ok: false; reason: BindingFailure };

/**
 * «Войти» or «Отклонить» pressed by the Telegram user who opened the link: single use (claimed
 * atomically). Only «Войти» signs in. The outcome is stored first, then announced, so a stream that
 * connects late still gets it — once.
 */
export async function decideBinding(
  db: Db,
  tokens: TokenService,
  token: string,
  telegram: InitDataUser,
  decision: 'confirm' | 'decline',
  now = Date.now(),
): Promise<DecideResult> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return { ok: false, reason: 'unknown' };
  const { rows } = await db.query<PendingRow>(
    `UPDATE telegram_bindings SET used_at = now()
     WHERE token = $1 AND used_at IS NULL AND expires_at >= $3 AND telegram_user_id = $2
     RETURNING event_emitter_id, type, requester_id, user_agent, source, created_at`,
    [token, String(telegram.id), new Date(now).toISOString()],
  );
  const binding = rows[0];
  if (!binding) return { ok: false, reason: await whyNot(db, token, now) };
  let outcome: BindingOutcome = { message: DECLINED_MESSAGE };
  let user: UserRow | null = null;
  if (decision === 'confirm') {
    try {
      const requester = await findUser(db, binding.requester_id);
      user = await signInWithTelegram(db, telegram, requester, binding.type);
      // Asked for from the Mini App: the token is a Mini App session's (Stars only, see isTelegramSession).
      const inTelegram = binding.source === 'TELEGRAM_MINI_APP';
      outcome = { status: 'ok', token: (await tokens.issue(user, Date.now(), { inTelegram })).token };
    } catch (error) {
      if (!(error instanceof IncorrectAuthError)) throw error;
      outcome = { message: INCORRECT_AUTH_MESSAGE };
    }
  }
  await db.query('UPDATE telegram_bindings SET outcome = $2 WHERE token = $1', [token, JSON.stringify(outcome)]);
  bindingEvents.emit(binding.event_emitter_id);
  // The stream may be held by another instance: it hears the id (never the outcome) and claims from the table.
  announce(db, 'binding', { id: binding.event_emitter_id });
  return { ok: true, outcome, type: binding.type, origin: originOf(binding), user };
}

/** «Это не я» and /logout: every token of the account issued so far is refused from now on. */
export async function revokeTelegramAccount(db: Queryable, telegramUserId: number): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    'UPDATE users SET token_version = token_version + 1 WHERE telegram_id = $1 RETURNING id',
    [String(telegramUserId)],
  );
  usersChanged(db, ...rows.map((row) => row.id));
  return rows.length > 0;
}
