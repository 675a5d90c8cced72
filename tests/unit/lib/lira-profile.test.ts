import { describe, expect, it } from 'vitest';
import {
  adjacentRooms,
  extensionFromServer,
  extensionToPayload,
  formFromPreset,
  formToPayload,
  importanceFromWire,
  importanceToWire,
  infoBlockFor,
  isLaunched,
  isSwitchable,
  LIRA_STATUS_LABELS,
  payloadToForm,
  pruneExtension,
  resetExtensionForPreset,
  statusAfterCancel,
  statusAfterStart,
  statusAfterToggle,
  statusButtonAction,
  statusOnLoad,
  subscriptionCaption,
  subscriptionPanel,
  emptyForm,
  nextLiraPage,
  liraVariantsQuery,
  liraMapQuery,
  type LiraForm,
  type LiraStatus,
} from '@/entities/lira-profile';
import { deriveSubscription } from '@/entities/subscription';
import type { Preset } from '@/shared/api';
import { DEFAULT_EXTENSION_FORM } from '@kvarta/contract/lira-rules';
import { subscriptionFixture } from '../support/subscription';

const form = (patch: Partial<LiraForm> = {}): LiraForm => ({ ...emptyForm([78]), ...patch });

describe('spec §4 LIRA status labels, captions, panel, info block', () => {
  it.each<[LiraStatus, string, string, string, string, boolean, boolean]>([
    // status, label, caption (date 05.12), panel, info block, launched, switchable
    ['NOT_CREATED', 'Не создан', '', 'none', 'stop', false, false],
    ['NOT_PAID', 'Не оплачен', '', 'none', 'stop', false, false],
    ['START', 'Запускается', 'Подождите немного, скоро будут подобраны первые квартиры', 'starting', 'work', true, false],
    ['ACTIVE', 'Запущен', 'Активен до 05.12', 'status', 'work', true, true],
    ['STOP', 'Остановлен', 'Активен до 05.12', 'status', 'stop', false, true],
    ['REJECTED', 'Остановлен', 'Активен до 05.12', 'status-renew', 'stop', false, true],
    ['CANCELLED', 'Запущен', 'Активен до 05.12', 'status-renew', 'work', true, true],
    ['EXPIRED', 'Остановлен', '', 'renew-danger', 'unpaid', false, false],
  ])('%s', (status, label, caption, panel, block, launched, switchable) => {
    expect(LIRA_STATUS_LABELS[status]).toBe(label);
    expect(subscriptionCaption(status, '05.12')).toBe(caption);
    expect(subscriptionPanel(status)).toBe(panel);
    expect(infoBlockFor(status)).toBe(block);
    expect(isLaunched(status)).toBe(launched);
    expect(isSwitchable(status)).toBe(switchable);
  });

  it("caption without a date is 'Активен'", () => {
    for (const status of ['ACTIVE', 'STOP', 'REJECTED', 'CANCELLED'] as const) expect(subscriptionCaption(status, '')).toBe('Активен');
  });
});

describe('spec §4 profile status on load', () => {
  it.each<[LiraStatus | null, Parameters<typeof statusOnLoad>[1], LiraStatus]>([
    ['STOP', 'ACTIVE', 'STOP'],
    ['START', 'ACTIVE', 'START'],
    ['ACTIVE', 'CANCELLED', 'CANCELLED'],
    ['CANCELLED', 'CANCELLED', 'CANCELLED'],
    ['START', 'CANCELLED', 'CANCELLED'],
    ['STOP', 'CANCELLED', 'REJECTED'],
    ['REJECTED', 'CANCELLED', 'REJECTED'],
    ['NOT_PAID', 'CANCELLED', 'REJECTED'],
    ['ACTIVE', 'EXPIRED', 'EXPIRED'],
    ['ACTIVE', 'PAST_DUE', 'EXPIRED'],
    ['ACTIVE', null, 'NOT_PAID'],
    [null, 'ACTIVE', 'NOT_CREATED'],
    [null, null, 'NOT_CREATED'],
  ])('profile %s + subscription %s → %s', (profile, sub, expected) => expect(statusOnLoad(profile, sub)).toBe(expected));
});

