import { mainButton, miniApp, secondaryButton } from '@tma.js/sdk-react';
import type { BottomButton, BottomButtonState, ChromeColors } from '../index';

/** A call into the SDK that must never stop the app: the client went away, or does not know the method. */
export function attempt(call: () => unknown): void {
  try {
    call();
  } catch {
    /* nothing to do: the app goes on without it */
  }
}

/** What the SDK's setParams takes for one of our states (a hidden or empty button is just hidden). */
export function bottomButtonParams(state: BottomButtonState) {
  const text = state.text.trim();
  if (!state.visible || text === '') return { isVisible: false };
  return { isVisible: true, isEnabled: state.enabled, isLoaderVisible: state.progress, text };
}

/**
 * Telegram's MainButton or SecondaryButton through the SDK: state out (only when it changed: the app may repeat a state
 * on every render), presses in. The secondary one stands to the main one's left («Отмена» left of «Сохранить»).
 */
export function sdkBottomButton(kind: 'main' | 'secondary'): BottomButton {
  let last = '';
  const listeners = new Set<() => void>();
  const button = kind === 'main' ? mainButton : secondaryButton;
  const pressed = () => [...listeners].forEach((listener) => listener());
  attempt(() => button.onClick(pressed));
  return {
    set(state) {
      const params = bottomButtonParams(state);
      const key = JSON.stringify(params);
      if (key === last) return;
      last = key;
      if (kind === 'secondary' && params.isVisible) attempt(() => secondaryButton.setParams({ ...params, position: 'left' }));
      else attempt(() => button.setParams(params));
    },
    onClick(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * Telegram's header and background colours. The header takes any colour since 6.9; before that only a palette key, so
 * an older client is told the key whose colour it is (or nothing, when the colour is not in its palette).
 */
export function chromeColorSetter(palette: () => Record<string, string>) {
  let last = '';
  return (colors: ChromeColors) => {
    const key = `${colors.header}/${colors.background}`;
    if (key === last) return;
    last = key;
    if (COLOUR.test(colors.background)) attempt(() => miniApp.setBgColor.ifAvailable(colors.background.toLowerCase()));
    if (!COLOUR.test(colors.header)) return;
    const header = colors.header.toLowerCase() as `#${string}`;
    if (miniApp.setHeaderColor.isAvailable() && miniApp.setHeaderColor.supports('rgb')) {
      attempt(() => miniApp.setHeaderColor(header));
      return;
    }
    const named = (['bg_color', 'secondary_bg_color'] as const).find((k) => palette()[k]?.toLowerCase() === header);
    if (named) attempt(() => miniApp.setHeaderColor.ifAvailable(named));
  };
}
