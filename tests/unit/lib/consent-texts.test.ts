import { describe, expect, it } from 'vitest';
import { CONSENT_TEXTS, consentText } from '@kvarta/contract/consent-texts';
import { CONSENT_PURPOSES, CONSENT_VERSIONS } from '@kvarta/contract/consents';

describe('the consents’ texts', () => {
  it('every purpose has its texts, numbered 1, 2, … with dates in order, the latest being the version in force', () => {
    expect(Object.keys(CONSENT_TEXTS).sort()).toEqual([...CONSENT_PURPOSES].sort());
    for (const purpose of CONSENT_PURPOSES) {
      const texts = CONSENT_TEXTS[purpose];
      expect(texts.map((t) => t.version)).toEqual(texts.map((_, i) => i + 1));
      expect([...texts.map((t) => t.since)].sort()).toEqual(texts.map((t) => t.since));
      expect(CONSENT_VERSIONS[purpose]).toBe(texts.at(-1)!.version);
      expect(consentText(purpose)).toBe(texts.at(-1));
      expect(consentText(purpose, 99)).toBeUndefined();
      // Each says what a withdrawal ends, and how to withdraw.
      expect(texts.at(-1)!.withdrawalEnds.length).toBeGreaterThan(20);
      expect(texts.at(-1)!.paragraphs.join(' ')).toContain('отозвать');
    }
  });
});