describe('spec §4 transitions as pure rules', () => {
  it('start selection: NOT_PAID → START; otherwise follow the subscription; any other subscription is an error', () => {
    expect(statusAfterStart('NOT_PAID', 'ACTIVE')).toBe('START');
    expect(statusAfterStart('NOT_PAID', 'CANCELLED')).toBe('START');
    expect(statusAfterStart('EXPIRED', 'ACTIVE')).toBe('ACTIVE');
    expect(statusAfterStart('REJECTED', 'CANCELLED')).toBe('CANCELLED');
    for (const sub of ['EXPIRED', 'PAST_DUE', null] as const) expect(statusAfterStart('NOT_PAID', sub)).toBeNull();
  });
  it('toggle: with CANCELLED, ACTIVE → CANCELLED and anything else → REJECTED; otherwise as requested', () => {
    expect(statusAfterToggle('ACTIVE', 'REJECTED', 'CANCELLED')).toBe('CANCELLED');
    expect(statusAfterToggle('STOP', 'CANCELLED', 'CANCELLED')).toBe('REJECTED');
    expect(statusAfterToggle('ACTIVE', 'STOP', 'ACTIVE')).toBe('ACTIVE');
    expect(statusAfterToggle('STOP', 'ACTIVE', 'ACTIVE')).toBe('STOP');
  });
  it('cancel: a running profile (ACTIVE, START, or CANCELLED cancelled again) → CANCELLED, searching to the end; anything else → REJECTED', () => {
    expect(statusAfterCancel('ACTIVE')).toBe('CANCELLED');
    expect(statusAfterCancel('START')).toBe('CANCELLED');
    expect(statusAfterCancel('CANCELLED')).toBe('CANCELLED');
    for (const s of ['STOP', 'REJECTED', 'NOT_PAID'] as const) expect(statusAfterCancel(s)).toBe('REJECTED');
  });
  it.each<[LiraStatus, boolean, ReturnType<typeof statusButtonAction>]>([
    ['NOT_CREATED', true, 'open-creation'],
    ['ACTIVE', true, 'stop'],
    ['CANCELLED', false, 'stop'],
    ['STOP', true, 'resume'],
    ['REJECTED', true, 'resume'],
    ['STOP', false, 'resubscribe'],
    ['REJECTED', false, 'resubscribe'],
    ['NOT_PAID', true, 'pay'],
    ['EXPIRED', true, 'pay'],
    ['START', true, 'none'],
  ])('status button %s (messenger %s) → %s', (status, connected, expected) => expect(statusButtonAction(status, connected)).toBe(expected));
});

describe('spec §3 form ↔ payload', () => {
  it('wish importance: DESIRABLE travels as NOT_IMPORTANT, NOT_IMPORTANT as null, and back', () => {
    expect(importanceToWire('NOT_IMPORTANT')).toBeNull();
    expect(importanceToWire('DESIRABLE')).toBe('NOT_IMPORTANT');
    expect(importanceToWire('IMPORTANT')).toBe('IMPORTANT');
    expect(importanceToWire('VERY_IMPORTANT')).toBe('VERY_IMPORTANT');
    expect(importanceFromWire(null)).toBe('NOT_IMPORTANT');
    expect(importanceFromWire('NOT_IMPORTANT')).toBe('DESIRABLE');
    expect(importanceFromWire('VERY_IMPORTANT')).toBe('VERY_IMPORTANT');
  });

  it('maps every field: rooms keys, isApartHotel, renovation ALL → null, deadline "any" → null', () => {
    const payload = formToPayload(
      form({
        areaIds: [1],
        metroIds: [2],
        priceMinMax: [5_000_000, 9_000_000],
        areaTotalMin: 40,
        areaKitchenMin: 10,
        roomsAmount: ['studio', 'r2', 'r4'],
        deadlineLte: 20274,
        stageIsPut: true,
        realtyType: 'NEW',
        housingType: 'FLAT',
        renovationType: 'ALL',
        portraitId: 3,
        wishes: { SCHOOL: 'VERY_IMPORTANT', PARK: 'DESIRABLE', SHOPS: 'NOT_IMPORTANT' },
      }),
    );
    expect(payload).toEqual({
      filters: {
        cityIds: [78],
        areaIds: [1],
        metroIds: [2],
        priceTotalMinGte: 5_000_000,
        priceTotalMinLte: 9_000_000,
        realtyType: 'NEW',
        isApartHotel: false,
        renovationType: null,
        roomsCntForFilter: [0, 2, 4],
        areaForFilter: null,
        areaKitchenGte: 10,
        areaResidentialGte: null,
        areaTotalGte: 40,
        avgAreaRoomsGte: null,
        deadlineGte: null,
        deadlineLte: 20274,
        stageIsPut: true,
      },
      portraitId: 3,
      wishGroups: { SCHOOL: 'VERY_IMPORTANT', PARK: 'NOT_IMPORTANT', SHOPS: null },
      // The spec's mortgage defaults travel with the profile (its cards' and map's payments use them).
      mortgageInfo: {
        initialFee: 1_000_000,
        monthlyPayment: 40_000,
        loanerInfo: { age: 35, sex: 'MALE', hasChildren: false, worksInIT: false },
      },
    });
    expect(formToPayload(form({ housingType: 'APARTMENT' })).filters.isApartHotel).toBe(true);
    expect(formToPayload(form({ housingType: 'ALL' })).filters.isApartHotel).toBeNull();
    expect(formToPayload(form({ deadlineLte: 300001 })).filters.deadlineLte).toBeNull();
    expect(formToPayload(form({ renovationType: 'UNRENOVATED' })).filters.renovationType).toBe('UNRENOVATED');
  });

  it('round-trips a form through the payload; an unknown renovation reads as ALL', () => {
    const original = form({
      roomsAmount: ['r1', 'r3'],
      housingType: 'APARTMENT',
      renovationType: 'FULLY_RENOVATED',
      wishes: { PARK: 'DESIRABLE', SCHOOL: 'IMPORTANT' },
      deadlineLte: 20264,
    });
    expect(payloadToForm(formToPayload(original))).toEqual(original);
    const odd = formToPayload(original);
    expect(payloadToForm({ ...odd, filters: { ...odd.filters, renovationType: 'SOMETHING' as never } }).renovationType).toBe('ALL');
  });

  it('a preset fills the form and clears metro for a city without metro', () => {
    const preset = {
      template: { id: 7, priority: 1, code: 'c', title: 't', description: '', image: '', params: { SCHOOL: 'IMPORTANT' } },
      filters: {
        cityIds: [161],
        areaIds: [5],
        metroIds: [9],
        priceTotalMinGte: 3e6,
        priceTotalMinLte: 7e6,
        priceTotalMinGap: 20,
        roomsCntForFilter: [1, 2],
        realtyType: 'ALL',
        isApartHotel: null,
        renovationType: null,
        areaTotalGte: null,
        areaKitchenGte: null,
        areaResidentialGte: null,
        avgAreaRoomsGte: null,
        areaForFilter: null,
        deadlineGte: 0,
        deadlineLte: 0,
        stageIsPut: false,
      },
      cityKladr: 161,
    } as Preset;
    const f = formFromPreset(preset, false);
    expect(f).toMatchObject({
      cityIds: [161],
      areaIds: [5],
      metroIds: [],
      priceMinMax: [3e6, 7e6],
      roomsAmount: ['r1', 'r2'],
      wishes: { SCHOOL: 'IMPORTANT' },
    });
    expect(formFromPreset(preset, true).metroIds).toEqual([9]);
  });
});

