import { describe, expect, it } from 'vitest';
import { startTarget } from '@/app/ui/start-target';

describe('the Mini App’s startapp parameter', () => {
  it('apart_<id> opens that apartment', () => {
    expect(startTarget('apart_123')).toEqual({ kind: 'apartment', id: 123 });
  });

  it('preset_<code> opens TOP with that preset, settings the AI-search settings, fav the favourites', () => {
    expect(startTarget('preset_first-home')).toEqual({ kind: 'path', path: '/?code=first-home' });
    expect(startTarget('settings')).toEqual({ kind: 'path', path: '/agent?settings' });
    expect(startTarget('fav')).toEqual({ kind: 'path', path: '/favourites' });
  });

  it('anything else (or nothing) opens the app as usual', () => {
    for (const param of [null, undefined, '', 'preset_', 'preset_a/b', 'apart_x', 'favourites', 'settings_1', `preset_${'a'.repeat(65)}`])
      expect(startTarget(param)).toBeNull();
  });
});
