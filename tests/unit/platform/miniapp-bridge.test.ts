import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridge, detectTransport } from '../../../platform/miniapp/bridge';
import { parseLaunchParams, retrieveLaunchParams, versionAtLeast } from '../../../platform/miniapp/launch-params';
import { createPlatform as createMiniAppPlatform, invoiceSlug } from '../../../platform/miniapp';

type Globals = Record<string, unknown>;
const globals = window as unknown as Globals;

afterEach(() => {
  for (const key of ['TelegramWebviewProxy', 'Telegram', 'TelegramGameProxy', 'TelegramGameProxy_receiveEvent']) delete globals[key];
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const HASH =
  '#tgWebAppData=user%3D%257B%2522id%2522%253A1%257D%26hash%3Dabc&tgWebAppVersion=8.0&tgWebAppPlatform=tdesktop' +
  '&tgWebAppThemeParams=%7B%22bg_color%22%3A%22%2317212b%22%2C%22text_color%22%3A%22%23ffffff%22%7D&tgWebAppStartParam=apart_12';

describe('launch parameters', () => {
  it('reads initData, version, platform, palette and start parameter from the hash', () => {
    expect(parseLaunchParams(HASH)).toEqual({
      initData: 'user=%7B%22id%22%3A1%7D&hash=abc',
      version: '8.0',
      platform: 'tdesktop',
      themeParams: { bg_color: '#17212b', text_color: '#ffffff' },
      startParam: 'apart_12',
    });
  });

  it('a hash without Telegram’s parameters is not a launch; a broken or hostile palette keeps only plain colours', () => {
    expect(parseLaunchParams('#section')).toBeNull();
    expect(parseLaunchParams('')).toBeNull();
    const hostile = encodeURIComponent(JSON.stringify({ bg_color: 'red;background:url(//evil)', text_color: '#000000', 'a-b': '#111111' }));
    expect(parseLaunchParams(`#tgWebAppVersion=7.0&tgWebAppPlatform=ios&tgWebAppThemeParams=${hostile}`)?.themeParams).toEqual({
      text_color: '#000000',
    });
    expect(parseLaunchParams('#tgWebAppVersion=7.0&tgWebAppPlatform=ios&tgWebAppThemeParams=%7Bnot-json')?.themeParams).toEqual({});
  });

  it('the first launch’s parameters outlive the hash for the tab (a reload after navigating inside the app)', () => {
    expect(retrieveLaunchParams({ hash: HASH })?.startParam).toBe('apart_12');
    expect(retrieveLaunchParams({ hash: '' })?.initData).toBe('user=%7B%22id%22%3A1%7D&hash=abc');
    sessionStorage.clear();
    expect(retrieveLaunchParams({ hash: '' })).toBeNull();
  });

  it('compares Bot API versions part by part', () => {
    expect(versionAtLeast('6.10', '6.9')).toBe(true);
    expect(versionAtLeast('6.1', '6.1')).toBe(true);
    expect(versionAtLeast('6.0', '6.1')).toBe(false);
    expect(versionAtLeast('8', '8.0')).toBe(true);
    expect(versionAtLeast('garbage', '6.1')).toBe(false);
  });
});

describe('the bridge', () => {
  it('posts through the mobile webview proxy as (eventType, JSON)', () => {
    const postEvent = vi.fn();
    globals.TelegramWebviewProxy = { postEvent };
    const bridge = createBridge();
    expect(bridge.transport).toBe('webview');
    bridge.postEvent('web_app_setup_back_button', { is_visible: true });
    bridge.postEvent('web_app_ready');
    expect(postEvent.mock.calls).toEqual([
      ['web_app_setup_back_button', '{"is_visible":true}'],
      ['web_app_ready', '{}'],
    ]);
  });

  it('posts through window.external.notify on Windows desktop', () => {
    const notify = vi.fn();
    const fake = { ...window, external: { notify }, parent: null as unknown } as unknown as Window;
    (fake as unknown as { parent: Window }).parent = fake;
    expect(detectTransport(fake)).toBe('external');
  });

  it('nobody listening (a developer’s browser): posting goes nowhere and does not throw', () => {
    const bridge = createBridge();
    expect(bridge.transport).toBe('none');
    expect(() => bridge.postEvent('web_app_expand')).not.toThrow();
  });

  it('receives events through Telegram.WebView, the game proxy and its alias; listeners unsubscribe; garbage is ignored', () => {
    const bridge = createBridge();
    const seen: unknown[] = [];
    const off = bridge.on('theme_changed', (data) => seen.push(data));
    const w = window as unknown as {
      Telegram: { WebView: { receiveEvent(t: unknown, d?: unknown): void } };
      TelegramGameProxy: { receiveEvent(t: unknown, d?: unknown): void };
      TelegramGameProxy_receiveEvent(t: unknown, d?: unknown): void;
    };
    w.Telegram.WebView.receiveEvent('theme_changed', { theme_params: { bg_color: '#000000' } });
    w.TelegramGameProxy.receiveEvent('theme_changed', 1);
    w.TelegramGameProxy_receiveEvent('theme_changed', 2);
    w.Telegram.WebView.receiveEvent(42, 'not an event name');
    bridge.on('theme_changed', () => {
      throw new Error('a broken listener');
    });
    off();
    expect(() => w.Telegram.WebView.receiveEvent('theme_changed', 3)).not.toThrow();
    expect(seen).toEqual([{ theme_params: { bg_color: '#000000' } }, 1, 2]);
  });

  it('in a web client’s frame: posts to the parent on web.telegram.org and takes messages only from it', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const inner = frame.contentWindow!;
    const posted = vi.spyOn(inner.parent, 'postMessage').mockImplementation(() => undefined);
    const bridge = createBridge(inner);
    expect(bridge.transport).toBe('iframe');
    bridge.postEvent('web_app_expand');
    expect(posted).toHaveBeenCalledWith('{"eventType":"web_app_expand","eventData":{}}', 'https://web.telegram.org');

    const seen: unknown[] = [];
    bridge.on('viewport_changed', (data) => seen.push(data));
    const send = (data: unknown, origin: string, source: Window | null) =>
      inner.dispatchEvent(new (inner as unknown as typeof globalThis).MessageEvent('message', { data, origin, source }));
    send(JSON.stringify({ eventType: 'viewport_changed', eventData: { height: 600 } }), 'https://web.telegram.org', inner.parent);
    send(JSON.stringify({ eventType: 'viewport_changed', eventData: { height: 1 } }), 'https://evil.example', inner.parent);
    send(JSON.stringify({ eventType: 'viewport_changed', eventData: { height: 2 } }), 'https://web.telegram.org', inner);
    send('{"eventType":', 'https://web.telegram.org', inner.parent);
    send({ eventType: 'viewport_changed' }, 'https://web.telegram.org', inner.parent);
    expect(seen).toEqual([{ height: 600 }]);
    frame.remove();
  });
});

describe('Telegram Stars invoices in the Mini App', () => {
  it('takes the slug of t.me invoice links only', () => {
    expect(invoiceSlug('https://t.me/$AbC-12_x')).toBe('AbC-12_x');
    expect(invoiceSlug('https://t.me/invoice/slug_1')).toBe('slug_1');
    expect(invoiceSlug('https://evil.example/$abc')).toBeNull();
    expect(invoiceSlug('/dev/telegram/invoice/abc')).toBeNull();
    expect(invoiceSlug('https://t.me/$abc/../x')).toBeNull();
  });

  it('inside Telegram opens the invoice by slug and resolves with how Telegram closed it (other invoices ignored)', async () => {
    window.location.hash = HASH;
    const postEvent = vi.fn();
    globals.TelegramWebviewProxy = { postEvent };
    const platform = createMiniAppPlatform();
    const closed = platform.openInvoice!('https://t.me/$invoice1', '/tma/agent?payment=p1');
    expect(postEvent).toHaveBeenCalledWith('web_app_open_invoice', JSON.stringify({ slug: 'invoice1' }));
    const receive = (window as unknown as { Telegram: { WebView: { receiveEvent(t: string, d?: unknown): void } } }).Telegram.WebView
      .receiveEvent;
    receive('invoice_closed', { slug: 'another', status: 'failed' });
    receive('invoice_closed', { slug: 'invoice1', status: 'paid' });
    await expect(closed).resolves.toBe('paid');
    const odd = platform.openInvoice!('https://t.me/$invoice2', '/tma/agent');
    receive('invoice_closed', { slug: 'invoice2', status: 'something new' });
    await expect(odd).resolves.toBe('failed');
    window.location.hash = '';
  });
});
