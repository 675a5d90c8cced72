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
    platform.openLink('https://example.org');
    platform.pressBack();
    platform.emitTheme({ scheme: 'dark', params: { bg_color: '#000000' } });
    expect(platform.calls).toEqual(['backButton.show', 'haptics.impact:light', 'openLink:https://example.org']);
    expect(platform.backButtonVisible()).toBe(true);
    expect(pressed).toBe(1);
    expect(seen).toEqual(['dark']);
    expect(platform.theme.current()?.scheme).toBe('dark');
  });
});
