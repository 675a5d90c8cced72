/** Local storage keys of spec §3 (note the spec's own spelling of analylicsFilters). */
export const STORAGE_KEYS = {
  SIMILAR_SORT: 'similarSort',
  LIRA_SORT: 'agentSort',
  LIRA_SHOW_SOLD: 'agentShowSold',
  ANALYTICS_FILTERS: 'analylicsFilters',
  APP_THEME: 'appTheme',
  IS_ANONYMOUS: 'isAnonymous',
  CURRENT_CITY: 'currentCity',
  SELECTION_VIEW_MODE: 'selectionViewMode',
  USER_MODIFIED_PRICE: 'userModifiedPrice',
  /** Compare: the ids of the apartments put side by side, in the order added. */
  COMPARE_IDS: 'compareApartments',
  /** The analytics consent decided on this device: {given, version, decidedAt} (the server keeps it for the account). */
  ANALYTICS_CONSENT: 'analyticsConsent',
} as const;

/** Reads never throw (private mode, disabled storage): the app falls back to defaults. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Не удалось сохранить ${key} в localStorage`, error);
  }
}

export function readJson<T>(key: string, fallback: T): T {
  const raw = readStorage(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** Calls back when another tab changes `key`; returns an unsubscribe function. */
export function onStorageChange(key: string, listener: (value: string | null) => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === key) listener(event.newValue);
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
