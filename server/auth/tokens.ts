import { randomBytes, randomInt } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { TokenPayload, TokenResponse } from '@kvarta/contract';

export const TOKEN_TTL_SECONDS = 30 * 24 * 3600;
const ALGORITHM = 'HS256';

/** An anonymous session's key: 128 random bits, base64url. */
const SESSION_KEY = /^[A-Za-z0-9_-]{22}$/;
/** The smallest int4: a placeholder id stays a valid `user_id` parameter, matching no row (real ids are positive). */
const MIN_PLACEHOLDER_ID = -2_147_483_647;

export interface VerifiedToken extends TokenPayload {
  /** The user's token version when it was issued; a later bump revokes it. */
  ver: number;
  /**
   * An anonymous session issued without a row: its key. `id` is then a negative placeholder the client may show or
   * key its caches by; the row, made on the session's first write, is found by this key.
   */
  sid?: string;
  /** Issued to the Mini App from Telegram's signed initData: inside Telegram, digital goods are sold for Stars only. */
  tg?: true;
}

export class TokenService {
  constructor(private readonly secret: Uint8Array) {
    if (secret.length < 32) throw new Error('Секрет JWT должен быть не короче 32 байт');
  }

  /** `inTelegram`: the session was started by the Mini App's initData, and the token says so for its whole life. */
  async issue(
    user: { id: number; isAnonymous: boolean; tokenVersion: number },
    now = Date.now(),
    options: { inTelegram?: boolean } = {},
  ): Promise<TokenResponse> {
    const claims: Record<string, unknown> = { id: user.id, isAnonymous: user.isAnonymous, ver: user.tokenVersion };
    if (options.inTelegram) claims.tg = true;
    return this.sign(claims, now);
  }

  /**
   * A new anonymous session: a signature and nothing stored, so issuing one costs no row and needs no per-address cap.
   * The client reads `id` as a number (it keys its caches by it): a negative placeholder, never a real user's id.
   */
  async issueAnonymous(now = Date.now()): Promise<TokenResponse> {
    const sid = randomBytes(16).toString('base64url');
    return this.sign({ id: randomInt(MIN_PLACEHOLDER_ID, 0), isAnonymous: true, ver: 0, sid }, now);
  }

  private async sign(claims: Record<string, unknown>, now: number): Promise<TokenResponse> {
    const exp = Math.floor(now / 1000) + TOKEN_TTL_SECONDS;
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(exp)
      .sign(this.secret);
    return { token, expires: exp, isAnonymous: claims.isAnonymous === true };
  }

  /** The payload of a valid token, or null (bad signature, other algorithm, expired, malformed). */
  async verify(token: string): Promise<VerifiedToken | null> {
    try {
      // Pinning the algorithm rejects `alg: none` and any key-confusion trick.
      const { payload } = await jwtVerify(token, this.secret, { algorithms: [ALGORITHM] });
      const { id, exp, isAnonymous, ver, sid, tg } = payload as Record<string, unknown>;
      if (!Number.isInteger(id) || !Number.isInteger(exp) || typeof isAnonymous !== 'boolean') return null;
      const verified: VerifiedToken = {
        id: id as number,
        exp: exp as number,
        isAnonymous,
        ver: Number.isInteger(ver) ? (ver as number) : 0,
      };
      if (tg === true) verified.tg = true;
      if (sid === undefined) return (id as number) > 0 ? verified : null;
      // A session key only ever comes with an anonymous placeholder id and the first version.
      if (typeof sid !== 'string' || !SESSION_KEY.test(sid) || !isAnonymous || (id as number) >= 0 || verified.ver !== 0) return null;
      return { ...verified, sid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
