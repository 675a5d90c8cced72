import { allSettled, fork, type Effect, type Scope } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $chat, chatOpened } from '@/entities/chat';
import {
  $extension, $liraForm, $liraStatus, $messengerConnected, $profileInitialised, $savedExtension, createProfileFx, deleteSubscriptionFx,
  emptyForm, extensionSubmitted, extensionToPayload, fetchAiPresetsFx, fetchLiraProfileFx, liraLoadRequested, liraReset, liraStatusRefreshRequested, presetChosen,
  profileCreationSubmitted, profileUpdateSubmitted, putStatusFx, resubscribeRequired, saveExtensionFx, selectionStartRequested, selectionStarted,
  startTrialFx, statusButtonClicked, statusChangeRequested, subscriptionCancelConfirmed, updateProfileFx, variantsReloadRequired,
  type ExtensionPayload, type LiraForm, type LiraProfile, type LiraStatus,
} from '@/entities/lira-profile';
import { $subscription, deriveSubscription, fetchSubscriptionFx, type Subscription } from '@/entities/subscription';
import type { Preset } from '@/shared/api';
import { DEFAULT_EXTENSION_FORM, formatExpiredAt } from '@/shared/api/contract/lira-rules';
import { $modal, $notifications } from '@/shared/model';

const sub = (status: Subscription['status'], inMs = 5 * 86_400_000): Subscription => ({
  status, expiredAt: formatExpiredAt(new Date(Date.now() + inMs)), serviceType: 'LIRA_4', autoRenewal: status === 'ACTIVE', nextPaymentAt: null, trialUsed: true,
});
const derived = (status: Subscription['status']) => deriveSubscription(sub(status), Date.now());
const form = (patch: Partial<LiraForm> = {}): LiraForm => ({ ...emptyForm([78]), roomsAmount: ['r2'], ...patch });
const profile = (status: LiraStatus, settings: ExtensionPayload = extensionToPayload(DEFAULT_EXTENSION_FORM, form())): LiraProfile => ({
  filters: { cityIds: [78], areaIds: [], metroIds: [], priceTotalMinGte: 1, priceTotalMinLte: 2, realtyType: 'ALL', isApartHotel: null, renovationType: null,
    roomsCntForFilter: [2], areaForFilter: null, areaKitchenGte: null, areaResidentialGte: null, areaTotalGte: null, avgAreaRoomsGte: null, deadlineGte: null,
    deadlineLte: null, stageIsPut: null },
  portraitId: null, wishGroups: {}, status, settings, createdAt: '', updatedAt: '',
});
const preset = (id: number): Preset => ({
  template: { id, priority: id, code: `p${id}`, title: `P${id}`, description: '', image: '', params: {} },
  filters: { cityIds: [78], areaIds: [1], metroIds: [2], priceTotalMinGte: 3e6, priceTotalMinLte: 9e6, priceTotalMinGap: 20, roomsCntForFilter: [id % 5],
    realtyType: 'ALL', isApartHotel: null, renovationType: null, areaTotalGte: null, areaKitchenGte: null, areaResidentialGte: null, avgAreaRoomsGte: null,
    areaForFilter: null, deadlineGte: 0, deadlineLte: 0, stageIsPut: false },
  cityKladr: 78,
});

