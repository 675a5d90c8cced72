import type { TokenStorage } from '../index';

export const TOKEN_COOKIE = 'kvarta_token';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The website keeps the session token in the `kvarta_token` cookie (spec §3 Session). */
export function cookieTokenStorage(): TokenStorage {
  return {
    get: () => readCookie(TOKEN_COOKIE),
    set(token, expiresAt) {
      const secure = location.protocol === 'https:' ? '; Secure' : '';
      const expires = expiresAt ? `; Expires=${new Date(expiresAt * 1000).toUTCString()}` : '';
      document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; SameSite=Lax${expires}${secure}`;
    },
    clear() {
      document.cookie = `${TOKEN_COOKIE}=; Path=/; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    },
  };
}