describe('spec §5 extension payload and adjacent rooms', () => {
  it('adjacent rooms are unselected neighbours', () => {
    expect(adjacentRooms([2])).toEqual([1, 3]);
    expect(adjacentRooms([0, 1])).toEqual([2]);
    expect(adjacentRooms([4])).toEqual([3]);
    expect(adjacentRooms([])).toEqual([]);
  });

  it('DEADLINE active only with a real deadline; REALTY_TYPE only with a type, sending the opposite one', () => {
    const ext = { ...DEFAULT_EXTENSION_FORM, extendRealtyType: true, extendRoomsAmountWith: [1, 3] };
    const p = extensionToPayload(ext, { deadlineLte: 20274, realtyType: 'NEW' });
    expect(p.extensions).toEqual([
      { type: 'LOCATION', active: true, params: { areaIds: [], metroIds: [] } },
      { type: 'PRICE', active: true, params: { price: 10 } },
      { type: 'ROOMS_COUNT', active: true, params: { roomsCnt: [1, 3] } },
      { type: 'DEADLINE', active: true, params: { deadline: 2 } },
      { type: 'REALTY_TYPE', active: true, params: { realtyType: 'RESALE' } },
    ]);
    for (const deadlineLte of [0, 300001])
      expect(
        extensionToPayload(ext, { deadlineLte, realtyType: 'ALL' })
          .extensions.filter((e) => e.active)
          .map((e) => e.type),
      ).toEqual(['LOCATION', 'PRICE', 'ROOMS_COUNT']);
    expect(extensionToPayload(ext, { deadlineLte: 0, realtyType: 'RESALE' }).extensions[4]).toEqual({
      type: 'REALTY_TYPE',
      active: true,
      params: { realtyType: 'NEW' },
    });
  });

  it('useExtensions: true when any extension is active or expert selection is on', () => {
    const none = { ...DEFAULT_EXTENSION_FORM, extendLocation: false, extendPrice: false, extendRoomsAmount: false, extendDeadline: false };
    expect(extensionToPayload(none, { deadlineLte: 0, realtyType: 'ALL' }).useExtensions).toBe(false);
    expect(extensionToPayload({ ...none, useExpertSelection: true }, { deadlineLte: 0, realtyType: 'ALL' }).useExtensions).toBe(true);
  });

  it('reads back from the server; no settings means the defaults', () => {
    expect(extensionFromServer(null)).toEqual(DEFAULT_EXTENSION_FORM);
    const ext = {
      ...DEFAULT_EXTENSION_FORM,
      extendAreaIdsWith: [4],
      extendPriceBy: 15,
      extendRealtyType: true,
      extendRealtyTypeWith: 'RESALE' as const,
      extendRoomsAmountWith: [3],
    };
    expect(extensionFromServer(extensionToPayload(ext, { deadlineLte: 20274, realtyType: 'NEW' }))).toEqual(ext);
  });

  it('preset reset empties districts and metro and sets adjacent rooms', () => {
    const ext = { ...DEFAULT_EXTENSION_FORM, extendAreaIdsWith: [1], extendMetroIdsWith: [2], extendRoomsAmountWith: [4] };
    expect(resetExtensionForPreset(ext, { roomsAmount: ['r2'] })).toMatchObject({
      extendAreaIdsWith: [],
      extendMetroIdsWith: [],
      extendRoomsAmountWith: [1, 3],
    });
  });

  it('profile update prunes alternatives the main filters cover and clears the deadline extension for "any"', () => {
    const ext = { ...DEFAULT_EXTENSION_FORM, extendAreaIdsWith: [1, 2], extendMetroIdsWith: [3, 4], extendRoomsAmountWith: [1, 3] };
    expect(pruneExtension(ext, form({ areaIds: [2], metroIds: [3], roomsAmount: ['r3'], deadlineLte: 20274 }))).toMatchObject({
      extendAreaIdsWith: [1],
      extendMetroIdsWith: [4],
      extendRoomsAmountWith: [1],
      extendDeadline: true,
    });
    expect(pruneExtension(ext, form({ deadlineLte: 0 })).extendDeadline).toBe(false);
    expect(pruneExtension(ext, form({ deadlineLte: 300001 })).extendDeadline).toBe(false);
  });
});