/** A scope with the API replaced: records status PUTs and extension saves. */
function setup(opts: {
  status?: LiraStatus; subscription?: Subscription | null; connected?: boolean; profile?: LiraProfile | null; form?: LiraForm; savedExt?: ExtensionPayload | null;
  initialised?: boolean;
} = {}) {
  const puts: string[] = [];
  const savedExt: ExtensionPayload[] = [];
  const updates: unknown[] = [];
  let subscription = opts.subscription === undefined ? sub('ACTIVE') : opts.subscription;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- fork's own handler pair type
  const handlers: Array<[Effect<any, any, any>, (...args: any[]) => unknown]> = [
    [fetchLiraProfileFx, async () => (opts.profile === undefined ? null : opts.profile)],
    [fetchSubscriptionFx, async () => subscription],
    [fetchAiPresetsFx, async () => [preset(1), preset(2)]],
    [createProfileFx, async () => profile('NOT_PAID')],
    [updateProfileFx, async (p: unknown) => (updates.push(p), profile('ACTIVE'))],
    [saveExtensionFx, async (p: ExtensionPayload) => (savedExt.push(p), p)],
    [putStatusFx, async (s: string) => (puts.push(s), s)],
    [startTrialFx, async () => ((subscription = sub('ACTIVE', 3 * 86_400_000)), { subscription, payment: null })],
    [deleteSubscriptionFx, async () => ((subscription = sub('CANCELLED')), null)],
  ];
  const scope = fork({
    values: [
      [$liraStatus, opts.status ?? 'NOT_CREATED'],
      [$subscription, subscription ? deriveSubscription(subscription, Date.now()) : null],
      [$messengerConnected, opts.connected ?? true],
      [$liraForm, opts.form ?? form()],
      [$savedExtension, opts.savedExt ?? null],
      [$profileInitialised, opts.initialised ?? true],
    ],
    handlers,
  });
  return { scope, handlers, puts, savedExt, updates, setProfile: (p: LiraProfile | null) => (opts.profile = p), setSubscription: (s: Subscription | null) => (subscription = s) };
}
const texts = (scope: Scope) => scope.getState($notifications).map((n) => n.text);

afterEach(() => vi.useRealTimers());

describe('profile status on load (spec §4), in a forked scope', () => {
  it.each<[LiraStatus | null, Subscription['status'] | null, LiraStatus]>([
    ['STOP', 'ACTIVE', 'STOP'],
    ['ACTIVE', 'CANCELLED', 'CANCELLED'],
    ['CANCELLED', 'CANCELLED', 'CANCELLED'],
    ['START', 'CANCELLED', 'CANCELLED'],
    ['STOP', 'CANCELLED', 'REJECTED'],
    ['ACTIVE', 'EXPIRED', 'EXPIRED'],
    ['ACTIVE', 'PAST_DUE', 'EXPIRED'],
    ['ACTIVE', null, 'NOT_PAID'],
    [null, 'ACTIVE', 'NOT_CREATED'],
  ])('profile %s, subscription %s → %s', async (profileStatus, subStatus, expected) => {
    const { scope } = setup({ status: 'START', profile: profileStatus ? profile(profileStatus) : null, subscription: subStatus ? sub(subStatus) : null });
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    expect(scope.getState($liraStatus)).toBe(expected);
    expect(scope.getState($profileInitialised)).toBe(true);
  });

  it('a subscription past its expiredAt loads as EXPIRED even if the server says ACTIVE', async () => {
    const { scope } = setup({ profile: profile('ACTIVE'), subscription: sub('ACTIVE', -1000) });
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    expect(scope.getState($liraStatus)).toBe('EXPIRED');
  });

  it('no profile: defaults from the matching preset, else the first; metro cleared without metro', async () => {
    const { scope } = setup({ profile: null });
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: false, templateId: 2 } });
    expect(scope.getState($liraForm)).toMatchObject({ roomsAmount: ['r2'], metroIds: [], areaIds: [1] });
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    expect(scope.getState($liraForm)).toMatchObject({ roomsAmount: ['r1'], metroIds: [2] });
  });
});

