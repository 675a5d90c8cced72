import { moscowTime } from '../lib/format';

/** Where a sign-in request came from, as the bot shows it to the account's owner before they confirm. */
export interface SignInOrigin {
  userAgent: string | null;
  /** X-Platform-Type of the request: 'TELEGRAM_MINI_APP' in the Mini App, the website otherwise. */
  source: string | null;
  at: Date;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/YaBrowser\/(\d+)/, 'Яндекс Браузер'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)|FxiOS\/(\d+)/, 'Firefox'],
  [/Chrome\/(\d+)|CriOS\/(\d+)|Chromium\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome 120" / "неизвестный браузер": enough for a person to recognise their own device. */
export function browserOf(userAgent: string | null): string {
  if (userAgent) {
    for (const [pattern, name] of BROWSERS) {
      const match = pattern.exec(userAgent);
      if (match) {
        const version = match.slice(1).find(Boolean);
        return version ? `${name} ${version}` : name;
      }
    }
  }
  return 'неизвестный браузер';
}

export function systemOf(userAgent: string | null): string {
  if (userAgent) for (const [pattern, name] of SYSTEMS) if (pattern.test(userAgent)) return name;
  return 'неизвестная ОС';
}

export const sourceLabel = (source: string | null): string => (source === 'TELEGRAM_MINI_APP' ? 'Mini App' : 'сайт');

/** The lines the confirmation and the sign-in notice share. */
export function describeOrigin(origin: SignInOrigin): string {
  return [
    `• Откуда: ${sourceLabel(origin.source)}`,
    `• Браузер: ${browserOf(origin.userAgent)}`,
    `• Система: ${systemOf(origin.userAgent)}`,
    `• Время: ${moscowTime(origin.at)}`,
  ].join('\n');
}

/** Header values are attacker-controlled text shown in Telegram: keep them short and printable. */
export function cleanUserAgent(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.replace(/[^\x20-\x7e]/g, '').slice(0, 400) : null;
}
