import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../catalog/store';
import { unauthorized } from '../http/errors';
import type { TokenService } from './tokens';
import type { UserRow } from './users';
import { findUserCached } from './user-cache';

export interface Authenticator {
  /** The user behind the bearer token, null without one; 401 for a bad, expired or revoked token. */
  optionalUser(request: FastifyRequest): Promise<UserRow | null>;
  /** Like optionalUser, but 401 without a token too. */
  requireUser(request: FastifyRequest): Promise<UserRow>;
}

export function createAuthenticator(db: Queryable, tokens: TokenService): Authenticator {
  async function optionalUser(request: FastifyRequest): Promise<UserRow | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('Unauthorized');
    const payload = await tokens.verify(match[1]!);
    if (!payload) throw unauthorized('Unauthorized');
    const user = await findUserCached(db, payload.id);
    if (!user || user.tokenVersion !== payload.ver) throw unauthorized('Token was revoked');
    return user;
  }
  return {
    optionalUser,
    async requireUser(request) {
      const user = await optionalUser(request);
      if (!user) throw unauthorized('Unauthorized');
      return user;
    },
  };
}
