import { randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Queryable } from '../catalog/store';
import { IncorrectAuthError, signInWithTelegram } from './accounts';
import type { InitDataUser } from './telegram-init-data';
import type { TokenService } from './tokens';
import { findUser } from './users';

export const BINDING_TTL_MS = 10 * 60_000;

/** The final message of a binding stream (spec §7 "Binding events"). */
export type BindingOutcome = { status: 'ok'; token?: string } | { message: string };

export const INCORRECT_AUTH_MESSAGE = 'Incorrect Auth';

/** Outcomes reach waiting streams in this process at once; a late stream reads them from the database. */
export const bindingEvents = new EventEmitter();
bindingEvents.setMaxListeners(0);

type Db = Queryable & { transaction<T>(w: (tx: Queryable) => Promise<T>): Promise<T> };

export async function createBinding(db: Queryable, type: 'login' | 'binding', requesterId: number, now = Date.now()) {
  // 32 characters of [A-Za-z0-9_-]: fits Telegram's 64-character start parameter.
  const telegramBindingToken = randomBytes(24).toString('base64url');
  const eventEmitterId = randomUUID();
  await db.query(
    'INSERT INTO telegram_bindings (token, event_emitter_id, type, requester_id, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [telegramBindingToken, eventEmitterId, type, requesterId, new Date(now + BINDING_TTL_MS).toISOString()],
  );
  return { eventEmitterId, telegramBindingToken };
}

export async function findBinding(db: Queryable, eventEmitterId: string) {
  const { rows } = await db.query<{ outcome: string | null; expires_at: Date | string }>(
    'SELECT outcome, expires_at FROM telegram_bindings WHERE event_emitter_id = $1',
    [eventEmitterId],
  );
  const row = rows[0];
  return row ? { outcome: row.outcome ? (JSON.parse(row.outcome) as BindingOutcome) : null, expiresAt: new Date(row.expires_at).getTime() } : null;
}

export type ResolveResult = { ok: true; outcome: BindingOutcome; type: 'login' | 'binding' } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * `/start <token>` from the bot (or the offline stand-in): single use, 10 minutes. The outcome is
 * stored first, then announced, so a stream that connects late still gets it.
 */
export async function resolveBinding(db: Db, tokens: TokenService, token: string, telegram: InitDataUser, now = Date.now()): Promise<ResolveResult> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return { ok: false, reason: 'unknown' };
  const { rows } = await db.query<{ event_emitter_id: string; type: 'login' | 'binding'; requester_id: number; expires_at: Date | string; used_at: unknown }>(
    'SELECT event_emitter_id, type, requester_id, expires_at, used_at FROM telegram_bindings WHERE token = $1',
    [token],
  );
  const binding = rows[0];
  if (!binding) return { ok: false, reason: 'unknown' };
  if (binding.used_at) return { ok: false, reason: 'used' };
  if (new Date(binding.expires_at).getTime() < now) return { ok: false, reason: 'expired' };
  // Claim it atomically: a replay racing this one finds used_at set.
  const claimed = await db.query('UPDATE telegram_bindings SET used_at = now() WHERE token = $1 AND used_at IS NULL RETURNING token', [token]);
  if (claimed.rows.length === 0) return { ok: false, reason: 'used' };
  let outcome: BindingOutcome;
  try {
    const requester = await findUser(db, binding.requester_id);
    const user = await signInWithTelegram(db, telegram, requester, binding.type);
    const issued = await tokens.issue(user);
    outcome = { status: 'ok', token: issued.token };
  } catch (error) {
    if (!(error instanceof IncorrectAuthError)) throw error;
    outcome = { message: INCORRECT_AUTH_MESSAGE };
  }
  await db.query('UPDATE telegram_bindings SET outcome = $2 WHERE token = $1', [token, JSON.stringify(outcome)]);
  bindingEvents.emit(binding.event_emitter_id, outcome);
  return { ok: true, outcome, type: binding.type };
}
