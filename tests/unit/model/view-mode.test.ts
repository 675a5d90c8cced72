import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $viewModes, viewModeToggled, viewModesRestored } from '@/features/view-mode';

describe('view mode per route', () => {
  it('defaults to list, toggles one route only and persists under selectionViewMode', async () => {
    const scope = fork();
    expect(scope.getState($viewModes)).toEqual({ home: 'list', agent: 'list', favourites: 'list' });
    await allSettled(viewModeToggled, { scope, params: 'agent' });
    expect(scope.getState($viewModes)).toEqual({ home: 'list', agent: 'map', favourites: 'list' });
    const restored = fork();
    await allSettled(viewModesRestored, { scope: restored });
    expect(restored.getState($viewModes).agent).toBe('map');
  });

  it('survives corrupt storage', async () => {
    localStorage.setItem('selectionViewMode', '{not json');
    const scope = fork();
    await allSettled(viewModesRestored, { scope });
    expect(scope.getState($viewModes).home).toBe('list');
  });
});
