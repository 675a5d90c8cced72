import type { BottomButton, BottomButtonState, ChromeColors } from '../index';
import type { Bridge } from './bridge';

export type Send = (method: string, data?: Record<string, unknown>) => void;

/**
 * Sends a method only when its payload differs from the last one sent: the app may repeat a state on every render
 * (or on every touch, for swipes), Telegram needs to hear it once.
 */
export function sendOnChange(send: Send): Send {
  const last = new Map<string, string>();
  return (method, data) => {
    const payload = JSON.stringify(data ?? {});
    if (last.get(method) === payload) return;
    last.set(method, payload);
    send(method, data);
  };
}

const BUTTONS = {
  main: { method: 'web_app_setup_main_button', pressed: 'main_button_pressed' },
  secondary: { method: 'web_app_setup_secondary_button', pressed: 'secondary_button_pressed' },
} as const;

/** What web_app_setup_main_button / web_app_setup_secondary_button take for a state (a hidden button needs nothing else). */
export function bottomButtonPayload(kind: 'main' | 'secondary', state: BottomButtonState): Record<string, unknown> {
  const text = state.text.trim();
  if (!state.visible || text === '') return { is_visible: false };
  const payload: Record<string, unknown> = {
    is_visible: true,
    is_active: state.enabled,
    is_progress_visible: state.progress,
    text,
  };
  // Beside the main button, to its left (it applies only when both are shown): «Отмена» left of «Сохранить».
  if (kind === 'secondary') payload.position = 'left';
  return payload;
}

/** Telegram's MainButton or SecondaryButton over the bridge: state out, presses in. */
export function telegramBottomButton(kind: 'main' | 'secondary', bridge: Bridge, send: Send): BottomButton {
  const { method, pressed } = BUTTONS[kind];
  const listeners = new Set<() => void>();
  bridge.on(pressed, () => [...listeners].forEach((listener) => listener()));
  return {
    set: (state) => send(method, bottomButtonPayload(kind, state)),
    onClick(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * web_app_set_header_color takes any colour since 6.9; before that only a palette key, so an older client is told the
 * key whose colour it is (or nothing, when the colour is not in its palette).
 */
export function chromeColorSetter(send: Send, palette: () => Record<string, string>, anyHeaderColour: boolean) {
  return (colors: ChromeColors) => {
    if (COLOUR.test(colors.background)) send('web_app_set_background_color', { color: colors.background.toLowerCase() });
    if (!COLOUR.test(colors.header)) return;
    const header = colors.header.toLowerCase();
    if (anyHeaderColour) {
      send('web_app_set_header_color', { color: header });
      return;
    }
    const key = (['bg_color', 'secondary_bg_color'] as const).find((k) => palette()[k]?.toLowerCase() === header);
    if (key) send('web_app_set_header_color', { color_key: key });
  };
}
