import { renderWithApp } from '../support/render';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fork } from 'effector';
import { useUnit } from 'effector-react';
import { $chatState } from '@/widgets/assistant-drawer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $liraForm, $profileInitialised, emptyForm, type LiraForm } from '@/entities/lira-profile';
import { LiraCreation, createProfileFx } from '@/features/lira-settings';
import { endpoints } from '@/shared/api';
import { HttpResponse, http } from 'msw';
import { apiRoute, ok, useNetwork } from '../support/network';

const network = useNetwork();
import { createMockPlatform, type MockPlatform } from '../../../platform/mock';
import { act } from '@testing-library/react';

const portraits = [
  {
    id: 3,
    code: 'FAMILY',
    title: 'Семья с детьми',
    description: 'Школа рядом',
    rooms: [2, 3],
    wishes: [{ code: 'SCHOOL', importance: 'VERY_IMPORTANT' }],
  },
];
const wishGroups = [
  { id: 2, code: 'SCHOOL', title: 'Школа рядом', description: '', icon: '' },
  { id: 4, code: 'PARK', title: 'Парк рядом', description: '', icon: '' },
];

/** The drawer's bot message, where the setup says each step. */
function BotLine() {
  const chat = useUnit($chatState);
  return <p data-testid="bot-line">{chat.botMessage?.text}</p>;
}

function renderCreation(badFilters: boolean, platform?: MockPlatform) {
  const checked: unknown[] = [];
  network.use(
    http.get(apiRoute(endpoints.portraits.path), () => HttpResponse.json(ok(portraits))),
    http.get(apiRoute(endpoints.wishGroups.path), () => HttpResponse.json(ok(wishGroups))),
    http.get(apiRoute(endpoints.texts.path), () => HttpResponse.json(ok([]))),
    http.get(apiRoute(endpoints.cityList.path), () => HttpResponse.json(ok([]))),
    http.post(apiRoute(endpoints.liraFiltersCheck.path), async ({ request }) => {
      checked.push(await request.json());
      return HttpResponse.json(ok({ count: badFilters ? 2 : 500, strictCount: 2, badFilters, threshold: 10 }));
    }),
  );
  const created: LiraForm[] = [];
  const scope = fork({
    values: [
      [$liraForm, { ...emptyForm([78]), priceMinMax: [5_000_000, 12_000_000] }],
      [$profileInitialised, true],
    ],
    handlers: [[createProfileFx, async (payload: unknown) => (created.push(payload as LiraForm), Promise.reject(new Error('stop here')))]],
  });
  renderWithApp(
    <>
      <BotLine />
      <LiraCreation />
    </>,
    { scope, platform },
  );
  return { checked, created };
}

async function walkToCheck() {
  const user = userEvent.setup();
  expect(screen.getByText('Шаг 1 из 5')).toBeTruthy();
  // The drawer's built-in texts arrive with its first message (a chunk of their own).
  expect(await screen.findByText(/Шаг 1: Кто будет жить в квартире\?/)).toBeTruthy();
  await user.click(await screen.findByRole('radio', { name: /Семья с детьми/ }));
  expect(screen.getByText('Шаг 2 из 5')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Далее' }));
  expect(screen.getByText('Шаг 3 из 5')).toBeTruthy();
  // The portrait brought its rooms.
  expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '2' }).checked).toBe(true);
  await user.click(screen.getByRole('button', { name: 'Далее' }));
  expect(screen.getByText('Шаг 4 из 5')).toBeTruthy();
  const park = await screen.findByRole('radiogroup', { name: 'Парк рядом' });
  // 'Желательно' travels as NOT_IMPORTANT (spec §3).
  await user.click(within(park).getByRole('radio', { name: 'Желательно' }));
  await user.click(screen.getByRole('button', { name: 'Далее' }));
  return user;
}

describe('LIRA_CREATION guided setup (spec §2, §4)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('few apartments: asks badFiltersConfirm; revisiting goes back to step 2, continuing shows the trial', async () => {
    const { checked, created } = renderCreation(true);
    const user = await walkToCheck();
    expect(await screen.findByText(/По вашему запросу мало квартир/)).toBeTruthy();
    expect(checked).toHaveLength(1);
    expect(checked[0]).toMatchObject({
      portraitId: 3,
      wishGroups: { SCHOOL: 'VERY_IMPORTANT', PARK: 'NOT_IMPORTANT' },
      filters: { roomsCntForFilter: [2, 3] },
    });
    await user.click(screen.getByRole('button', { name: 'Изменить фильтры' }));
    expect(screen.getByText('Шаг 2 из 5')).toBeTruthy();
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Далее' }));
    await user.click(await screen.findByRole('button', { name: 'Всё равно продолжить' }));
    expect(screen.getByText('Бесплатный доступ к ИИ Поиску на 3 дня, чтобы вы могли оценить сервис.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Бесплатно на три дня' }));
    await waitFor(() => expect(created).toHaveLength(1));
  });

  it('enough apartments: straight from the check to the trial', async () => {
    renderCreation(false);
    await walkToCheck();
    expect(await screen.findByRole('button', { name: 'Бесплатно на три дня' })).toBeTruthy();
    expect(screen.queryByText(/По вашему запросу мало квартир/)).toBeNull();
  });

  it('inside Telegram each step’s forward action is the MainButton and the way back the SecondaryButton', async () => {
    const platform = createMockPlatform({ kind: 'miniapp', withNativeControls: true });
    renderCreation(false, platform);
    // Step 1 moves on by a portrait: no MainButton, nothing to lose yet.
    await screen.findByRole('radio', { name: /Семья с детьми/ });
    expect(platform.bottomButtonState('main')?.visible).toBe(false);
    expect(platform.calls).not.toContain('closingConfirmation:true');
    await userEvent.setup().click(screen.getByRole('radio', { name: /Семья с детьми/ }));
    expect(screen.getByText('Шаг 2 из 5')).toBeTruthy();
    expect(platform.bottomButtonState('main')).toEqual({ text: 'Далее', visible: true, enabled: true, progress: false });
    expect(platform.bottomButtonState('secondary')).toEqual({ text: 'Назад', visible: true, enabled: true, progress: false });
    expect(screen.queryByRole('button', { name: 'Далее' })).toBeNull();
    expect(platform.calls).toContain('closingConfirmation:true');
    act(() => platform.pressBottomButton('main'));
    expect(screen.getByText('Шаг 3 из 5')).toBeTruthy();
    act(() => platform.pressBottomButton('secondary'));
    expect(screen.getByText('Шаг 2 из 5')).toBeTruthy();
  });
});
