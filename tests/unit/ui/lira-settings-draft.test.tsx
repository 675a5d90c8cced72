import { renderWithApp } from '../support/render';
import { liraFilters, profile as liraProfile } from '../model/lira/fixtures';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allSettled, fork, type Scope } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $profileInitialised,
  emptyForm,
  extensionToPayload,
  fetchAiPresetsFx,
  fetchLiraProfileFx,
  liraLoadRequested,
  liraStatusRefreshRequested,
  saveExtensionFx,
  type ExtensionPayload,
  type LiraProfile,
} from '@/entities/lira-profile';
import { $currentCityKladr } from '@/entities/city';
import { fetchSubscriptionFx } from '@/entities/subscription';
import { LiraAlternative, LiraCreation, LiraMain } from '@/features/lira-settings';
import { endpoints } from '@/shared/api';
import { HttpResponse, http, type HttpHandler } from 'msw';
import { apiRoute, never, ok, useNetwork } from '../support/network';

const network = useNetwork();
import { DEFAULT_EXTENSION_FORM } from '@kvarta/contract/lira-rules';

const settings = (expert: boolean): ExtensionPayload =>
  extensionToPayload({ ...DEFAULT_EXTENSION_FORM, useExpertSelection: expert }, emptyForm([78]));
const profile = (expert: boolean, kitchen: number | null = null, city = 78): LiraProfile =>
  liraProfile('ACTIVE', settings(expert), liraFilters({ cityIds: [city], areaKitchenGte: kitchen }));

/** The server's profile as the next load reads it. */
let serverProfile: LiraProfile = profile(false);

function renderIn(ui: React.ReactNode, answers: HttpHandler[] = []) {
  // Places, presets, texts: not needed unless asked for, they stay loading.
  network.use(...answers, http.get('*/api/*', never));
  const saved: ExtensionPayload[] = [];
  const scope = fork({
    values: [[$currentCityKladr, 78]],
    handlers: [
      [fetchLiraProfileFx, async () => serverProfile],
      [fetchSubscriptionFx, async () => null],
      [fetchAiPresetsFx, async () => []],
      [saveExtensionFx, async (p: ExtensionPayload) => (saved.push(p), p)],
    ],
  });
  renderWithApp(ui, { scope });
  return { scope, saved };
}
const reload = (scope: Scope) => act(() => allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } }));

describe('settings forms keep what is being typed (background reloads)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('LIRA_ALTERNATIVE: a reload before any edit shows the stored values; after an edit it does not wipe it; a save takes the stored values again', async () => {
    serverProfile = profile(false);
    const { scope, saved } = renderIn(<LiraAlternative />);
    await reload(scope);
    const expert = () => screen.getByRole<HTMLInputElement>('checkbox', { name: /Экспертный подбор/ });
    expect(expert().checked).toBe(false);
    // Not edited: a reload brings the server's values.
    serverProfile = profile(true);
    await reload(scope);
    expect(expert().checked).toBe(true);
    // Edited: a reload (new objects in the stores) leaves the edit alone.
    const user = userEvent.setup();
    await user.click(expert());
    expect(expert().checked).toBe(false);
    await reload(scope);
    await act(() => allSettled(liraStatusRefreshRequested, { scope }));
    expect(expert().checked).toBe(false);
    // The user's own save: the form is clean again and follows the store.
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    serverProfile = profile(true);
    await reload(scope);
    expect(expert().checked).toBe(true);
  });

  it('LIRA_MAIN: a reload does not wipe a typed value', async () => {
    serverProfile = profile(false, 7);
    const { scope } = renderIn(<LiraMain />);
    await reload(scope);
    const kitchen = () => screen.getByLabelText<HTMLInputElement>('Кухня от, м²');
    expect(kitchen().value).toBe('7');
    const user = userEvent.setup();
    await user.clear(kitchen());
    await user.type(kitchen(), '12');
    serverProfile = profile(false, 9);
    await reload(scope);
    expect(kitchen().value).toBe('12');
  });

  it('LIRA_CREATION waits for the profile instead of starting from an empty form', async () => {
    serverProfile = profile(false);
    const { scope } = renderIn(<LiraCreation />);
    expect(scope.getState($profileInitialised)).toBe(false);
    expect(screen.getByTestId('lira-creation-loading')).toBeTruthy();
    expect(screen.queryByText('Шаг 1 из 5')).toBeNull();
    await reload(scope);
    expect(screen.getByText('Шаг 1 из 5')).toBeTruthy();
  });

  it("LIRA forms list the places of the profile's city, not the site's current one", async () => {
    serverProfile = profile(false, null, 16);
    const areaCities: unknown[] = [];
    const { scope } = renderIn(<LiraMain />, [
      http.get(apiRoute(endpoints.cityList.path), () =>
        HttpResponse.json(
          ok([
            { kladr: 78, title: 'Санкт-Петербург', hasMetro: true },
            { kladr: 16, title: 'Казань', hasMetro: false },
          ]),
        ),
      ),
      http.get(apiRoute(endpoints.areaList.path), ({ params }) => (areaCities.push(params.cityIds), never())),
    ]);
    await reload(scope);
    expect(await screen.findByText('Город: Казань')).toBeTruthy();
    // (Before the profile loaded the empty form had no city: the site's city was the fallback.)
    expect(areaCities.at(-1)).toBe('16');
  });
});
