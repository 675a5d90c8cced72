import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPlatform as createMiniAppPlatform } from '../../../platform/miniapp';
import { bottomButtonParams } from '../../../platform/miniapp/controls';
import { readLaunch } from '../../../platform/miniapp/launch';

type Globals = Record<string, unknown>;
const globals = window as unknown as Globals;

afterEach(() => {
  delete globals.TelegramWebviewProxy;
  sessionStorage.clear();
  localStorage.clear();
  window.location.hash = '';
  vi.restoreAllMocks();
});

const THEME = encodeURIComponent(JSON.stringify({ bg_color: '#17212b', secondary_bg_color: '#232e3c', text_color: '#ffffff' }));
const INIT_DATA = encodeURIComponent(
  new URLSearchParams({ user: JSON.stringify({ id: 1, first_name: 'Тест' }), auth_date: '1', signature: 's', hash: 'h' }).toString(),
);

/** The Mini App as a Telegram client of this Bot API version launches it (through the SDK), every posted method recorded. */
function launch(version: string) {
  window.location.hash = `#tgWebAppData=${INIT_DATA}&tgWebAppVersion=${version}&tgWebAppPlatform=ios&tgWebAppThemeParams=${THEME}`;
  const posted: Array<[string, unknown]> = [];
  globals.TelegramWebviewProxy = {
    postEvent: (type: string, data: string | undefined) =>
      posted.push([type, data === undefined ? undefined : (JSON.parse(data) as unknown)]),
  };
  const platform = createMiniAppPlatform();
  const receive = (type: string, data?: unknown) =>
    (window as unknown as { Telegram: { WebView: { receiveEvent(t: string, d?: unknown): void } } }).Telegram.WebView.receiveEvent(
      type,
      data,
    );
  return { platform, posted, receive };
}

describe('Telegram bottom buttons', () => {
  it('the MainButton posts web_app_setup_main_button (through the SDK) with text, active and progress', () => {
    const { platform, posted } = launch('8.0');
    platform.mainButton!.set({ text: ' Сохранить ', visible: true, enabled: false, progress: true });
    platform.mainButton!.set({ text: 'Сохранить', visible: false, enabled: true, progress: false });
    const sent = posted.filter(([type]) => type === 'web_app_setup_main_button').map(([, data]) => data);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ is_visible: true, is_active: false, is_progress_visible: true, text: 'Сохранить' });
    expect(sent[1]).toMatchObject({ is_visible: false });
  });

  it('the SecondaryButton sits left of the main one; an empty text is a hidden button', () => {
    const { platform, posted } = launch('8.0');
    platform.secondaryButton!.set({ text: 'Отмена', visible: true, enabled: true, progress: false });
    expect(posted.filter(([type]) => type === 'web_app_setup_secondary_button').at(-1)?.[1]).toMatchObject({
      is_visible: true,
      is_active: true,
      is_progress_visible: false,
      text: 'Отмена',
      position: 'left',
    });
    expect(bottomButtonParams({ text: '  ', visible: true, enabled: true, progress: false })).toEqual({ isVisible: false });
  });

  it('a state repeated on every render reaches Telegram once', () => {
    const { platform, posted } = launch('8.0');
    const state = { text: 'Заказать звонок', visible: true, enabled: true, progress: false };
    platform.mainButton!.set(state);
    platform.mainButton!.set({ ...state });
    platform.mainButton!.set({ ...state, enabled: false });
    expect(posted.filter(([type]) => type === 'web_app_setup_main_button')).toHaveLength(2);
  });

  it('presses arrive through main_button_pressed / secondary_button_pressed; an unsubscribed listener hears nothing', () => {
    const { platform, receive } = launch('8.0');
    const seen: string[] = [];
    const offMain = platform.mainButton!.onClick(() => seen.push('main'));
    platform.secondaryButton!.onClick(() => seen.push('secondary'));
    receive('main_button_pressed');
    receive('secondary_button_pressed');
    offMain();
    receive('main_button_pressed');
    expect(seen).toEqual(['main', 'secondary']);
  });
});

describe('closing confirmation, swipes and chrome colours', () => {
  it('post their methods with Telegram’s payloads', () => {
    const { platform, posted } = launch('8.0');
    platform.setClosingConfirmation!(true);
    platform.setVerticalSwipes!(false);
    platform.setVerticalSwipes!(false);
    platform.setVerticalSwipes!(true);
    platform.setClosingConfirmation!(false);
    platform.setChromeColors!({ header: '#232E3C', background: '#232e3c' });
    const methods = posted.filter(([type]) => /closing|swipe|color/.test(type));
    expect(methods).toEqual([
      ['web_app_setup_closing_behavior', { need_confirmation: true }],
      ['web_app_setup_swipe_behavior', { allow_vertical_swipe: false }],
      ['web_app_setup_swipe_behavior', { allow_vertical_swipe: true }],
      ['web_app_setup_closing_behavior', { need_confirmation: false }],
      ['web_app_set_background_color', { color: '#232e3c' }],
      ['web_app_set_header_color', { color: '#232e3c' }],
    ]);
  });

  it('before 6.9 the header takes only a palette key: the key of that colour, or nothing', () => {
    const { platform, posted } = launch('6.2');
    platform.setChromeColors!({ header: '#232e3c', background: '#232e3c' });
    platform.setChromeColors!({ header: '#123456', background: '#123456' });
    expect(posted.filter(([type]) => type === 'web_app_set_header_color')).toEqual([
      ['web_app_set_header_color', { color_key: 'secondary_bg_color' }],
    ]);
  });
});

describe('old clients go without what they do not know', () => {
  it.each([
    // Closing confirmation: the SDK's table of methods has it from the first version (clients before 6.2 ignore it).
    ['6.0', { mainButton: true, haptics: false, chrome: false, closing: true, swipes: false, secondaryButton: false }],
    ['6.1', { mainButton: true, haptics: true, chrome: true, closing: true, swipes: false, secondaryButton: false }],
    ['6.2', { mainButton: true, haptics: true, chrome: true, closing: true, swipes: false, secondaryButton: false }],
    ['7.7', { mainButton: true, haptics: true, chrome: true, closing: true, swipes: true, secondaryButton: false }],
    ['7.10', { mainButton: true, haptics: true, chrome: true, closing: true, swipes: true, secondaryButton: true }],
  ])('Bot API %s', (version, expected) => {
    const { platform } = launch(version);
    expect({
      mainButton: platform.mainButton !== undefined,
      haptics: platform.haptics !== undefined,
      chrome: platform.setChromeColors !== undefined,
      closing: platform.setClosingConfirmation !== undefined,
      swipes: platform.setVerticalSwipes !== undefined,
      secondaryButton: platform.secondaryButton !== undefined,
    }).toEqual(expected);
  });
});

describe('the start parameter of a Web App button', () => {
  it('comes from the page’s own ?startapp= when Telegram’s tgWebAppStartParam is not there; Telegram’s wins; junk is ignored', () => {
    const hash = '#tgWebAppVersion=8.0&tgWebAppPlatform=ios';
    const startParam = (h: string, search: string) => {
      sessionStorage.clear();
      window.location.hash = h;
      return readLaunch(search)?.startParam;
    };
    expect(startParam(hash, '?startapp=settings')).toBe('settings');
    expect(startParam(`${hash}&tgWebAppStartParam=fav`, '?startapp=settings')).toBe('fav');
    expect(startParam(hash, '?startapp=a%2Fb')).toBeNull();
    expect(startParam(hash, '')).toBeNull();
  });
});
