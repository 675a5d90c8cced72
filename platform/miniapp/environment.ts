import { createBridge, type Bridge } from './bridge';
import { retrieveLaunchParams, type LaunchParams } from './launch-params';

export type MiniAppEnvironment = 'telegram' | 'emulated' | 'none';

export interface MiniAppContext {
  environment: MiniAppEnvironment;
  launchParams: LaunchParams | null;
  bridge: Bridge | null;
}

/**
 * Where the Mini App build is running: inside a Telegram client ('telegram'), with launch params but nobody listening
 * ('emulated': a developer opened the URL from scripts/tma-launch-url.ts; calls then go nowhere), or outside ('none').
 */
export function detectEnvironment(win: Window = window): MiniAppContext {
  const launchParams = retrieveLaunchParams(win.location);
  if (!launchParams) return { environment: 'none', launchParams: null, bridge: null };
  const bridge = createBridge(win);
  return { environment: bridge.transport === 'none' ? 'emulated' : 'telegram', launchParams, bridge };
}
