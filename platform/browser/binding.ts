import type { BindingLinks } from '../index';

/** Spec §4 "Auth modal flow" step 4: the web version opens after 10 s where the native app may be missing. */
export const WEB_FALLBACK_MS = 10_000;

/**
 * Opens the bot's deep link in a new tab and, unless stopped first (the sign-in finished, the modal closed), its web
 * version after WEB_FALLBACK_MS. The timer lives in the returned stop, one per binding: nothing shared between two.
 */
export function openBinding(links: BindingLinks, open: (url: string) => void): () => void {
  open(links.deepLink);
  if (links.webFallbackLink === links.deepLink) return () => undefined;
  const timer = setTimeout(() => window.open(links.webFallbackLink, '_blank', 'noopener'), WEB_FALLBACK_MS);
  return () => clearTimeout(timer);
}
