/**
 * The absolute origin of links in tags, the sitemap and robots.txt. PUBLIC_URL when configured: the Host
 * header is the client's to write, and a page that printed it into og:url or a canonical link could be
 * cached with an attacker's domain in it. Without PUBLIC_URL (development) the request's own Host is
 * used, but only when it is a plain host[:port]; anything else gives no origin and the absolute tags are left out.
 */
export type OriginResolver = (request: { host: string | undefined; protocol: string }) => string | null;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9a-f:.]{2,45}\\])(?::(\\d{1,5}))?$`, 'i');

/** `Host` (or the forwarded host a trusted proxy set) as a safe origin part, or null. */
export function validHost(host: string | undefined): string | null {
  if (!host || host.length > 260) return null;
  const match = HOST.exec(host);
  if (!match) return null;
  if (match[1] !== undefined && Number(match[1]) > 65_535) return null;
  return host.toLowerCase();
}

/** PUBLIC_URL's origin (scheme, host and port; a path in it is not where the site's root is served). */
export function publicOrigin(publicUrl: string): string {
  return new URL(publicUrl).origin;
}

export function createOriginResolver(publicUrl: string | undefined): OriginResolver {
  if (publicUrl) {
    const fixed = publicOrigin(publicUrl);
    return () => fixed;
  }
  return ({ host, protocol }) => {
    const safe = validHost(host);
    if (!safe) return null;
    return `${protocol === 'https' ? 'https' : 'http'}://${safe}`;
  };
}
