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

describe('AI search settings: the buyer’s mortgage', () => {
  afterEach(() => vi.restoreAllMocks());

  async function open() {
    // Places, presets and texts stay loading; the filters check fails, so «Сохранить» saves at once.
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
    renderWithApp(<LiraMain />, { scope });
    await act(() => allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } }));
    return saved;
  }

  it('shows the spec’s defaults and saves what the buyer changes', async () => {
    const saved = await open();
    const fee = screen.getByRole<HTMLInputElement>('textbox', { name: 'Первоначальный взнос' });
    expect(fee.value.replace(/\s/g, '')).toBe('1000000');
    const user = userEvent.setup();
    await user.clear(fee);
    await user.type(fee, '2500000');
    await user.click(screen.getByRole('checkbox', { name: 'Есть дети' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.mortgageInfo).toMatchObject({
      initialFee: 2_500_000,
      monthlyPayment: 40_000,
      loanerInfo: { hasChildren: true, worksInIT: false },
    });
  });

  it('a payment over the server’s limit is said in Russian and nothing is saved', async () => {
    const saved = await open();
    const payment = screen.getByRole<HTMLInputElement>('textbox', { name: 'Платёж в месяц до' });
    const user = userEvent.setup();
    await user.clear(payment);
    await user.type(payment, '20000000');
    expect(screen.getByRole('alert').textContent).toBe('Платёж в месяц — не больше 10 000 000 ₽');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Сохранить' }).disabled).toBe(true);
    expect(saved).toHaveLength(0);
  });
});
