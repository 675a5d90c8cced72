import { act } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import type { Platform } from '@platform';
import { fetchAiPresetsFx, fetchLiraProfileFx, liraLoadRequested, updateProfileFx, type LiraProfilePayload } from '@/entities/lira-profile';
import { $currentCityKladr } from '@/entities/city';
import { fetchSubscriptionFx } from '@/entities/subscription';
import { LiraMain } from '@/features/lira-settings';
import { HttpResponse, http } from 'msw';
import { useNetwork } from './network';
import { liraFilters, profile as liraProfile } from '../model/lira/fixtures';
import { renderWithApp } from './render';

// Every other request of the screen (places, presets, texts, the filters check) is refused: «Сохранить» saves at once.
const network = useNetwork();
const unavailable = () =>
  HttpResponse.json({ result: 'error', message: 'Сервис недоступен', statusCode: 503, detail: null }, { status: 503 });

/**
 * The AI search settings opened on an ACTIVE profile in Saint Petersburg. Places, presets and texts stay loading; the
 * filters check fails, so «Сохранить» saves at once. Returns what was saved, in order.
 */
export async function openLiraSettings(platform?: Platform): Promise<LiraProfilePayload[]> {
  network.use(http.all('*/api/*', unavailable));
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
