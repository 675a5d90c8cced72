import { retrieveLaunchParams, retrieveRawInitData, type LaunchParams } from '@tma.js/sdk-react';

/** What the app needs of Telegram's launch parameters (the SDK parses them and keeps them for the tab). */
export interface Launch {
  /** The raw initData query string, verified by the server. */
  initData: string | null;
  version: string;
  /** `ios`, `android`, `tdesktop`, `macos`, `weba`, … */
  platform: string;
  startParam: string | null;
  /** initData's `user.allows_write_to_pm`: the bot may already write to this user. */
  allowsWriteToPm: boolean;
}

const START_PARAM = /^[\w-]{1,512}$/;

/**
 * A Web App button (the bot's «Открыть», /settings) opens its URL as it is: the start parameter then comes as the
 * page's own `?startapp=` rather than Telegram's `tgWebAppStartParam` (which only direct links fill in).
 */
function queryStartParam(search: string): string | null {
  const startapp = new URLSearchParams(search).get('startapp');
  return startapp && START_PARAM.test(startapp) ? startapp : null;
}

/** The launch as the SDK reads it (the URL, the navigation entry, then the tab's copy), or null outside Telegram. */
export function readLaunch(search = window.location.search): Launch | null {
  let params: LaunchParams;
  try {
    params = retrieveLaunchParams();
  } catch {
    return null;
  }
  let initData: string | null = null;
  try {
    initData = retrieveRawInitData() ?? null;
  } catch {
    initData = null;
  }
  return {
    initData,
    version: params.tgWebAppVersion,
    platform: params.tgWebAppPlatform,
    startParam: params.tgWebAppStartParam ?? queryStartParam(search),
    allowsWriteToPm: params.tgWebAppData?.user?.allows_write_to_pm === true,
  };
}
