import { isColorDark, themeParams } from '@tma.js/sdk-react';
import type { ExternalTheme, ThemeSource } from '../index';

const COLOUR = /^#[0-9a-f]{6}$/i;

/** Telegram's palette as `#rrggbb` colours under their snake_case names (what the CSS variables are named after). */
export function palette(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(themeParams.state()))
    if (typeof value === 'string' && COLOUR.test(value)) out[key] = value.toLowerCase();
  return out;
}

/**
 * Telegram dictates the colours and follows them live (the user switches night mode in Telegram): the SDK's theme
 * parameters, mounted and bound to `--tg-theme-*` by init(), are read and watched here.
 */
export function sdkThemeSource(): ThemeSource {
  const snapshot = (): ExternalTheme | null => {
    const params = palette();
    // From the palette itself (the SDK's rule of thumb): a listener of the state runs before its derived isDark updates.
    const dark = params.bg_color !== undefined && isColorDark(params.bg_color);
    return Object.keys(params).length > 0 ? { scheme: dark ? 'dark' : 'light', params } : null;
  };
  return {
    external: true,
    current: snapshot,
    subscribe(listener) {
      const changed = () => {
        const theme = snapshot();
        if (theme) listener(theme);
      };
      return themeParams.state.sub(changed);
    },
  };
}
