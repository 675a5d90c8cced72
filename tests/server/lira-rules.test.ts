import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXTENSION_FORM,
  adjacentRooms,
  apartStartParam,
  extensionPayload,
  formatExpiredAt,
  parseApartStartParam,
  parseExpiredAt,
} from '@kvarta/contract/lira-rules';
import { decideStatus } from '../../server/lira/status';
import { effectiveStatus, isValidSubscription, type SubscriptionRow } from '../../server/subscription/subscriptions';

const active = (entries: ReturnType<typeof extensionPayload>['extensions']) => Object.fromEntries(entries.map((e) => [e.type, e.active]));

describe('extension payload (spec §5)', () => {
  it('DEADLINE is active only with extendDeadline and a real deadlineLte', () => {
    for (const deadlineLte of [0, 300001, null])
      expect(active(extensionPayload(DEFAULT_EXTENSION_FORM, { deadlineLte }).extensions).DEADLINE).toBe(false);
    expect(active(extensionPayload(DEFAULT_EXTENSION_FORM, { deadlineLte: 20274 }).extensions).DEADLINE).toBe(true);
    expect(active(extensionPayload({ ...DEFAULT_EXTENSION_FORM, extendDeadline: false }, { deadlineLte: 20274 }).extensions).DEADLINE).toBe(
      false,
    );
    expect(extensionPayload(DEFAULT_EXTENSION_FORM, { deadlineLte: 20274 }).extensions.find((e) => e.type === 'DEADLINE')!.params).toEqual({
      deadline: 2,
    });
  });

  it('REALTY_TYPE is active only with extendRealtyType and a chosen type, and carries the opposite one', () => {
    const form = { ...DEFAULT_EXTENSION_FORM, extendRealtyType: true };
    expect(active(extensionPayload(form, { realtyType: 'ALL' }).extensions).REALTY_TYPE).toBe(false);
    const fromNew = extensionPayload(form, { realtyType: 'NEW' }).extensions.find((e) => e.type === 'REALTY_TYPE')!;
    expect(fromNew).toEqual({ type: 'REALTY_TYPE', active: true, params: { realtyType: 'RESALE' } });
    expect(extensionPayload(form, { realtyType: 'RESALE' }).extensions.find((e) => e.type === 'REALTY_TYPE')!.params).toEqual({
      realtyType: 'NEW',
    });
    expect(active(extensionPayload(DEFAULT_EXTENSION_FORM, { realtyType: 'NEW' }).extensions).REALTY_TYPE).toBe(false);
  });

  it('useExtensions is true when any extension is active or expert selection is on', () => {
    const none = { ...DEFAULT_EXTENSION_FORM, extendLocation: false, extendPrice: false, extendRoomsAmount: false, extendDeadline: false };
    expect(extensionPayload(none, {}).useExtensions).toBe(false);
    expect(extensionPayload({ ...none, useExpertSelection: true }, {}).useExtensions).toBe(true);
    expect(extensionPayload({ ...none, extendPrice: true, extendPriceBy: 15 }, {})).toMatchObject({ useExtensions: true });
    expect(
      extensionPayload({ ...none, extendPrice: true, extendPriceBy: 15 }, {}).extensions.find((e) => e.type === 'PRICE')!.params,
    ).toEqual({ price: 15 });
  });

  it('adjacent rooms are the unselected neighbours', () => {
    expect(adjacentRooms([1, 2])).toEqual([0, 3]);
    expect(adjacentRooms([0])).toEqual([1]);
    expect(adjacentRooms([4])).toEqual([3]);
    expect(adjacentRooms([0, 2, 4])).toEqual([1, 3]);
    expect(adjacentRooms([])).toEqual([]);
  });
});

