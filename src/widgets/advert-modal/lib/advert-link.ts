import type { Advert } from '@/shared/api';
import { externalLinkTo, parseExternalTarget, type ExternalLinkState } from '@/shared/lib';

/** Where an advert's button leads, or null when there is nowhere to go. */
export type AdvertLink = { kind: 'own'; to: string } | { kind: 'external'; to: string; state: ExternalLinkState; host: string };

/** A path of ours ('/spb/apart/7'), not a protocol-relative address ('//host') that would leave the site. */
const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * Our own advert («Кварта») is the apartment's page; another source's is its site, reached only through EXTERNAL_LINK
 * (the warning page with the countdown). A link that is neither — a relative path from a feed, `javascript:` — is none.
 */
export function advertLink(advert: Pick<Advert, 'url'>, isOwn: boolean): AdvertLink | null {
  const { url } = advert;
  if (!url) return null;
  if (isOwn) return isOwnPath(url) ? { kind: 'own', to: url } : null;
  const target = parseExternalTarget(url);
  return target.ok ? { kind: 'external', ...externalLinkTo(target.url), host: new URL(target.url).hostname } : null;
}
