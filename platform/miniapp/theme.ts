import type { ExternalTheme, ThemeSource } from '../index';
import type { Bridge } from './bridge';
import { cleanPalette } from './launch-params';

const COLOUR = /^#[0-9a-f]{6}$/i;

/** Telegram's rule of thumb for a dark palette: the background's perceived brightness. */
function isDark(bg: string | undefined): boolean {
  if (!bg || !COLOUR.test(bg)) return false;
  const value = parseInt(bg.slice(1), 16);
  return 0.299 * (value >> 16) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255) < 128;
}

/** `--tg-theme-bg-color` and the rest, as src/app/styles.css reads them. */
function applyCssVars(palette: Record<string, string>): void {
  const style = document.documentElement.style;
  for (const [key, value] of Object.entries(palette)) style.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value);
}

/** Telegram dictates the colours and follows them live (the user switches night mode in Telegram). */
export function telegramThemeSource(initial: Record<string, string>, bridge: Bridge | null): ThemeSource & { bind(): void } {
  let palette = initial;
  const snapshot = (): ExternalTheme | null =>
    Object.keys(palette).length > 0 ? { scheme: isDark(palette.bg_color) ? 'dark' : 'light', params: { ...palette } } : null;
  const listeners = new Set<(theme: ExternalTheme) => void>();
  bridge?.on('theme_changed', (data) => {
    const next = cleanPalette((data as { theme_params?: unknown } | null)?.theme_params);
    if (Object.keys(next).length === 0) return;
    palette = next;
    applyCssVars(palette);
    const theme = snapshot();
    if (theme) for (const listener of listeners) listener(theme);
  });
  return {
    external: true,
    current: snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    bind: () => applyCssVars(palette),
  };
}
