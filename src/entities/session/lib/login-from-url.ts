import type { Endpoints } from '@/shared/api';

/** The Login Widget's fields as the URL carries them (strings); the server checks them and the signature. */
export type LoginWidgetFields = Endpoints['loginTelegram']['body'];

/**
 * Spec §4 "Sign-in from URL": when the query has id, auth_date and hash (the Login Widget callback),
 * the parameters from 'id' onward are the login payload; those before are kept, and the URL is
 * rewritten without the login parameters (path, other query parameters and hash kept).
 */
export function loginFromUrl(url: URL): { payload: LoginWidgetFields; cleanUrl: string } | null {
  const params = [...url.searchParams.entries()];
  const keys = new Set(params.map(([k]) => k));
  if (!keys.has('id') || !keys.has('auth_date') || !keys.has('hash')) return null;
  const start = params.findIndex(([k]) => k === 'id');
  const kept = new URLSearchParams(params.slice(0, start));
  const query = kept.toString();
  return {
    // id, auth_date and hash are present (checked above); everything else is the server's to judge.
    payload: Object.fromEntries(params.slice(start)) as LoginWidgetFields,
    cleanUrl: `${url.pathname}${query ? `?${query}` : ''}${url.hash}`,
  };
}
