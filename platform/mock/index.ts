import type { AuthBootstrap, BottomButton, BottomButtonState, ExternalTheme, Platform } from '../index';

export interface MockPlatform extends Platform {
  /** Every call the app made, in order, e.g. ['backButton.show', 'haptics.impact:light']. */
  readonly calls: string[];
  /** Simulates a Telegram theme change. */
  emitTheme(theme: ExternalTheme): void;
  /** Simulates a press of the native back button. */
  pressBack(): void;
  backButtonVisible(): boolean;
  /** The last state the app gave the Main / Secondary button (null before any). */
  bottomButtonState(kind: 'main' | 'secondary'): BottomButtonState | null;
  /** Simulates a press of the Main / Secondary button. */
  pressBottomButton(kind: 'main' | 'secondary'): void;
}

export interface MockPlatformOptions {
  /** Which build it stands in for: the Mini App's capabilities (Stars, Telegram's sign-in and telemetry) or the website's. */
  kind?: 'web' | 'miniapp';
  externalTheme?: ExternalTheme | null;
  bootstrap?: AuthBootstrap;
  withBackButton?: boolean;
  withHaptics?: boolean;
  /** Main and Secondary buttons, closing confirmation, swipe behaviour and chrome colours, as in a recent Telegram. */
  withNativeControls?: boolean;
  startParam?: string | null;
}

/** A test double of the Platform: in-memory token, recorded calls, a theme you can drive. */
export function createMockPlatform(options: MockPlatformOptions = {}): MockPlatform {
  const calls: string[] = [];
  let token: string | null = null;
  let theme = options.externalTheme ?? null;
  let backVisible = false;
  const themeListeners = new Set<(t: ExternalTheme) => void>();
  const backListeners = new Set<() => void>();
  const buttons = { main: recordedButton('main', calls), secondary: recordedButton('secondary', calls) };
  const platform: MockPlatform = {
    apiPlatformType: options.kind === 'miniapp' ? 'TELEGRAM_MINI_APP' : 'SITE',
    payments: { methods: options.kind === 'miniapp' ? ['stars'] : ['card'] },
    calls,
    init: async () => {
      calls.push('init');
    },
    auth: {
      bootstrap: () => options.bootstrap ?? { kind: 'none' },
      identity: options.bootstrap?.kind === 'telegram-init-data' ? 'platform' : 'own',
      openBinding: ({ deepLink }) => {
        calls.push(`openBinding:${deepLink}`);
        return () => calls.push('openBinding.stop');
      },
    },
    telemetry: { surface: options.kind === 'miniapp' ? 'miniapp' : 'web', vitalPlatform: () => 'other' },
    startParam: () => options.startParam ?? null,
    forgetCookies: () => undefined,
    tokenStorage: {
      get: () => token,
      set: (value) => {
        token = value;
      },
      clear: () => {
        token = null;
      },
    },
    theme: {
      external: theme !== null,
      current: () => theme,
      subscribe(listener) {
        themeListeners.add(listener);
        return () => themeListeners.delete(listener);
      },
    },
    emitTheme(next) {
      theme = next;
      for (const listener of themeListeners) listener(next);
    },
    pressBack() {
      for (const listener of backListeners) listener();
    },
    backButtonVisible: () => backVisible,
    bottomButtonState: (kind) => buttons[kind].state(),
    pressBottomButton: (kind) => buttons[kind].press(),
  };
  if (options.withBackButton) {
    platform.backButton = {
      show: () => {
        backVisible = true;
        calls.push('backButton.show');
      },
      hide: () => {
        backVisible = false;
        calls.push('backButton.hide');
      },
      onClick(listener) {
        backListeners.add(listener);
        return () => backListeners.delete(listener);
      },
    };
  }
  if (options.withHaptics) {
    platform.haptics = {
      impact: (style) => calls.push(`haptics.impact:${style}`),
      notification: (type) => calls.push(`haptics.notification:${type}`),
      selectionChanged: () => calls.push('haptics.selection'),
    };
  }
  if (options.withNativeControls) {
    platform.mainButton = buttons.main.button;
    platform.secondaryButton = buttons.secondary.button;
    platform.setClosingConfirmation = (needed) => calls.push(`closingConfirmation:${needed}`);
    platform.setVerticalSwipes = (allowed) => calls.push(`verticalSwipes:${allowed}`);
    platform.setChromeColors = ({ header, background }) => calls.push(`chromeColors:${header}/${background}`);
  }
  return platform;
}

/** A bottom button that remembers its last state and records each one as 'mainButton:Сохранить|enabled|…'. */
function recordedButton(kind: 'main' | 'secondary', calls: string[]) {
  let current: BottomButtonState | null = null;
  const listeners = new Set<() => void>();
  const button: BottomButton = {
    set(state) {
      current = state;
      const flags = [state.visible ? 'visible' : 'hidden', state.enabled ? 'enabled' : 'disabled', state.progress ? 'progress' : ''];
      calls.push(`${kind}Button:${state.text}|${flags.filter(Boolean).join('|')}`);
    },
    onClick(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return { button, state: () => current, press: () => [...listeners].forEach((listener) => listener()) };
}

export function createPlatform(): Platform {
  return createMockPlatform();
}
