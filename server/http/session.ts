import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../core/database';
import { unauthorized } from '../core/errors';
import type { TokenService } from '../auth/tokens';
import {
  findSessionRowId,
  findUserCached,
  forgetCachedUsers,
  materializeAnonymous,
  unsavedAnonymousUser,
  type UserRow,
} from '../auth/users';

/**
 * What an anonymous session may write. Sessions are free to issue, so the limits sit on writes: each session's own
 * pace, and how many new sessions one address may start writing (a ceiling for a script, far above a carrier's NAT).
 */
export interface AnonymousWriteLimits {
  /** Throws the 429 when this address has made too many new anonymous users lately. */
  newAnonymousUser(ip: string): Promise<void>;
  /** Throws the 429 when this anonymous user has written too much lately. */
  anonymousWrite(userId: number): Promise<void>;
}

/** Requests whose bearer token was issued inside Telegram (the Mini App's initData sign-in). */
const telegramSessions = new WeakSet<FastifyRequest>();

/**
 * Whether this request's session was started inside Telegram. Read from the signed token, never from a header the
 * client chooses: a token issued to the Mini App stays a Mini App token wherever it is sent from.
 */
export const isTelegramSession = (request: FastifyRequest): boolean => telegramSessions.has(request);

export interface Authenticator {
  /** The user behind the bearer token, null without one; 401 for a bad, expired or revoked token. */
  optionalUser(request: FastifyRequest): Promise<UserRow | null>;
  /** Like optionalUser, but 401 without a token too. */
  requireUser(request: FastifyRequest): Promise<UserRow>;
  /**
   * The caller about to write: an anonymous session's row is made now if it has none, and an anonymous caller's write
   * counts against its limits (429 when over).
   */
  forWrite(user: UserRow, request: FastifyRequest): Promise<UserRow>;
}

export function createAuthenticator(db: Queryable, tokens: TokenService, limits: AnonymousWriteLimits): Authenticator {
  async function optionalUser(request: FastifyRequest): Promise<UserRow | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('Unauthorized');
    const payload = await tokens.verify(match[1]!);
    if (!payload) throw unauthorized('Unauthorized');
    if (payload.tg) telegramSessions.add(request);
    if (payload.sid !== undefined) {
      const rowId = await findSessionRowId(db, payload.sid);
      if (rowId === null) return unsavedAnonymousUser(payload.id, payload.sid);
      return checkVersion(await findUserCached(db, rowId), payload.ver);
    }
    return checkVersion(await findUserCached(db, payload.id), payload.ver);
  }

  /** A session's row, made if needed; a row retired since (signed in elsewhere, merged) refuses like a revoked token. */
  async function saved(user: UserRow): Promise<UserRow> {
    if (user.unsavedSession === undefined) return user;
    const row = await materializeAnonymous(db, user.unsavedSession);
    if (row.tokenVersion !== user.tokenVersion) {
      // This instance may still hold the row as it was: the next request must see it retired too.
      forgetCachedUsers(db, [row.id]);
      throw unauthorized('Token was revoked');
    }
    return row;
  }

  return {
    optionalUser,
    async requireUser(request) {
      const user = await optionalUser(request);
      if (!user) throw unauthorized('Unauthorized');
      return user;
    },
    async forWrite(user, request) {
      if (!user.isAnonymous) return user;
      if (user.unsavedSession !== undefined) await limits.newAnonymousUser(request.ip);
      const row = await saved(user);
      await limits.anonymousWrite(row.id);
      return row;
    },
  };
}

function checkVersion(user: UserRow | null, version: number): UserRow {
  if (!user || user.tokenVersion !== version) throw unauthorized('Token was revoked');
  return user;
}
