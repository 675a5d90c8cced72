import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { and, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable, Transactional } from '../core/database';
import { announce } from '../infra/event-bus';
import { IncorrectAuthError, signInWithTelegram } from './accounts';
import type { SignInOrigin } from './sign-in-origin';
import type { InitDataUser } from './telegram-init-data';
import type { TokenService } from './tokens';
import { telegramBindings } from './schema';
import { findUser, revokeTokensOfTelegram, type UserRow } from './users';

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
  await db.orm
    .update(telegramBindings)
    .set({ outcome: null })
    .where(and(isNotNull(telegramBindings.outcome), lt(telegramBindings.expiresAt, new Date(now))));
  // 32 characters of [A-Za-z0-9_-]: fits Telegram's 64-character start parameter.
  const telegramBindingToken = randomBytes(24).toString('base64url');
  const eventEmitterId = randomUUID();
  await db.orm.insert(telegramBindings).values({
    token: telegramBindingToken,
    eventEmitterId,
    type,
    requesterId,
    expiresAt: new Date(now + BINDING_TTL_MS),
    userAgent: origin.userAgent,
    source: origin.source,
    requesterTokenHash: bearerHash(requesterBearer),
  });
  return { eventEmitterId, telegramBindingToken };
}

export async function findBinding(db: Queryable, eventEmitterId: string) {
  const rows = await db.orm
    .select({ expiresAt: telegramBindings.expiresAt, requesterTokenHash: telegramBindings.requesterTokenHash })
    .from(telegramBindings)
    .where(eq(telegramBindings.eventEmitterId, eventEmitterId));
  const row = rows[0];
  return row ? { expiresAt: row.expiresAt.getTime(), requesterTokenHash: row.requesterTokenHash } : null;
}

/**
 * Takes the outcome out of the table: the row is locked and re-checked, so of two streams (or two
 * instances) exactly one gets it, and afterwards nothing of it remains stored.
 */
export async function claimOutcome(db: Queryable, eventEmitterId: string): Promise<BindingOutcome | null> {
  const claimed = db.orm.$with('claimed').as(
    db.orm
      .select({ token: telegramBindings.token, outcome: telegramBindings.outcome })
      .from(telegramBindings)
      .where(and(eq(telegramBindings.eventEmitterId, eventEmitterId), isNotNull(telegramBindings.outcome)))
      .for('update'),
  );
  const rows = await db.orm
    .with(claimed)
    .update(telegramBindings)
    .set({ outcome: null })
    .from(claimed)
    .where(eq(telegramBindings.token, claimed.token))
    .returning({ outcome: claimed.outcome });
  const outcome = rows[0]?.outcome;
  return outcome ? (JSON.parse(outcome) as BindingOutcome) : null;
}

export type BindingFailure = 'unknown' | 'used' | 'expired';
/** What a claimed binding tells: who asked, for what, from where. */
const pendingColumns = {
  eventEmitterId: telegramBindings.eventEmitterId,
  type: telegramBindings.type,
  requesterId: telegramBindings.requesterId,
  userAgent: telegramBindings.userAgent,
  source: telegramBindings.source,
  createdAt: telegramBindings.createdAt,
};

/** A binding token as issued; anything else names no binding. */
const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;
/** The binding of this token while it can still be decided: not used, not expired. */
const pending = (token: string, now: number) => [
  eq(telegramBindings.token, token),
  isNull(telegramBindings.usedAt),
  gte(telegramBindings.expiresAt, new Date(now)),
];

async function whyNot(db: Queryable, token: string, now: number): Promise<BindingFailure> {
  const rows = await db.orm
    .select({ expiresAt: telegramBindings.expiresAt })
    .from(telegramBindings)
    .where(eq(telegramBindings.token, token));
  if (!rows[0]) return 'unknown';
  return rows[0].expiresAt.getTime() < now ? 'expired' : 'used';
}

const originOf = (row: { userAgent: string | null; source: string | null; createdAt: Date }): SignInOrigin => ({
  userAgent: row.userAgent,
  source: row.source,
  at: row.createdAt,
});

export type PresentResult = { ok: true; type: 'login' | 'binding'; origin: SignInOrigin } | { ok: false; reason: BindingFailure };

/**
 * `/start <token>`: signs nobody in. It ties the binding to the Telegram user who opened the link
 * (another Telegram user opening the same link is refused) and returns what the bot must show
 * before that user confirms.
 */
export async function presentBinding(db: Queryable, token: string, telegramUserId: number, now = Date.now()): Promise<PresentResult> {
  if (!TOKEN.test(token)) return { ok: false, reason: 'unknown' };
  const rows = await db.orm
    .update(telegramBindings)
    .set({ telegramUserId: String(telegramUserId) })
    .where(
      and(...pending(token, now), or(isNull(telegramBindings.telegramUserId), eq(telegramBindings.telegramUserId, String(telegramUserId)))),
    )
    .returning(pendingColumns);
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
  db: Transactional,
  tokens: TokenService,
  token: string,
  telegram: InitDataUser,
  decision: 'confirm' | 'decline',
  now = Date.now(),
): Promise<DecideResult> {
  if (!TOKEN.test(token)) return { ok: false, reason: 'unknown' };
  const rows = await db.orm
    .update(telegramBindings)
    .set({ usedAt: sql`now()` })
    .where(and(...pending(token, now), eq(telegramBindings.telegramUserId, String(telegram.id))))
    .returning(pendingColumns);
  const binding = rows[0];
  if (!binding) return { ok: false, reason: await whyNot(db, token, now) };
  let outcome: BindingOutcome = { message: DECLINED_MESSAGE };
  let user: UserRow | null = null;
  if (decision === 'confirm') {
    try {
      const requester = await findUser(db, binding.requesterId);
      user = await signInWithTelegram(db, telegram, requester, binding.type);
      // Asked for from the Mini App: the token is a Mini App session's (Stars only, see isTelegramSession).
      const inTelegram = binding.source === 'TELEGRAM_MINI_APP';
      outcome = { status: 'ok', token: (await tokens.issue(user, Date.now(), { inTelegram })).token };
    } catch (error) {
      if (!(error instanceof IncorrectAuthError)) throw error;
      outcome = { message: INCORRECT_AUTH_MESSAGE };
    }
  }
  await db.orm
    .update(telegramBindings)
    .set({ outcome: JSON.stringify(outcome) })
    .where(eq(telegramBindings.token, token));
  bindingEvents.emit(binding.eventEmitterId);
  // The stream may be held by another instance: it hears the id (never the outcome) and claims from the table.
  announce(db, 'binding', { id: binding.eventEmitterId });
  return { ok: true, outcome, type: binding.type, origin: originOf(binding), user };
}

/** «Это не я» and /logout: every token of the account issued so far is refused from now on. */
export function revokeTelegramAccount(db: Queryable, telegramUserId: number): Promise<boolean> {
  return revokeTokensOfTelegram(db, telegramUserId);
}
