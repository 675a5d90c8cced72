import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { TokenPayload, TokenResponse } from '@kvarta/contract';

export const TOKEN_TTL_SECONDS = 30 * 24 * 3600;
const ALGORITHM = 'HS256';

export interface VerifiedToken extends TokenPayload {
  /** The user's token version when it was issued; a later bump revokes it. */
  ver: number;
}

export class TokenService {
  constructor(private readonly secret: Uint8Array) {
    if (secret.length < 32) throw new Error('Секрет JWT должен быть не короче 32 байт');
  }

  async issue(user: { id: number; isAnonymous: boolean; tokenVersion: number }, now = Date.now()): Promise<TokenResponse> {
    const exp = Math.floor(now / 1000) + TOKEN_TTL_SECONDS;
    const token = await new SignJWT({ id: user.id, isAnonymous: user.isAnonymous, ver: user.tokenVersion })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(exp)
      .sign(this.secret);
    return { token, expires: exp, isAnonymous: user.isAnonymous };
  }

  /** The payload of a valid token, or null (bad signature, other algorithm, expired, malformed). */
  async verify(token: string): Promise<VerifiedToken | null> {
    try {
      // Pinning the algorithm rejects `alg: none` and any key-confusion trick.
      const { payload } = await jwtVerify(token, this.secret, { algorithms: [ALGORITHM] });
      const { id, exp, isAnonymous, ver } = payload as Record<string, unknown>;
      if (!Number.isInteger(id) || !Number.isInteger(exp) || typeof isAnonymous !== 'boolean') return null;
      return { id: id as number, exp: exp as number, isAnonymous, ver: Number.isInteger(ver) ? (ver as number) : 0 };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
