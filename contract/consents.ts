/**
 * Consents that stand apart (152-FZ as amended by 156-FZ): each processing that rests on a person's consent has its
 * own text, versioned, asked where its data is taken, recorded on the server with the version and the time, and
 * withdrawable. What the offer itself needs (the account, sign-in, the subscription and its payments) rests on the
 * contract (152-FZ art. 6 part 1 item 5) and asks for no consent. Zod-free and dependency-free: any slice may import it.
 */

/** What a consent is given for: a call-back request (name and phone for a manager), analytics (Metrica, AdFox). */
export const CONSENT_PURPOSES = ['callback', 'analytics'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const isConsentPurpose = (value: unknown): value is ConsentPurpose =>
  typeof value === 'string' && (CONSENT_PURPOSES as readonly string[]).includes(value);

/** A person's last decision on one purpose: given or refused (declined at once, or withdrawn later), of which text. */
export interface ConsentDecision {
  given: boolean;
  version: number;
  /** ISO time of the decision. */
  decidedAt: string;
}

/** GET /cabinet/consents: every purpose with the version in force and the person's decision on it (null: never asked). */
export interface ConsentState {
  purpose: ConsentPurpose;
  currentVersion: number;
  decision: ConsentDecision | null;
}

/**
 * The version of each consent's text in force: the latest wording in consent-texts.ts (a unit test holds them equal).
 * Numbers here, not read from there, so the first screen, which needs the number, does not carry the texts.
 */
export const CONSENT_VERSIONS: Readonly<Record<ConsentPurpose, number>> = { callback: 1, analytics: 1 };