describe('expiredAt text and start parameters', () => {
  it("formats 'DD.MM.YYYY HH:MM:SS' in Moscow time and parses it back", () => {
    const date = new Date('2026-12-31T21:05:09Z');
    expect(formatExpiredAt(date)).toBe('01.01.2027 00:05:09');
    expect(parseExpiredAt('01.01.2027 00:05:09')!.getTime()).toBe(date.getTime());
    expect(parseExpiredAt('2027-01-01')).toBeNull();
  });
  it('apart_<id> round-trips; anything else is not an apartment', () => {
    expect(parseApartStartParam(apartStartParam(123))).toBe(123);
    expect(parseApartStartParam('apart_x')).toBeNull();
    expect(parseApartStartParam(null)).toBeNull();
  });
});

describe('subscription status by the clock and the status the server stores', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  const row = (status: SubscriptionRow['status'], hoursLeft: number, autoRenewal = false): SubscriptionRow => ({
    userId: 1,
    serviceType: 'LIRA_4',
    status,
    expiredAt: new Date(now.getTime() + hoursLeft * 3600_000),
    autoRenewal,
    plan: autoRenewal ? { method: 'card', days: 30, amount: 1490, currency: 'RUB' } : null,
    providerSubscriptionId: null,
    providerUserId: null,
    trial: false,
    remindedFor: null,
  });
  it('ACTIVE and CANCELLED run until expiredAt; then EXPIRED, or PAST_DUE for a day when renewing', () => {
    expect(effectiveStatus(row('ACTIVE', 1), now)).toBe('ACTIVE');
    expect(effectiveStatus(row('CANCELLED', 1), now)).toBe('CANCELLED');
    expect(effectiveStatus(row('ACTIVE', -1), now)).toBe('EXPIRED');
    expect(effectiveStatus(row('CANCELLED', -1, true), now)).toBe('EXPIRED');
    expect(effectiveStatus(row('ACTIVE', -1, true), now)).toBe('PAST_DUE');
    expect(effectiveStatus(row('ACTIVE', -25, true), now)).toBe('EXPIRED');
    // The provider's PastDue: paused until it decides, at most a week after the end.
    expect(effectiveStatus(row('PAST_DUE', 5, true), now)).toBe('PAST_DUE');
    expect(effectiveStatus(row('PAST_DUE', -48, true), now)).toBe('PAST_DUE');
    expect(effectiveStatus(row('PAST_DUE', -8 * 24, true), now)).toBe('EXPIRED');
    expect(isValidSubscription(row('CANCELLED', 1), now)).toBe(true);
    expect(isValidSubscription(row('ACTIVE', -1, true), now)).toBe(false);
    expect(isValidSubscription(null, now)).toBe(false);
  });
  it('running needs a valid subscription; with a cancelled one ACTIVE is stored as CANCELLED; stopping always works', () => {
    expect(decideStatus('STOP', 'ACTIVE', null, now)).toEqual({ status: 'STOP' });
    expect(decideStatus('REJECTED', 'ACTIVE', null, now)).toEqual({ status: 'REJECTED' });
    expect(decideStatus('NOT_PAID', 'ACTIVE', null, now)).toEqual({ status: 'NOT_PAID' });
    expect(decideStatus('START', 'NOT_PAID', null, now)).toEqual({ error: 'Подписка не оформлена' });
    expect(decideStatus('ACTIVE', 'ACTIVE', row('ACTIVE', -30), now)).toEqual({ error: 'Подписка не активна' });
    expect(decideStatus('START', 'NOT_PAID', row('ACTIVE', 5), now)).toEqual({ status: 'START' });
    expect(decideStatus('ACTIVE', 'ACTIVE', row('ACTIVE', 5), now)).toEqual({ status: 'ACTIVE' });
    expect(decideStatus('ACTIVE', 'ACTIVE', row('CANCELLED', 5), now)).toEqual({ status: 'CANCELLED' });
    expect(decideStatus('START', 'NOT_PAID', row('CANCELLED', 5), now)).toEqual({ status: 'START' });
    expect(decideStatus('STOP', 'ACTIVE', row('CANCELLED', 5), now)).toEqual({ status: 'REJECTED' });
    expect(decideStatus('CANCELLED', 'ACTIVE', row('CANCELLED', 5), now)).toEqual({ status: 'CANCELLED' });
  });
});
