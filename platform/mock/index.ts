import type { AuthBootstrap, ExternalTheme, Platform, PlatformKind } from '../index';

export interface MockPlatform extends Platform {
  /** Every call the app made, in order, e.g. ['backButton.show', 'haptics.impact:light']. */
  readonly calls: string[];
  readonly openedLinks: string[];
  /** Simulates a Telegram theme change. */
  emitTheme(theme: ExternalTheme): void;
  /** Simulates a press of the native back button. */
  pressBack(): void;
  backButtonVisible(): boolean;
}

export interface MockPlatformOptions {
  kind?: PlatformKind;
  externalTheme?: ExternalTheme | null;
  bootstrap?: AuthBootstrap;
  withBackButton?: boolean;
  withHaptics?: boolean;
  startParam?: string | null;
}

/** A test double of the Platform: in-memory token, recorded calls, a theme you can drive. */
export function createMockPlatform(options: MockPlatformOptions = {}): MockPlatform {
  const calls: string[] = [];
  const openedLinks: string[] = [];
  let token: string | null = null;
  let theme = options.externalTheme ?? null;
  let backVisible = false;
  const themeListeners = new Set<(t: ExternalTheme) => void>();
  const backListeners = new Set<() => void>();
  const platform: MockPlatform = {
    kind: options.kind ?? 'test',
    apiPlatformType: options.kind === 'miniapp' ? 'TELEGRAM_MINI_APP' : 'SITE',
    calls,
    openedLinks,
    init: async () => {
      calls.push('init');
    },
    auth: { bootstrap: () => options.bootstrap ?? { kind: 'none' } },
    startParam: () => options.startParam ?? null,
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
    openLink: (url) => {
      openedLinks.push(url);
      calls.push(`openLink:${url}`);
    },
    openTelegramLink: (url) => {
      openedLinks.push(url);
      calls.push(`openTelegramLink:${url}`);
    },
    emitTheme(next) {
      theme = next;
      for (const listener of themeListeners) listener(next);
    },
    pressBack() {
      for (const listener of backListeners) listener();
    },
    backButtonVisible: () => backVisible,
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
  return platform;
}

export function createPlatform(): Platform {
  return createMockPlatform();
}