describe('create → NOT_PAID → trial → start selection (spec §4)', () => {
  it('creates, takes the trial (3 days) and starts: START, status sent, lists reloaded', async () => {
    const { scope, puts } = setup({ subscription: null });
    const started = vi.fn();
    const reloaded = vi.fn();
    const unwatch = [selectionStarted.watch(started), variantsReloadRequired.watch(reloaded)];
    await allSettled(profileCreationSubmitted, { scope, params: form() });
    unwatch.forEach((u) => u());
    expect(scope.getState($liraStatus)).toBe('START');
    expect(puts).toEqual(['START']);
    expect(scope.getState($subscription)?.daysLeft).toBe(3);
    expect(started).toHaveBeenCalledWith('START');
    expect(reloaded).toHaveBeenCalled();
  });

  it('a retry after the trial went through but the start failed skips the trial (once per user) and starts', async () => {
    const { handlers, puts } = setup({ subscription: sub('ACTIVE', 3 * 86_400_000) });
    const trial = vi.fn(async () => Promise.reject(new Error('Промокод уже использован')));
    const retry = fork({
      values: [[$liraStatus, 'NOT_PAID'], [$profileInitialised, true]],
      handlers: [...handlers.filter(([fx]) => fx !== startTrialFx), [startTrialFx, trial]],
    });
    await allSettled(profileCreationSubmitted, { scope: retry, params: form() });
    expect(trial).not.toHaveBeenCalled();
    expect(retry.getState($liraStatus)).toBe('START');
    expect(texts(retry)).toEqual([]);
    expect(puts).toEqual(['START']);
  });

  it('a trial refused leaves NOT_PAID and says why', async () => {
    vi.useFakeTimers();
    const refused = fork({
      values: [[$liraStatus, 'NOT_CREATED']],
      handlers: [[createProfileFx, async () => profile('NOT_PAID')], [fetchSubscriptionFx, async () => null], [startTrialFx, async () => Promise.reject(new Error('Пробный период уже использован'))]],
    });
    void allSettled(profileCreationSubmitted, { scope: refused, params: form() });
    await vi.advanceTimersByTimeAsync(10);
    expect(refused.getState($liraStatus)).toBe('NOT_PAID');
    expect(texts(refused)).toContain('Не удалось подключить пробный период: Пробный период уже использован');
  });

  it.each<[LiraStatus, Subscription['status'], LiraStatus]>([
    ['NOT_PAID', 'ACTIVE', 'START'],
    ['NOT_PAID', 'CANCELLED', 'START'],
    ['EXPIRED', 'ACTIVE', 'ACTIVE'],
    ['REJECTED', 'CANCELLED', 'CANCELLED'],
  ])('start selection from %s with subscription %s → %s', async (from, subStatus, expected) => {
    const { scope, puts } = setup({ status: from, subscription: sub(subStatus) });
    await allSettled(selectionStartRequested, { scope });
    expect(scope.getState($liraStatus)).toBe(expected);
    expect(puts).toEqual([expected]);
  });

  it.each([['EXPIRED'], ['PAST_DUE'], [null]] as const)("subscription %s: 'Ошибка оформления подписки', status unchanged", async (subStatus) => {
    vi.useFakeTimers();
    const { scope, puts } = setup({ status: 'NOT_PAID', subscription: subStatus ? sub(subStatus, subStatus === 'EXPIRED' ? -1000 : 86_400_000) : null });
    void allSettled(selectionStartRequested, { scope });
    await vi.advanceTimersByTimeAsync(10);
    expect(scope.getState($liraStatus)).toBe('NOT_PAID');
    expect(puts).toEqual([]);
    expect(texts(scope)).toContain('Ошибка оформления подписки');
  });
});

describe('toggle and cancel (spec §4)', () => {
  it.each<[Subscription['status'], 'ACTIVE' | 'STOP', LiraStatus]>([
    ['CANCELLED', 'ACTIVE', 'CANCELLED'],
    ['CANCELLED', 'STOP', 'REJECTED'],
    ['ACTIVE', 'ACTIVE', 'ACTIVE'],
    ['ACTIVE', 'STOP', 'STOP'],
  ])('subscription %s, requested %s → %s (the requested status is sent)', async (subStatus, requested, expected) => {
    const { scope, puts } = setup({ status: 'STOP', subscription: sub(subStatus) });
    await allSettled(statusChangeRequested, { scope, params: requested });
    expect(puts).toEqual([requested]);
    expect(scope.getState($liraStatus)).toBe(expected);
  });

  it.each<[LiraStatus, LiraStatus]>([
    ['ACTIVE', 'CANCELLED'],
    ['STOP', 'REJECTED'],
    ['START', 'CANCELLED'],
  ])('cancel subscription: %s → %s; the subscription is re-read', async (from, expected) => {
    const { scope } = setup({ status: from });
    await allSettled(subscriptionCancelConfirmed, { scope });
    expect(scope.getState($liraStatus)).toBe(expected);
    expect(scope.getState($subscription)?.status).toBe('CANCELLED');
  });
});

