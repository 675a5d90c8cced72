import { isTMA, mockTelegramEnv, retrieveRawInitData } from '@tma.js/sdk-react';

interface TelegramGlobals {
  TelegramWebviewProxy?: { postEvent?: unknown };
  external?: { notify?: unknown };
}

/** A real Telegram client is listening: a webview proxy (mobile/desktop) or a parent frame (web). */
function hasNativeBridge(): boolean {
  const w = window as unknown as TelegramGlobals;
  return typeof w.TelegramWebviewProxy?.postEvent === 'function' || typeof w.external?.notify === 'function' || window.parent !== window;
}

export type MiniAppEnvironment = 'telegram' | 'emulated' | 'none';

/**
 * Where the Mini App build is running. With launch params but no Telegram around (a developer
 * opened the URL from scripts/tma-launch-url.ts), the SDK's own emulation answers its calls.
 */
export function detectEnvironment(): MiniAppEnvironment {
  let hasLaunchParams = false;
  try {
    hasLaunchParams = isTMA();
  } catch {
    hasLaunchParams = false;
  }
  if (!hasLaunchParams) return 'none';
  if (hasNativeBridge()) return 'telegram';
  mockTelegramEnv({ launchParams: window.location.hash.slice(1) || undefined, onEvent: () => undefined });
  return 'emulated';
}

export function rawInitData(): string | null {
  try {
    return retrieveRawInitData() ?? null;
  } catch {
    return null;
  }
}
