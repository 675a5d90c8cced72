import { renderWithApp } from '../support/render';
import { liraFilters, profile as liraProfile } from '../model/lira/fixtures';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAiPresetsFx, fetchLiraProfileFx, liraLoadRequested, updateProfileFx, type LiraProfilePayload } from '@/entities/lira-profile';
import { $currentCityKladr } from '@/entities/city';
import { fetchSubscriptionFx } from '@/entities/subscription';
import { LiraMain } from '@/features/lira-settings';
import { ApiError, api } from '@/shared/api';
import { createMockPlatform } from '../../../platform/mock';
import { nativeUi } from '../../../platform/miniapp/ui';

describe('AI search settings inside Telegram (Telegram UI through the seam)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the mortgage’s settings are switch rows with the website’s names, and save what the buyer turns', async () => {
    vi.spyOn(api, 'get').mockImplementation(() => new Promise(() => {}));
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
    const platform = { ...createMockPlatform({ kind: 'miniapp' }), ui: nativeUi('android') };
    renderWithApp(<LiraMain />, { scope, platform });
    await act(() => allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } }));

    const children = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Есть дети' });
    const it = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Работаю в IT-компании' });
    // Telegram UI's switch, not the website's checkbox; the row's words are no heading.
    expect(children.closest('.kv-native-switch')).not.toBeNull();
    expect(document.querySelector('.kv-lira-check')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Есть дети' })).toBeNull();

    const user = userEvent.setup();
    await user.click(children);
    expect(children.checked).toBe(true);
    it.focus();
    await user.keyboard(' ');
    expect(it.checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.mortgageInfo?.loanerInfo).toMatchObject({ hasChildren: true, worksInIT: true });
  });
});
