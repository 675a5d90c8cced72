import { describe, expect, it } from 'vitest';
import { createMockPlatform } from '../../../platform/mock';

describe('mock platform', () => {
  it('records back button, haptics and links, and drives the theme', () => {
    const platform = createMockPlatform({ withBackButton: true, withHaptics: true, externalTheme: { scheme: 'light', params: {} } });
    const seen: string[] = [];
    platform.theme.subscribe((t) => seen.push(t.scheme));
    let pressed = 0;
    platform.backButton!.onClick(() => pressed++);
    platform.backButton!.show();
    platform.haptics!.impact('light');
    platform.auth.openBinding({ deepLink: 'https://t.me/kvarta_bot?start=x', webFallbackLink: 'https://t.me/kvarta_bot?start=x' });
    platform.pressBack();
    platform.emitTheme({ scheme: 'dark', params: { bg_color: '#000000' } });
    expect(platform.calls).toEqual(['backButton.show', 'haptics.impact:light', 'openBinding:https://t.me/kvarta_bot?start=x']);
    expect(platform.backButtonVisible()).toBe(true);
    expect(pressed).toBe(1);
    expect(seen).toEqual(['dark']);
    expect(platform.theme.current()?.scheme).toBe('dark');
  });
});
