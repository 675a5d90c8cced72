// features/lira-settings edit: preset change, profile update (split from the former tests/unit/model/lira.test.ts).
import { allSettled, fork } from 'effector';
import { $liraStatus, updateProfileFx } from '@/entities/lira-profile';
import { $appliedPresetId } from '@/features/lira-settings';
import { $notifications } from '@/shared/model';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $extension,
  $liraForm,
  extensionToPayload,
  variantsReloadRequired,
  extensionSubmitted,
  presetChosen,
  profileUpdateSubmitted,
  DEFAULT_EXTENSION_FORM,
  form,
  preset,
  setup,
  type LiraStatus,
} from './fixtures';

afterEach(() => vi.useRealTimers());

describe('preset change (spec §4)', () => {
  it.each<LiraStatus>(['NOT_CREATED', 'NOT_PAID'])('ignored while %s', async (status) => {
    const { scope, updates, savedExt } = setup({ status });
    await allSettled(presetChosen, { scope, params: { preset: preset(3), hasMetro: true } });
    expect(updates).toEqual([]);
    expect(savedExt).toEqual([]);
  });
  it('updates the profile, resets the extension to adjacent rooms without districts and metro, reloads lists', async () => {
    const { scope, updates, savedExt } = setup({ status: 'ACTIVE' });
    const reloaded = vi.fn();
    const unwatch = variantsReloadRequired.watch(reloaded);
    await allSettled(extensionSubmitted, { scope, params: { ...DEFAULT_EXTENSION_FORM, extendAreaIdsWith: [8], extendMetroIdsWith: [9] } });
    await allSettled(presetChosen, { scope, params: { preset: preset(3), hasMetro: true } });
    unwatch();
    expect(updates).toHaveLength(1);
    expect(scope.getState($liraForm).roomsAmount).toEqual(['r3']);
    expect(scope.getState($extension)).toMatchObject({ extendAreaIdsWith: [], extendMetroIdsWith: [], extendRoomsAmountWith: [2, 4] });
    const last = savedExt.at(-1)!;
    expect(last.extensions.find((e) => e.type === 'ROOMS_COUNT')?.params).toEqual({ roomsCnt: [2, 4] });
    expect(last.extensions.find((e) => e.type === 'LOCATION')?.params).toEqual({ areaIds: [], metroIds: [] });
    expect(reloaded).toHaveBeenCalled();
  });
});

describe('a preset picked offline', () => {
  it('says so with «Повторить»; the saved preset stays marked until the retry saves the new one', async () => {
    const { handlers } = setup({ status: 'ACTIVE' });
    let online = true;
    const saved: unknown[] = [];
    const scope = fork({
      values: [
        [$liraStatus, 'ACTIVE'],
        [$liraForm, form()],
      ],
      handlers: handlers.map(([fx, handler]) =>
        fx === updateProfileFx
          ? [fx, async (p: unknown) => (online ? (saved.push(p), handler(p)) : Promise.reject(new TypeError('Failed to fetch')))]
          : [fx, handler],
      ),
    });
    await allSettled(presetChosen, { scope, params: { preset: preset(3), hasMetro: true } });
    expect(scope.getState($appliedPresetId)).toBe(3);

    // The toast's dismissal is a timer: fake ones, moved only as far as the saves' own promises need.
    vi.useFakeTimers();
    online = false;
    void allSettled(presetChosen, { scope, params: { preset: preset(4), hasMetro: true } });
    await vi.advanceTimersByTimeAsync(0);
    const toast = scope.getState($notifications).at(-1)!;
    expect(toast.text).toMatch(/^Не удалось выбрать подборку: /);
    expect(toast.type).toBe('error');
    expect(toast.retry).toBeTypeOf('function');
    // Nothing changed: the form and the marked preset are the saved ones.
    expect(scope.getState($appliedPresetId)).toBe(3);
    expect(scope.getState($liraForm).roomsAmount).toEqual(['r3']);

    online = true;
    toast.retry!();
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($appliedPresetId)).toBe(4);
    expect(scope.getState($liraForm).roomsAmount).toEqual(['r4']);
    expect(saved).toHaveLength(2);
  });
});

describe('profile update (spec §4)', () => {
  it('prunes alternatives covered by the main filters and saves the extension', async () => {
    const ext = { ...DEFAULT_EXTENSION_FORM, extendAreaIdsWith: [1, 5], extendRoomsAmountWith: [1, 3] };
    const { scope, savedExt, updates } = setup({ status: 'ACTIVE', savedExt: extensionToPayload(ext, form()) });
    await allSettled(extensionSubmitted, { scope, params: ext });
    savedExt.length = 0;
    await allSettled(profileUpdateSubmitted, { scope, params: form({ areaIds: [5], roomsAmount: ['r2', 'r3'] }) });
    expect(updates).toHaveLength(1);
    expect(savedExt).toHaveLength(1);
    expect(scope.getState($extension)).toMatchObject({ extendAreaIdsWith: [1], extendRoomsAmountWith: [1] });
  });
  it('does not save the extension when nothing differs', async () => {
    const { scope, savedExt, updates } = setup({ status: 'ACTIVE', savedExt: extensionToPayload(DEFAULT_EXTENSION_FORM, form()) });
    await allSettled(profileUpdateSubmitted, { scope, params: form({ priceMinMax: [4e6, 8e6] }) });
    expect(updates).toHaveLength(1);
    expect(savedExt).toEqual([]);
  });
  it('clears the deadline extension when the deadline becomes "any"', async () => {
    const f = form({ deadlineLte: 20274 });
    const { scope, savedExt } = setup({ status: 'ACTIVE', form: f, savedExt: extensionToPayload(DEFAULT_EXTENSION_FORM, f) });
    await allSettled(profileUpdateSubmitted, { scope, params: form({ deadlineLte: 300001 }) });
    expect(scope.getState($extension).extendDeadline).toBe(false);
    expect(savedExt).toHaveLength(1);
  });
});