describe('spec §3 derived subscription', () => {
  const now = Date.UTC(2026, 10, 22, 9, 0, 0); // 12:00 in Moscow
  it('displayExpiredAt DD.MM, daysLeft rounded up, past expiredAt is EXPIRED with 0 days', () => {
    const sub = subscriptionFixture({ expiredAt: '25.11.2026 13:00:00' });
    expect(deriveSubscription(sub, now)).toMatchObject({
      status: 'ACTIVE',
      displayExpiredAt: '25.11',
      displayExpiredDate: '25.11.2026',
      daysLeft: 4,
    });
    expect(deriveSubscription({ ...sub, expiredAt: '22.11.2026 11:59:59' }, now)).toMatchObject({ status: 'EXPIRED', daysLeft: 0 });
    expect(deriveSubscription({ ...sub, expiredAt: '23.11.2026 11:00:00' }, now).daysLeft).toBe(1);
  });
});

describe('spec §7 LIRA list paging: next page while totalItems > page × size + size', () => {
  const page = (totalItems: number) => ({ items: [], meta: { totalItems, page: 0, size: 30 } });
  it.each([
    [30, 1, undefined],
    [31, 1, 1],
    [60, 2, undefined],
    [61, 2, 2],
    [0, 1, undefined],
  ])('total %i after %i page(s) → %s', (total, pages, expected) => {
    const list = Array.from({ length: pages }, () => page(total));
    expect(nextLiraPage(list.at(-1)!, list)).toBe(expected);
  });
});

describe('spec §7/§9 polling: list every 5 s while running and page one is empty; map every 60 s while running', () => {
  type Interval = (query: { state: { data: unknown } }) => number | false;
  const listInterval = (poll: boolean, firstPageItems: number | null) =>
    (liraVariantsQuery(1, 'SUGGESTION_DATE_DESC', false, poll).refetchInterval as unknown as Interval)({
      state: {
        data:
          firstPageItems === null
            ? undefined
            : { pages: [{ items: Array.from({ length: firstPageItems }), meta: { totalItems: firstPageItems } }] },
      },
    });
  it('list', () => {
    expect(listInterval(true, null)).toBe(5_000);
    expect(listInterval(true, 0)).toBe(5_000);
    expect(listInterval(true, 3)).toBe(false);
    expect(listInterval(false, 0)).toBe(false);
  });
  it('map', () => {
    expect(liraMapQuery(1, false, true).refetchInterval).toBe(60_000);
    expect(liraMapQuery(1, false, false).refetchInterval).toBe(false);
  });
});
