import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_VERSIONS, type ConsentDecision } from '@kvarta/contract/consents';
import {
  $analyticsAllowed,
  $analyticsChoiceShown,
  $analyticsDecision,
  analyticsChoiceDismissed,
  analyticsChoiceReopened,
  analyticsConsentStarted,
  analyticsDecided,
} from '@/entities/consent';
import { readServerAnalyticsFx, sendAnalyticsDecisionFx } from '@/entities/consent/model/sync';
import { consentWithdrawn } from '@/features/account-data/model/withdrawal';
import { $token } from '@/entities/session';

const KEY = 'analyticsConsent';
const decision = (given: boolean, decidedAt: string, version = CONSENT_VERSIONS.analytics): ConsentDecision => ({
  given,
  version,
  decidedAt,
});

/** A scope whose server answers `server` and records what is sent to it. */
function scopeWith(server: ConsentDecision | null) {
  const sent: ConsentDecision[] = [];
  const scope = fork({
    handlers: [
      [readServerAnalyticsFx, async () => server],
      [sendAnalyticsDecisionFx, async (d: ConsentDecision) => void sent.push(d)],
    ],
  });
  /** The session arrives: the device's decision is compared with the server's. */
  const sessionArrives = () => allSettled($token, { scope, params: 'token' });
  return { scope, sent, sessionArrives };
}

afterEach(() => localStorage.clear());

describe('the analytics consent', () => {
  it('is asked once the server has been asked, only where something sets identifiers; «Принять» allows, is kept and sent', async () => {
    const { scope, sent, sessionArrives } = scopeWith(null);
    await allSettled(analyticsConsentStarted, { scope, params: { needed: true, forgetCookies: () => undefined } });
    // Before the server answered, a returning buyer on a new device is not asked.
    expect(scope.getState($analyticsChoiceShown)).toBe(false);
    await sessionArrives();
    expect(scope.getState($analyticsChoiceShown)).toBe(true);
    expect(scope.getState($analyticsAllowed)).toBe(false);

    await allSettled(analyticsDecided, { scope, params: true });
    expect(scope.getState($analyticsAllowed)).toBe(true);
    expect(scope.getState($analyticsChoiceShown)).toBe(false);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ given: true, version: CONSENT_VERSIONS.analytics });
    expect(sent).toEqual([expect.objectContaining({ given: true })]);
  });

  it('is never asked where nothing needs it', async () => {
    const { scope, sessionArrives } = scopeWith(null);
    await allSettled(analyticsConsentStarted, { scope, params: { needed: false, forgetCookies: () => undefined } });
    await sessionArrives();
    expect(scope.getState($analyticsChoiceShown)).toBe(false);
    expect(scope.getState($analyticsAllowed)).toBe(false);
  });

  it("takes the account's later decision from the server (another device, the Mini App), and sends the device's later one", async () => {
    localStorage.setItem(KEY, JSON.stringify(decision(false, '2026-11-01T10:00:00.000Z')));
    const newer = scopeWith(decision(true, '2026-11-20T10:00:00.000Z'));
    await allSettled(analyticsConsentStarted, { scope: newer.scope, params: { needed: true, forgetCookies: () => undefined } });
    expect(newer.scope.getState($analyticsAllowed)).toBe(false);
    await newer.sessionArrives();
    expect(newer.scope.getState($analyticsAllowed)).toBe(true);
    expect(newer.sent).toEqual([]);
    expect(JSON.parse(localStorage.getItem(KEY)!).given).toBe(true);

    localStorage.setItem(KEY, JSON.stringify(decision(false, '2026-11-25T10:00:00.000Z')));
    const older = scopeWith(decision(true, '2026-11-20T10:00:00.000Z'));
    await allSettled(analyticsConsentStarted, { scope: older.scope, params: { needed: true, forgetCookies: () => undefined } });
    await older.sessionArrives();
    expect(older.scope.getState($analyticsAllowed)).toBe(false);
    expect(older.sent).toEqual([expect.objectContaining({ given: false, decidedAt: '2026-11-25T10:00:00.000Z' })]);
  });

  it('asks again when the text changed, and ignores junk on the device', async () => {
    localStorage.setItem(KEY, JSON.stringify(decision(true, '2026-11-01T10:00:00.000Z', CONSENT_VERSIONS.analytics - 1)));
    const { scope, sessionArrives } = scopeWith(null);
    await allSettled(analyticsConsentStarted, { scope, params: { needed: true, forgetCookies: () => undefined } });
    await sessionArrives();
    expect(scope.getState($analyticsDecision)).toBeNull();
    expect(scope.getState($analyticsChoiceShown)).toBe(true);

    localStorage.setItem(KEY, '{"given":"yes"}');
    const junk = scopeWith(null);
    await allSettled(analyticsConsentStarted, { scope: junk.scope, params: { needed: true, forgetCookies: () => undefined } });
    expect(junk.scope.getState($analyticsDecision)).toBeNull();
  });

  it('is reopened from the footer or the profile, closed unanswered by Escape, and withdrawn from the profile', async () => {
    const { scope, sessionArrives } = scopeWith(null);
    await allSettled(analyticsConsentStarted, { scope, params: { needed: true, forgetCookies: () => undefined } });
    await sessionArrives();
    await allSettled(analyticsChoiceDismissed, { scope });
    expect(scope.getState($analyticsChoiceShown)).toBe(false);
    expect(scope.getState($analyticsAllowed)).toBe(false);
    await allSettled(analyticsChoiceReopened, { scope });
    expect(scope.getState($analyticsChoiceShown)).toBe(true);
    await allSettled(analyticsDecided, { scope, params: true });
    expect(scope.getState($analyticsAllowed)).toBe(true);

    await allSettled(consentWithdrawn, { scope, params: 'analytics' });
    expect(scope.getState($analyticsAllowed)).toBe(false);
    expect(JSON.parse(localStorage.getItem(KEY)!).given).toBe(false);
  });
});
