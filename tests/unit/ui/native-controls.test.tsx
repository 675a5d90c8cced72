import { liraFilters, profile as liraProfile } from '../model/lira/fixtures';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformContext, type BottomButton, type BottomButtonState } from '@platform';
import {
  emptyForm,
  extensionToPayload,
  fetchAiPresetsFx,
  fetchLiraProfileFx,
  liraLoadRequested,
  saveExtensionFx,
  type ExtensionPayload,
} from '@/entities/lira-profile';
import { $currentCityKladr } from '@/entities/city';
import { fetchSubscriptionFx } from '@/entities/subscription';
import { LiraAlternative } from '@/features/lira-settings';
import { AnalyticsSettings } from '@/features/analytics-settings';
import { $analyticsFilters } from '@/entities/analytics';
import { http } from 'msw';
import { never, useNetwork } from '../support/network';

const network = useNetwork();
import { RadioButtons, Toasts, useMainButton, useSwipeGuard } from '@/shared/ui';
import { notificationShown } from '@/shared/model';
import { rgbToHex } from '@/app/ui/platform-bridge';
import { buttonOwners, sharedHold } from '@/shared/ui/native-controls/owners';
import { DEFAULT_EXTENSION_FORM } from '@kvarta/contract/lira-rules';
import { useRef, useState } from 'react';
import { createMockPlatform } from '../../../platform/mock';
import { renderWithApp } from '../support/render';

function fakeButton() {
  const states: BottomButtonState[] = [];
  let press: () => void = () => undefined;
  const button: BottomButton = {
    set: (state) => void states.push(state),
    onClick: (listener) => ((press = listener), () => undefined),
  };
  return { button, states, press: () => press(), shown: () => states.at(-1) };
}
const state = (text: string, extra: Partial<BottomButtonState> = {}): BottomButtonState => ({
  text,
  visible: true,
  enabled: true,
  progress: false,
  ...extra,
});

describe('one native button, several screens', () => {
  it('the newest overlay wins over the page; releasing it brings the page’s button back; presses go to the shown owner', () => {
    const fake = fakeButton();
    const owners = buttonOwners(fake.button);
    const pressed: string[] = [];
    const page = owners.claim('page', state('Настроить и запустить'), () => pressed.push('agent'));
    const sheet = owners.claim('sheet', { ...state(''), visible: false }, () => pressed.push('sheet'));
    expect(fake.shown()?.visible).toBe(false);
    const drawer = owners.claim('overlay', state('Сохранить'), () => pressed.push('save'));
    // A page part mounted later still stays under the sheet and its form.
    const late = owners.claim('page', state('Позже'), () => pressed.push('late'));
    expect(fake.shown()?.text).toBe('Сохранить');
    fake.press();
    drawer.update(state('Сохранить', { progress: true }), () => pressed.push('save'));
    fake.press();
    drawer.release();
    expect(fake.shown()?.visible).toBe(false);
    sheet.release();
    expect(fake.shown()?.text).toBe('Позже');
    late.release();
    expect(fake.shown()?.text).toBe('Настроить и запустить');
    fake.press();
    page.release();
    expect(fake.shown()?.visible).toBe(false);
    expect(pressed).toEqual(['save', 'agent']);
  });

  it('a shared hold is on from the first holder to the last release (a release twice counts once)', () => {
    const applied: boolean[] = [];
    const hold = sharedHold((held) => applied.push(held));
    const a = hold();
    const b = hold();
    a();
    a();
    expect(applied).toEqual([true]);
    b();
    expect(applied).toEqual([true, false]);
  });
});

function Screen() {
  const native = useMainButton({ text: 'Заказать звонок', onClick: () => undefined });
  return native ? <p>Кнопка Telegram</p> : <button type="button">Заказать звонок</button>;
}

