import { off, on, themeParams } from '@tma.js/sdk-react';
import type { ExternalTheme, ThemeSource } from '../index';

/** Telegram's palette as CSS colours keyed by snake_case name (bg_color, text_color, …). */
function snapshot(): ExternalTheme | null {
  try {
    const state = themeParams.state() as Record<string, string | undefined>;
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(state)) {
      if (typeof value === 'string') params[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = value;
    }
    return { scheme: themeParams.isDark() ? 'dark' : 'light', params };
  } catch {
    return null;
  }
}

/** Telegram dictates the colours and follows them live (the user switches night mode in Telegram). */
export function telegramThemeSource(): ThemeSource {
  return {
    external: true,
    current: snapshot,
    subscribe(listener) {
      // Telegram's own event; the SDK updates themeParams on it too, so read the palette a tick later.
      const handler = () =>
        setTimeout(() => {
          const next = snapshot();
          if (next) listener(next);
        }, 0);
      try {
        on('theme_changed', handler);
        return () => off('theme_changed', handler);
      } catch {
        return () => undefined;
      }
    },
  };
}
