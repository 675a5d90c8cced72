import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPlatform as createBrowserPlatform } from '../../../platform/browser';
import { WEB_FALLBACK_MS } from '../../../platform/browser/binding';
import { loginFromUrl } from '../../../platform/browser/login-widget';

const links = { deepLink: 'https://t.me/kvarta_bot?start=bind_1', webFallbackLink: 'https://web.telegram.org/k/#?tgaddr=bind_1' };

describe('the website’s sign-in flows are its platform’s (platform/browser)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('the Login Widget callback: taken out of the address once, the parameters before it and the hash kept', () => {
    window.history.replaceState(null, '', '/agent?utm=x&id=42&first_name=A&auth_date=1&hash=abc#top');
    const platform = createBrowserPlatform();
    const fields = { id: '42', first_name: 'A', auth_date: '1', hash: 'abc' };
    expect(platform.auth.bootstrap()).toEqual({ kind: 'telegram-login-widget', fields });
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/agent?utm=x#top');
    // Asked again, the same answer (the address no longer has it).
    expect(platform.auth.bootstrap()).toEqual({ kind: 'telegram-login-widget', fields });
    expect(platform.auth.identity).toBe('own');
  });

  it('an address without the whole callback is left alone', () => {
    expect(loginFromUrl(new URL('http://x/a?id=2&hash=4'))).toBeNull();
    window.history.replaceState(null, '', '/a?id=2&hash=4');
    expect(createBrowserPlatform().auth.bootstrap()).toEqual({ kind: 'none' });
    expect(window.location.search).toBe('?id=2&hash=4');
  });

  it('a binding opens the bot’s link, then its web version after 10 s unless stopped', async () => {
    vi.useFakeTimers();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const platform = createBrowserPlatform();
    const stop = platform.auth.openBinding(links);
    expect(open.mock.calls.map(([url]) => url)).toEqual([links.deepLink]);
    await vi.advanceTimersByTimeAsync(WEB_FALLBACK_MS - 1);
    expect(open).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(open).toHaveBeenLastCalledWith(links.webFallbackLink, '_blank', 'noopener');

    open.mockClear();
    const stopSecond = platform.auth.openBinding(links);
    stopSecond();
    await vi.advanceTimersByTimeAsync(WEB_FALLBACK_MS);
    expect(open.mock.calls.map(([url]) => url)).toEqual([links.deepLink]);
    stop();
    open.mockRestore();
  });

  it('two bindings keep their own timers; a link that is its own web version has none', async () => {
    vi.useFakeTimers();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const platform = createBrowserPlatform();
    const first = platform.auth.openBinding(links);
    platform.auth.openBinding({ ...links, webFallbackLink: 'https://web.telegram.org/k/#?tgaddr=bind_2' });
    first();
    platform.auth.openBinding({ deepLink: 'https://t.me/x', webFallbackLink: 'https://t.me/x' });
    await vi.advanceTimersByTimeAsync(WEB_FALLBACK_MS);
    expect(open.mock.calls.map(([url]) => url)).toEqual([
      links.deepLink,
      links.deepLink,
      'https://t.me/x',
      'https://web.telegram.org/k/#?tgaddr=bind_2',
    ]);
    open.mockRestore();
  });
});
