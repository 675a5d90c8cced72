import {
  CONSENT_PURPOSES,
  CONSENT_VERSIONS,
  type ConsentDecision,
  type ConsentPurpose,
  type ConsentState,
} from '@kvarta/contract/consents';
import type { Queryable, Transactional } from '../core/database';
import { badRequest } from '../core/errors';
import { consentsOf, recordDecision, type ConsentRow } from './repository';

const decisionOf = (row: ConsentRow): ConsentDecision => ({
  given: row.given,
  version: row.version,
  decidedAt: row.decidedAt.toISOString(),
});

/** Every purpose with the version in force and the person's last decision (null where never asked). */
export async function consentStates(db: Queryable, userId: number | null): Promise<ConsentState[]> {
  const rows = userId === null ? [] : await consentsOf(db, userId);
  return CONSENT_PURPOSES.map((purpose) => {
    const row = rows.find((r) => r.purpose === purpose);
    return { purpose, currentVersion: CONSENT_VERSIONS[purpose], decision: row ? decisionOf(row) : null };
  });
}

/**
 * What a refusal or a withdrawal ends, by purpose: run in the decision's transaction, so the processing stops with it
 * (a call-back consent withdrawn deletes that person's requests; analytics leaves nothing on our side).
 */
export type WithdrawalEffects = Partial<Record<ConsentPurpose, (tx: Queryable, userId: number) => Promise<void>>>;

interface ConsentNeeds {
  db: Transactional;
}

/** Gives consent to the text the person read (only the one in force), or refuses it and ends what rested on it. */
export async function decideConsent(
  needs: ConsentNeeds,
  effects: WithdrawalEffects,
  input: { userId: number; purpose: ConsentPurpose; given: boolean; version: number; channel: 'web' | 'tma' },
): Promise<ConsentDecision> {
  const current = CONSENT_VERSIONS[input.purpose];
  if (input.given && input.version !== current) {
    throw badRequest(`version: действует версия ${current} текста согласия, а не ${input.version}`);
  }
  return needs.db.transaction(async (tx) => {
    const row = await recordDecision(tx, { ...input, version: input.given ? input.version : current });
    if (!input.given) await effects[input.purpose]?.(tx, input.userId);
    return decisionOf(row);
  });
}
