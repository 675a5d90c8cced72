/** A route pattern such as `/:cityLink/apart/:apartId`, `/` or `*` (anything). */
export interface CompiledPath {
  pattern: string;
  match(pathname: string): Record<string, string> | null;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    // A malformed escape stays as typed: the page then finds nothing by it and answers NOT_FOUND.
    return part;
  }
}

/** Compiles a pattern once; a trailing slash in the pathname is tolerated, as the server's own matcher does. */
export function compilePath(pattern: string): CompiledPath {
  if (pattern === '*') return { pattern, match: () => ({}) };
  const parts = pattern.split('/').filter(Boolean);
  return {
    pattern,
    match(pathname) {
      const actual = pathname.split('/').filter(Boolean);
      if (actual.length !== parts.length) return null;
      const params: Record<string, string> = {};
      for (let i = 0; i < parts.length; i += 1) {
        const expected = parts[i]!;
        const value = actual[i]!;
        if (expected.startsWith(':')) params[expected.slice(1)] = decode(value);
        else if (expected !== value) return null;
      }
      return params;
    },
  };
}

/** Splits `/path?query#hash` into its parts (each of search and hash with its leading sign, or empty). */
export function parsePath(to: string): { pathname: string; search: string; hash: string } {
  let rest = to;
  let hash = '';
  let search = '';
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  return { pathname: rest || '/', search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

/** A link that leaves the app: another origin or scheme (`https://…`, `mailto:`, `//host`). */
export function isExternalHref(to: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(to);
}
