const PAST = 'Thu, 01 Jan 1970 00:00:00 GMT';

/**
 * Expires every cookie of this page whose name matches: a script sets its identifiers on the host or on a parent
 * domain (`.example.ru`), so each is expired on every level the page may write.
 */
export function forgetCookies(names: RegExp): void {
  const parts = location.hostname.split('.');
  const domains = ['', ...parts.slice(0, -1).map((_, i) => `; Domain=.${parts.slice(i).join('.')}`)];
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]!.trim();
    if (!name || !names.test(name)) continue;
    for (const domain of domains) document.cookie = `${name}=; Path=/; Expires=${PAST}${domain}`;
  }
}
