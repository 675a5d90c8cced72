/** Reads a JWT's payload without verifying it (the server verifies; the client only needs exp/isAnonymous). */
export function decodeTokenPayload(token: string): { id: number; exp: number; isAnonymous: boolean } | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const payload = JSON.parse(json) as Record<string, unknown>;
    if (typeof payload.exp !== 'number' || typeof payload.id !== 'number') return null;
    return { id: payload.id, exp: payload.exp, isAnonymous: payload.isAnonymous === true };
  } catch {
    return null;
  }
}

/** A stored token is reused only while its exp is in the future (spec §4 Session). */
export function isTokenFresh(token: string | null, nowMs = Date.now()): boolean {
  if (!token) return false;
  const payload = decodeTokenPayload(token);
  return payload !== null && payload.exp * 1000 > nowMs;
}
