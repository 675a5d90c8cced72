/**
 * Prints a /tma/ URL with Telegram launch parameters and initData signed by the bot token
 * (TELEGRAM_BOT_TOKEN, or the development token), so the Mini App build runs in a plain browser.
 *   npx tsx scripts/tma-launch-url.ts --user-id 1001 --name Иван --base http://localhost:8080 [--dark] [--path /agent] [--start-param apart_123]
 */
import { parseArgs } from 'node:util';
import { DEV_BOT_TOKEN } from '../server/auth/dev-bot';
import { signInitData } from '../server/auth/telegram-init-data';

export const TELEGRAM_THEMES = {
  dark: {
    bg_color: '#17212b',
    text_color: '#f5f5f5',
    hint_color: '#708499',
    link_color: '#6ab3f3',
    button_color: '#5288c1',
    button_text_color: '#ffffff',
    secondary_bg_color: '#232e3c',
    header_bg_color: '#17212b',
    accent_text_color: '#6ab2f2',
    section_bg_color: '#17212b',
    section_header_text_color: '#6ab3f3',
    subtitle_text_color: '#708499',
    destructive_text_color: '#ec3942',
  },
  light: {
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#999999',
    link_color: '#2481cc',
    button_color: '#2481cc',
    button_text_color: '#ffffff',
    secondary_bg_color: '#efeff3',
    header_bg_color: '#ffffff',
    accent_text_color: '#2481cc',
    section_bg_color: '#ffffff',
    section_header_text_color: '#6d6d71',
    subtitle_text_color: '#999999',
    destructive_text_color: '#ff3b30',
  },
} as const;

export function tmaLaunchUrl(options: {
  base: string;
  userId: number;
  name: string;
  dark?: boolean;
  path?: string;
  botToken?: string;
  authDate?: number;
  startParam?: string;
  /** The client's Bot API version (`tgWebAppVersion`); an old one tests what degrades. */
  version?: string;
  /** The Telegram client (`tgWebAppPlatform`): `ios` and `android` take Telegram UI's iOS and base looks. */
  platform?: string;
}): string {
  const initData = signInitData(
    {
      user: { id: options.userId, first_name: options.name, language_code: 'ru' },
      authDate: options.authDate ?? Math.floor(Date.now() / 1000),
    },
    options.botToken ?? process.env.TELEGRAM_BOT_TOKEN ?? DEV_BOT_TOKEN,
  );
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: options.version ?? '8.0',
    tgWebAppPlatform: options.platform ?? 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(TELEGRAM_THEMES[options.dark ? 'dark' : 'light']),
  });
  // What the bot's `startapp` button passes, e.g. apart_123 (the agent's «Открыть»).
  if (options.startParam) hash.set('tgWebAppStartParam', options.startParam);
  return `${options.base.replace(/\/$/, '')}/tma${options.path ?? '/'}#${hash.toString()}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'user-id': { type: 'string', default: '1001' },
      name: { type: 'string', default: 'Тестовый пользователь' },
      base: { type: 'string', default: 'http://localhost:8080' },
      path: { type: 'string', default: '/' },
      dark: { type: 'boolean', default: false },
      'start-param': { type: 'string' },
    },
  });
  console.log(
    tmaLaunchUrl({
      base: values.base,
      userId: Number(values['user-id']),
      name: values.name,
      dark: values.dark,
      path: values.path,
      startParam: values['start-param'],
    }),
  );
}
