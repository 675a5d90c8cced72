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