describe('status button (spec §4)', () => {
  it('NOT_CREATED opens the creation chat', async () => {
    const { scope } = setup({ status: 'NOT_CREATED' });
    await allSettled(statusButtonClicked, { scope });
    expect(scope.getState($chat)).toMatchObject({ isOpen: true, view: 'LIRA_CREATION' });
  });
  it.each<[LiraStatus, Subscription['status'], LiraStatus, string]>([
    ['ACTIVE', 'ACTIVE', 'STOP', 'STOP'],
    ['CANCELLED', 'CANCELLED', 'REJECTED', 'STOP'],
    ['STOP', 'ACTIVE', 'ACTIVE', 'ACTIVE'],
    ['REJECTED', 'CANCELLED', 'CANCELLED', 'ACTIVE'],
  ])('%s (subscription %s) → %s', async (from, subStatus, expected, sent) => {
    const { scope, puts } = setup({ status: from, subscription: sub(subStatus), connected: true });
    await allSettled(statusButtonClicked, { scope });
    expect(puts).toEqual([sent]);
    expect(scope.getState($liraStatus)).toBe(expected);
  });
  it.each<LiraStatus>(['STOP', 'REJECTED'])('%s without the messenger asks to resubscribe and changes nothing', async (from) => {
    const { scope, puts } = setup({ status: from, connected: false });
    const asked = vi.fn();
    const unwatch = resubscribeRequired.watch(asked);
    await allSettled(statusButtonClicked, { scope });
    unwatch();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(puts).toEqual([]);
    expect(scope.getState($liraStatus)).toBe(from);
  });
  it.each<LiraStatus>(['NOT_PAID', 'EXPIRED'])('%s opens the recurrent payment modal', async (from) => {
    vi.useFakeTimers();
    const { scope } = setup({ status: from });
    void allSettled(statusButtonClicked, { scope });
    await vi.advanceTimersByTimeAsync(10);
    expect(scope.getState($modal)?.id).toBe('recurrentPayment');
  });
  it('is ignored until the profile has loaded (NOT_CREATED is only the default then)', async () => {
    const { scope, puts } = setup({ status: 'NOT_CREATED', initialised: false });
    await allSettled(statusButtonClicked, { scope });
    expect(scope.getState($chat).isOpen).toBe(false);
    expect(puts).toEqual([]);
  });
  it('START does nothing', async () => {
    const { scope, puts } = setup({ status: 'START' });
    await allSettled(statusButtonClicked, { scope });
    expect(puts).toEqual([]);
    expect(scope.getState($chat).isOpen).toBe(false);
    expect(scope.getState($modal)).toBeNull();
  });
});

describe('LIRA_SWITCH of a profile not created opens LIRA_CREATION (spec §2)', () => {
  it('only once the profile is initialised', async () => {
    const { scope } = setup({ profile: null, initialised: false });
    await allSettled(chatOpened, { scope, params: 'LIRA_SWITCH' });
    expect(scope.getState($chat).view).toBe('LIRA_SWITCH');
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    await allSettled(chatOpened, { scope, params: 'LIRA_SWITCH' });
    expect(scope.getState($chat).view).toBe('LIRA_CREATION');
    const created = setup({ status: 'ACTIVE', profile: profile('ACTIVE') });
    await allSettled(liraLoadRequested, { scope: created.scope, params: { cityKladr: 78, hasMetro: true } });
    await allSettled(chatOpened, { scope: created.scope, params: 'LIRA_SWITCH' });
    expect(created.scope.getState($chat).view).toBe('LIRA_SWITCH');
  });
});

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

describe('the 1-day timer (spec §4)', () => {
  it('when one day is left, re-reads at expiredAt and sets EXPIRED', async () => {
    vi.useFakeTimers();
    const { scope, setSubscription } = setup({ status: 'ACTIVE', profile: profile('ACTIVE'), subscription: sub('ACTIVE', 3_600_000) });
    void allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    await vi.advanceTimersByTimeAsync(10);
    expect(scope.getState($subscription)?.daysLeft).toBe(1);
    setSubscription(sub('EXPIRED', -1));
    await vi.advanceTimersByTimeAsync(3_600_000 - 2_000);
    expect(scope.getState($liraStatus)).toBe('ACTIVE');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(scope.getState($liraStatus)).toBe('EXPIRED');
    expect(scope.getState($subscription)?.status).toBe('EXPIRED');
  });
  it('no timer with more days left', async () => {
    vi.useFakeTimers();
    const { scope, setSubscription } = setup({ status: 'ACTIVE', profile: profile('ACTIVE'), subscription: sub('ACTIVE', 3 * 86_400_000) });
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    setSubscription(null);
    await vi.advanceTimersByTimeAsync(4 * 86_400_000);
    expect(scope.getState($liraStatus)).toBe('ACTIVE');
  });
});

