import { act } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import { vi } from 'vitest';
import type { Platform } from '@platform';
import { fetchAiPresetsFx, fetchLiraProfileFx, liraLoadRequested, updateProfileFx, type LiraProfilePayload } from '@/entities/lira-profile';
import { $currentCityKladr } from '@/entities/city';
import { fetchSubscriptionFx } from '@/entities/subscription';
import { LiraMain } from '@/features/lira-settings';
import { ApiError, api } from '@/shared/api';
import { liraFilters, profile as liraProfile } from '../model/lira/fixtures';
import { renderWithApp } from './render';

/**
 * The AI search settings opened on an ACTIVE profile in Saint Petersburg. Places, presets and texts stay loading; the
 * filters check fails, so «Сохранить» saves at once. Returns what was saved, in order.
 */
export async function openLiraSettings(platform?: Platform): Promise<LiraProfilePayload[]> {
  vi.spyOn(api, 'call').mockRejectedValue(new ApiError('Сервис недоступен', 503));
  const saved: LiraProfilePayload[] = [];
  const stored = liraProfile('ACTIVE', undefined, liraFilters({ cityIds: [78] }));
  const scope = fork({
    values: [[$currentCityKladr, 78]],
    handlers: [
      [fetchLiraProfileFx, async () => stored],
      [fetchSubscriptionFx, async () => null],
      [fetchAiPresetsFx, async () => []],
      [updateProfileFx, async (payload: LiraProfilePayload) => (saved.push(payload), stored)],
    ],
  });
  renderWithApp(<LiraMain />, { scope, ...(platform ? { platform } : {}) });
  await act(() => allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } }));
  return saved;
}
