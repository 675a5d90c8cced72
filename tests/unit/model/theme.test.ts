import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $theme,
  $themeIsExternal,
  readThemeFx,
  saveThemeFx,
  themeChangedElsewhere,
  themeDictated,
  themeRestored,
  themeToggled,
} from '@/features/theme-toggle';

describe('theme model', () => {
  it('restores the saved theme and persists toggles under appTheme', async () => {
    localStorage.setItem('appTheme', 'dark');
    const scope = fork();
    await allSettled(themeRestored, { scope });
    expect(scope.getState($theme)).toBe('dark');
    await allSettled(themeToggled, { scope });
    expect(scope.getState($theme)).toBe('light');
    expect(localStorage.getItem('appTheme')).toBe('light');
  });

  it('follows another tab through the storage event, ignoring junk', async () => {
    const scope = fork();
    await allSettled(themeChangedElsewhere, { scope, params: 'dark' });
    expect(scope.getState($theme)).toBe('dark');
    await allSettled(themeChangedElsewhere, { scope, params: 'purple' });
    expect(scope.getState($theme)).toBe('dark');
  });

  it('under Telegram follows the dictated scheme, never saves, and ignores the toggle', async () => {
    const saved: string[] = [];
    const scope = fork({
      handlers: [
        [saveThemeFx, (t: string) => void saved.push(t)],
        [readThemeFx, () => 'light' as const],
      ],
    });
    await allSettled(themeDictated, { scope, params: 'dark' });
    await allSettled(themeRestored, { scope });
    await allSettled(themeToggled, { scope });
    expect(scope.getState($theme)).toBe('dark');
    expect(scope.getState($themeIsExternal)).toBe(true);
    expect(saved).toEqual([]);
  });
});
