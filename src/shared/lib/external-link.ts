import { ROUTES } from '@kvarta/contract/routes';

export type ExternalTarget = { ok: true; url: string } | { ok: false; reason: 'empty' | 'invalid' | 'unsafe' };

/**
 * The EXTERNAL_LINK target from the URL hash. Only absolute http(s) URLs are followed:
 * `javascript:`, `data:`, relative paths and garbage are refused.
 */
export function parseExternalTarget(hash: string): ExternalTarget {
  let raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw.trim()) return { ok: false, reason: 'empty' };
  try {
    raw = decodeURIComponent(raw);
  } catch {
    /* keep the raw text: URL parsing decides */
  }
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'unsafe' };
  if (!url.hostname) return { ok: false, reason: 'invalid' };
  return { ok: true, url: url.toString() };
}

/**
 * Where a link to another site goes: through EXTERNAL_LINK, the target in the hash (never sent to our server, read
 * back by parseExternalTarget). Nothing of ours ever links straight outside.
 */
export function externalLinkPath(url: string): string {
  return `${ROUTES.EXTERNAL_LINK}#${encodeURIComponent(url)}`;
}

/** What our own link leaves in its history entry: the target it was made for. */
export interface ExternalLinkState {
  externalTarget: string;
}

/**
 * Our own link to another site: the path, and the history state that vouches for its target. Only a page of ours
 * sets an entry's state (another site linking to `/external-link#…` cannot), so EXTERNAL_LINK goes on by itself only
 * to what our pages linked to — the sites our sources and sellers name, whatever their hosts — and asks otherwise.
 * `url` is parseExternalTarget's (normalised) URL, as the page reads it back.
 */
export function externalLinkTo(url: string): { to: string; state: ExternalLinkState } {
  return { to: externalLinkPath(url), state: { externalTarget: url } };
}

/** Whether the history entry's state is our own link's voucher for exactly this target. */
export function linkedByUs(state: unknown, url: string): boolean {
  return typeof state === 'object' && state !== null && 'externalTarget' in state && state.externalTarget === url;
}
