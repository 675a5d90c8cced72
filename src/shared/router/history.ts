import { parsePath } from './path';

/** Where the app is, relative to its base (the Mini App's `/tma` is not part of `pathname`). */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry carried (`navigate(to, { state })`). */
  state: unknown;
  /** Unique per history entry: a new navigation to the same path is still a new location. */
  key: string;
}

/** What the app needs of the browser's history; a memory one serves server rendering and tests. */
export interface RouterHistory {
  location(): AppLocation;
  push(to: string, state?: unknown): AppLocation;
  replace(to: string, state?: unknown): AppLocation;
  go(delta: number): void;
  /** The entry's position since the app opened: 0 means "back" would leave the app. */
  index(): number;
  /** Calls back when the user moves through history (back/forward), not on push/replace. */
  listen(listener: (location: AppLocation) => void): () => void;
  /** The href of an in-app path, with the base. */
  href(to: string): string;
}

/** Kept in `history.state`, as other routers do, so that a reload keeps the entry's key, index and state. */
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function isEntryState(value: unknown): value is EntryState {
  return typeof value === 'object' && value !== null && 'key' in value && 'idx' in value;
}

function normalizeBase(basename: string): string {
  const trimmed = basename.replace(/\/+$/, '');
  return trimmed === '' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The browser's own history under `basename` ('/' on the website, '/tma' in the Mini App). */
export function createBrowserHistory(basename = '/'): RouterHistory {
  const base = normalizeBase(basename);
  const read = (): AppLocation => {
    const { pathname, search, hash } = window.location;
    const inApp = base && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
    const entry = window.history.state as unknown;
    return isEntryState(entry)
      ? { pathname: inApp, search, hash, state: entry.usr, key: entry.key }
      : { pathname: inApp, search, hash, state: null, key: 'default' };
  };
  const index = () => {
    const entry = window.history.state as unknown;
    return isEntryState(entry) ? entry.idx : 0;
  };
  // The first entry gets its index now, so "back" from a later page is known to stay in the app.
  if (!isEntryState(window.history.state)) {
    window.history.replaceState({ usr: null, key: 'default', idx: 0 } satisfies EntryState, '');
  }
  const href = (to: string) => `${base}${to.startsWith('/') ? to : `/${to}`}`;
  const write = (method: 'pushState' | 'replaceState', to: string, state: unknown, idx: number) => {
    const entry: EntryState = { usr: state ?? null, key: newKey(), idx };
    window.history[method](entry, '', href(to));
    return read();
  };
  return {
    location: read,
    push: (to, state) => write('pushState', to, state, index() + 1),
    replace: (to, state) => write('replaceState', to, state, index()),
    go: (delta) => window.history.go(delta),
    index,
    listen(listener) {
      const onPop = () => listener(read());
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    },
    href,
  };
}

/** History in memory: server rendering (one fixed entry) and component tests. */
export function createMemoryHistory(initial = '/'): RouterHistory {
  const entry = (to: string, state: unknown): AppLocation => ({ ...parsePath(to), state: state ?? null, key: newKey() });
  const entries: AppLocation[] = [{ ...entry(initial, null), key: 'default' }];
  let at = 0;
  const listeners = new Set<(location: AppLocation) => void>();
  return {
    location: () => entries[at]!,
    push(to, state) {
      entries.splice(at + 1, entries.length, entry(to, state));
      at += 1;
      return entries[at]!;
    },
    replace(to, state) {
      entries[at] = entry(to, state);
      return entries[at]!;
    },
    go(delta) {
      const next = Math.min(Math.max(at + delta, 0), entries.length - 1);
      if (next === at) return;
      at = next;
      for (const listener of listeners) listener(entries[at]!);
    },
    index: () => at,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    href: (to) => to,
  };
}