describe('logout resets the AI search state (spec §4 Session "Downgrade")', () => {
  it('status, form and subscription go back to their defaults', async () => {
    const { loggedOut, resetToAnonymousFx } = await import('@/entities/session');
    const scope = fork({
      values: [[$liraStatus, 'ACTIVE'], [$subscription, derived('ACTIVE')], [$profileInitialised, true]],
      handlers: [[resetToAnonymousFx, async () => ({ token: 'h.e30.s', expires: 0, isAnonymous: true })]],
    });
    await allSettled(loggedOut, { scope });
    expect(scope.getState($liraStatus)).toBe('NOT_CREATED');
    expect(scope.getState($subscription)).toBeNull();
    expect(scope.getState($profileInitialised)).toBe(false);
  });
});

describe('stale loads and the status-only refresh', () => {
  /** A profile read the test answers when it wants. */
  function pendingProfile() {
    let resolve!: (p: LiraProfile | null) => void;
    const promise = new Promise<LiraProfile | null>((res) => (resolve = res));
    return { promise, resolve };
  }

  it('a load in flight across a logout (liraReset) does not write the previous user back', async () => {
    const { handlers } = setup();
    const read = pendingProfile();
    const scope = fork({ handlers: [...handlers.filter(([fx]) => fx !== fetchLiraProfileFx), [fetchLiraProfileFx, () => read.promise]] });
    const loading = allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    // Not awaited alone: allSettled waits for the read in flight too.
    const resetting = allSettled(liraReset, { scope });
    read.resolve(profile('ACTIVE'));
    await Promise.all([loading, resetting]);
    expect(scope.getState($liraStatus)).toBe('NOT_CREATED');
    expect(scope.getState($profileInitialised)).toBe(false);
    expect(scope.getState($subscription)).toBeNull();
    expect(scope.getState($liraForm)).toEqual(emptyForm([]));
  });

  it('of two loads only the latest applies, whatever order they answer in', async () => {
    const { handlers } = setup();
    const first = pendingProfile();
    const second = pendingProfile();
    const reads = [first.promise, second.promise];
    const scope = fork({ handlers: [...handlers.filter(([fx]) => fx !== fetchLiraProfileFx), [fetchLiraProfileFx, () => reads.shift()]] });
    const a = allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    const b = allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    second.resolve(profile('STOP'));
    await new Promise((r) => setTimeout(r, 0));
    expect(scope.getState($liraStatus)).toBe('STOP');
    first.resolve(profile('ACTIVE'));
    await Promise.all([a, b]);
    expect(scope.getState($liraStatus)).toBe('STOP');
  });

  it('the status refresh updates status and subscription but leaves the forms alone', async () => {
    const { scope, setProfile, setSubscription } = setup({ profile: profile('START') });
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    expect(scope.getState($liraStatus)).toBe('START');
    const formBefore = scope.getState($liraForm);
    const extBefore = scope.getState($extension);
    setProfile({ ...profile('ACTIVE'), portraitId: 5 });
    setSubscription(sub('CANCELLED'));
    await allSettled(liraStatusRefreshRequested, { scope });
    expect(scope.getState($liraStatus)).toBe('CANCELLED');
    expect(scope.getState($subscription)?.status).toBe('CANCELLED');
    expect(scope.getState($liraForm)).toBe(formBefore);
    expect(scope.getState($extension)).toBe(extBefore);
  });

  it('a status refresh answered after a logout is dropped', async () => {
    const { handlers } = setup();
    const read = pendingProfile();
    const scope = fork({ values: [[$profileInitialised, true], [$liraStatus, 'START']], handlers: [...handlers.filter(([fx]) => fx !== fetchLiraProfileFx), [fetchLiraProfileFx, () => read.promise]] });
    const refreshing = allSettled(liraStatusRefreshRequested, { scope });
    const resetting = allSettled(liraReset, { scope });
    read.resolve(profile('ACTIVE'));
    await Promise.all([refreshing, resetting]);
    expect(scope.getState($liraStatus)).toBe('NOT_CREATED');
    expect(scope.getState($subscription)).toBeNull();
  });
});
