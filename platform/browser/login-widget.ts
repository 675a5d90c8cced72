/**
 * Spec §4 "Sign-in from URL": when the query has id, auth_date and hash (the Login Widget callback), the parameters
 * from 'id' onward are the login payload; those before are kept, and the address becomes the URL without the login
 * parameters (path, other query parameters and hash kept). The server checks the fields and their signature.
 */
export function loginFromUrl(url: URL): { fields: Record<string, string>; cleanUrl: string } | null {
  const params = [...url.searchParams.entries()];
  const keys = new Set(params.map(([k]) => k));
  if (!keys.has('id') || !keys.has('auth_date') || !keys.has('hash')) return null;
  const start = params.findIndex(([k]) => k === 'id');
  const kept = new URLSearchParams(params.slice(0, start));
  const query = kept.toString();
  return { fields: Object.fromEntries(params.slice(start)), cleanUrl: `${url.pathname}${query ? `?${query}` : ''}${url.hash}` };
}

/** The Login Widget's callback in this page's address, taken out of it (the address is rewritten without it). */
export function takeLoginCallback(win: Pick<Window, 'location' | 'history'> = window): Record<string, string> | null {
  const login = loginFromUrl(new URL(win.location.href));
  if (!login) return null;
  win.history.replaceState(win.history.state, '', login.cleanUrl);
  return login.fields;
}