describe('useMainButton', () => {
  it('on the website does nothing and the page keeps its own button', () => {
    const platform = createMockPlatform();
    render(
      <PlatformContext.Provider value={platform}>
        <Screen />
      </PlatformContext.Provider>,
    );
    expect(screen.getByRole('button', { name: 'Заказать звонок' })).toBeTruthy();
    expect(platform.calls).toEqual([]);
  });

  it('inside Telegram shows the native button while mounted and hides it after', () => {
    const platform = createMockPlatform({ kind: 'miniapp', withNativeControls: true });
    const view = render(
      <PlatformContext.Provider value={platform}>
        <Screen />
      </PlatformContext.Provider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(platform.bottomButtonState('main')).toEqual(state('Заказать звонок'));
    view.unmount();
    expect(platform.bottomButtonState('main')?.visible).toBe(false);
  });
});

function Draggable() {
  const ref = useRef<HTMLDivElement>(null);
  useSwipeGuard(ref);
  return <div ref={ref} data-testid="map" />;
}

describe('useSwipeGuard', () => {
  it('turns Telegram’s vertical swipes off from a touch on the element until it ends', () => {
    const platform = createMockPlatform({ kind: 'miniapp', withNativeControls: true });
    render(
      <PlatformContext.Provider value={platform}>
        <Draggable />
      </PlatformContext.Provider>,
    );
    const map = screen.getByTestId('map');
    map.dispatchEvent(new Event('touchstart'));
    map.dispatchEvent(new Event('pointerdown'));
    expect(platform.calls).toEqual(['verticalSwipes:false']);
    window.dispatchEvent(new Event('pointerup'));
    window.dispatchEvent(new Event('touchend'));
    expect(platform.calls).toEqual(['verticalSwipes:false', 'verticalSwipes:true']);
  });
});

describe('LIRA_ALTERNATIVE inside Telegram', () => {
  afterEach(() => vi.restoreAllMocks());

  it('«Сохранить» and «Отмена» are Telegram’s buttons; closing asks for confirmation while there are unsaved edits', async () => {
    network.use(http.get('*/api/*', never));
    const saved: ExtensionPayload[] = [];
    const scope = fork({
      values: [[$currentCityKladr, 78]],
      handlers: [
        [fetchLiraProfileFx, async () => liraProfile('ACTIVE', extensionToPayload(DEFAULT_EXTENSION_FORM, emptyForm([78])), liraFilters())],
        [fetchSubscriptionFx, async () => null],
        [fetchAiPresetsFx, async () => []],
        [saveExtensionFx, async (p: ExtensionPayload) => (saved.push(p), p)],
      ],
    });
    const platform = createMockPlatform({ kind: 'miniapp', withNativeControls: true });
    renderWithApp(<LiraAlternative />, { scope, platform });
    await act(() => allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } }));
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
    expect(platform.bottomButtonState('main')).toEqual(state('Сохранить'));
    expect(platform.bottomButtonState('secondary')).toEqual(state('Отмена'));
    expect(platform.calls).not.toContain('closingConfirmation:true');

    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Экспертный подбор/ }));
    expect(platform.calls.filter((c) => c.startsWith('closingConfirmation'))).toEqual(['closingConfirmation:true']);
    expect(platform.bottomButtonState('main')?.enabled).toBe(true);
    act(() => platform.pressBottomButton('main'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.useExpertSelection).toBe(true);
    await waitFor(() => expect(platform.calls).toContain('closingConfirmation:false'));
  });
});

describe('haptics', () => {
  it('a changed choice in a radio group is a selection change; choosing the same one again is not', async () => {
    const platform = createMockPlatform({ kind: 'miniapp', withHaptics: true });
    function Periods() {
      const [value, setValue] = useState(30);
      return (
        <RadioButtons label="Период" options={[7, 30]} value={value} onChange={setValue} className="" itemClassName="">
          {(d) => `${d} дней`}
        </RadioButtons>
      );
    }
    renderWithApp(<Periods />, { platform });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '30 дней' }));
    await user.click(screen.getByRole('radio', { name: '7 дней' }));
    expect(platform.calls).toEqual(['haptics.selection']);
  });

  it('each error toast that appears is felt once; other toasts are not', async () => {
    const platform = createMockPlatform({ kind: 'miniapp', withHaptics: true });
    const { scope } = renderWithApp(<Toasts />, { platform });
    // Not awaited to the end: a toast's settling includes its own lifetime.
    act(() => void allSettled(notificationShown, { scope, params: { text: 'Не удалось сохранить' } }));
    expect(await screen.findByText('Не удалось сохранить')).toBeTruthy();
    act(() => void allSettled(notificationShown, { scope, params: { text: 'Сохранено', type: 'success' } }));
    expect(await screen.findByText('Сохранено')).toBeTruthy();
    expect(platform.calls).toEqual(['haptics.notification:error']);
  });
});

describe('chrome colours', () => {
  it('the computed background as #rrggbb; anything else is not a colour to send', () => {
    expect(rgbToHex('rgb(35, 46, 60)')).toBe('#232e3c');
    expect(rgbToHex('rgba(0, 0, 0, 0)')).toBeNull();
    expect(rgbToHex('transparent')).toBeNull();
  });
});

describe('analytics settings inside Telegram', () => {
  it('«Показать аналитику» / «Отмена» are Telegram’s buttons; an edited price asks before closing and is applied by the MainButton', async () => {
    const platform = createMockPlatform({ kind: 'miniapp', withNativeControls: true });
    const { scope } = renderWithApp(<AnalyticsSettings />, { platform, queryDefaults: { enabled: false } });
    expect(platform.bottomButtonState('main')).toEqual(state('Показать аналитику'));
    expect(platform.bottomButtonState('secondary')).toEqual(state('Отмена'));
    expect(screen.queryByRole('button', { name: 'Показать аналитику' })).toBeNull();
    const from = screen.getByLabelText('от');
    await userEvent.setup().clear(from);
    await userEvent.setup().type(from, '5000000');
    expect(platform.calls.filter((c) => c.startsWith('closingConfirmation'))).toEqual(['closingConfirmation:true']);
    expect(platform.bottomButtonState('main')?.enabled).toBe(true);
    act(() => platform.pressBottomButton('main'));
    await waitFor(() => expect(scope.getState($analyticsFilters).priceRange[0]).toBe(5_000_000));
  });
});
