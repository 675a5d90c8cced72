import { describe, expect, it } from 'vitest';
import { createPlatform as createBrowserPlatform } from '../../../platform/browser';

describe('browser platform', () => {
  it('keeps the token in the kvarta_token cookie and clears it', () => {
    const platform = createBrowserPlatform();
    expect(platform.apiPlatformType).toBe('SITE');
    expect(platform.theme.external).toBe(false);
    platform.tokenStorage.set('abc.def.ghi', Math.floor(Date.now() / 1000) + 3600);
    expect(document.cookie).toContain('kvarta_token=abc.def.ghi');
    expect(platform.tokenStorage.get()).toBe('abc.def.ghi');
    platform.tokenStorage.clear();
    expect(platform.tokenStorage.get()).toBeNull();
  });

  it('does not keep an already expired token', () => {
    const platform = createBrowserPlatform();
    platform.tokenStorage.set('old', Math.floor(Date.now() / 1000) - 10);
    expect(platform.tokenStorage.get()).toBeNull();
  });

  it('has no Telegram-only capabilities', () => {
    const platform = createBrowserPlatform();
    expect(platform.backButton).toBeUndefined();
    expect(platform.haptics).toBeUndefined();
    expect(platform.auth.bootstrap()).toEqual({ kind: 'none' });
  });
});
