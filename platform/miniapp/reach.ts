import { addToHomeScreen, requestWriteAccess, shareMessage, shareURL, viewport } from '@tma.js/sdk-react';
import type { Platform, ShareMessageOutcome } from '../index';
import { attempt } from './controls';
import type { Launch } from './launch';

/** What the user answered to «may the bot write to you?», kept per Telegram user on this device. */
const ASKED_KEY = 'kvarta_write_access';

function remembered(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage off: the next launch may ask again */
  }
}

function userKey(launch: Launch): string {
  try {
    const user = JSON.parse(new URLSearchParams(launch.initData ?? '').get('user') ?? 'null') as { id?: unknown } | null;
    return `${ASKED_KEY}_${typeof user?.id === 'number' ? user.id : 'anon'}`;
  } catch {
    return `${ASKED_KEY}_anon`;
  }
}

/** A request the app does not wait for: its refusal (the user said no, the client cannot) changes nothing. */
function quietly(call: { ok: true; data: PromiseLike<unknown> } | { ok: false }): void {
  if (call.ok) Promise.resolve(call.data).catch(() => undefined);
}

/** Telegram's share sheet for a prepared message: the buyer closing it is a prepared_message_failed USER_DECLINED. */
async function sharePrepared(preparedId: string): Promise<ShareMessageOutcome> {
  try {
    await shareMessage(preparedId);
    return 'sent';
  } catch (error) {
    return error instanceof Error && error.message.includes('USER_DECLINED') ? 'cancelled' : 'failed';
  }
}

/**
 * What only a Mini App can do: ask the user to let the bot write first (a buyer who opened the app from a link never
 * pressed /start), share a listing to a chat (a message the bot prepared, or a link), fullscreen, a home-screen shortcut.
 */
export function reach(launch: Launch): Partial<Platform> {
  const key = userKey(launch);
  let asking: Promise<boolean> | null = null;
  const askWriteAccess = async (): Promise<boolean> => {
    if (launch.allowsWriteToPm) return true;
    const answer = remembered(key);
    if (answer) return answer === 'allowed';
    // Asked once: concurrent callers share the one question, later ones read the answer.
    asking ??= Promise.resolve(requestWriteAccess())
      .then((status) => {
        remember(key, status);
        return status === 'allowed';
      })
      .catch(() => false);
    return asking;
  };
  return {
    askWriteAccess: requestWriteAccess.isSupported() ? askWriteAccess : undefined,
    shareLink: (url, text) => attempt(() => shareURL(url, text)),
    shareMessage: shareMessage.isSupported() ? sharePrepared : undefined,
    // Phones only: on a desktop client fullscreen would take the whole monitor.
    fullscreen:
      viewport.requestFullscreen.isSupported() && (launch.platform === 'ios' || launch.platform === 'android')
        ? {
            enter: () => attempt(() => quietly(viewport.requestFullscreen.ifAvailable())),
            exit: () => attempt(() => quietly(viewport.exitFullscreen.ifAvailable())),
            active: () => viewport.isFullscreen(),
          }
        : undefined,
    addToHomeScreen: addToHomeScreen.isSupported() ? () => attempt(() => addToHomeScreen()) : undefined,
  };
}
