/**
 * Telegram's launch parameters: the Mini App's URL hash as Telegram opens it (`#tgWebAppData=…&tgWebAppVersion=…`).
 * A navigation inside the app drops the hash, so the first one is kept for the tab (a reload then still finds it).
 */
export interface LaunchParams {
  /** The raw initData query string, verified by the server. */
  initData: string | null;
  version: string;
  platform: string;
  /** Telegram's palette, snake_case keys (bg_color, text_color, …), colours as `#rrggbb`. */
  themeParams: Record<string, string>;
  startParam: string | null;
}

const STORAGE_KEY = 'kvarta_tg_launch_params';
const COLOUR = /^#[0-9a-f]{6}$/i;
const THEME_KEY = /^[a-z_]{1,40}$/;

/** Keeps only `#rrggbb` colours under plain names: the palette ends up in CSS variables. */
export function cleanPalette(raw: unknown): Record<string, string> {
  const palette: Record<string, string> = {};
  if (typeof raw !== 'object' || raw === null) return palette;
  for (const [key, value] of Object.entries(raw))
    if (THEME_KEY.test(key) && typeof value === 'string' && COLOUR.test(value)) palette[key] = value;
  return palette;
}

function parseTheme(raw: string | null): Record<string, string> {
  if (!raw) return {};
  try {
    return cleanPalette(JSON.parse(raw));
  } catch {
    return {};
  }
}

/** The parameters in a hash string, or null when it holds none of Telegram's. */
export function parseLaunchParams(hash: string): LaunchParams | null {
  const query = new URLSearchParams(hash.replace(/^#/, ''));
  const version = query.get('tgWebAppVersion');
  const platform = query.get('tgWebAppPlatform');
  if (!version || !platform) return null;
  return {
    initData: query.get('tgWebAppData') || null,
    version,
    platform,
    themeParams: parseTheme(query.get('tgWebAppThemeParams')),
    startParam: query.get('tgWebAppStartParam') || null,
  };
}

function readStored(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

const START_PARAM = /^[\w-]{1,512}$/;

/**
 * A Web App button (the bot's «Открыть», /settings) opens its URL as it is: the start parameter then comes as the
 * page's own `?startapp=` rather than Telegram's `tgWebAppStartParam` (which only direct links fill in).
 */
function withQueryStartParam(params: LaunchParams, search: string | undefined): LaunchParams {
  if (params.startParam || !search) return params;
  const startapp = new URLSearchParams(search).get('startapp');
  return startapp && START_PARAM.test(startapp) ? { ...params, startParam: startapp } : params;
}

/** From the hash, else from the tab's copy; the hash's are kept for the tab. */
export function retrieveLaunchParams(
  location: Pick<Location, 'hash'> & Partial<Pick<Location, 'search'>> = window.location,
): LaunchParams | null {
  const fromHash = parseLaunchParams(location.hash);
  if (fromHash) {
    try {
      sessionStorage.setItem(STORAGE_KEY, location.hash.replace(/^#/, ''));
    } catch {
      /* storage off: this load still has the hash */
    }
    return withQueryStartParam(fromHash, location.search);
  }
  const stored = readStored();
  return stored ? parseLaunchParams(stored) : null;
}

/** `6.10` ≥ `6.9`: Bot API versions compare part by part, as numbers. */
export function versionAtLeast(version: string, wanted: string): boolean {
  const have = version.split('.').map(Number);
  const want = wanted.split('.').map(Number);
  for (let i = 0; i < Math.max(have.length, want.length); i += 1) {
    const a = have[i] ?? 0;
    const b = want[i] ?? 0;
    if (Number.isNaN(a)) return false;
    if (a !== b) return a > b;
  }
  return true;
}
