import { themeParams } from '@tma.js/sdk-react';
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
      try {
        return themeParams.state.sub(() => {
          const next = snapshot();
          if (next) listener(next);
        });
      } catch {
        return () => undefined;
      }
    },
  };
}
