export type TypingMode = 'BY_SIGN' | 'BY_WORD' | 'INSTANT';

/** Spec §9: about 800 ms for sign-by-sign and 1600 ms for word-by-word, for a text of reference length. */
export const TYPING_TOTAL_MS = { BY_SIGN: 800, BY_WORD: 1600 } as const;
/** The text length (characters) the totals above are for; shorter texts type faster, longer slower. */
export const TYPING_REFERENCE_LENGTH = 80;
/** Scale limits: a one-word reply still animates a little; a long answer never makes the user wait more than 2×. */
const MIN_SCALE = 0.25;
const MAX_SCALE = 2;

export interface TypingPlan {
  /** Pieces revealed one after another (characters or words with their following spaces). */
  steps: string[];
  /** Delay between two reveals, ms; 0 means show everything at once. */
  stepMs: number;
  totalMs: number;
}

/** Splits the text into what appears at each step; joined back they are the text exactly. */
function split(text: string, mode: Exclude<TypingMode, 'INSTANT'>): string[] {
  if (mode === 'BY_SIGN') return Array.from(text);
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/**
 * How a bot message types: total duration scaled by length and split into steps.
 * INSTANT, an empty text or reduced motion show the text at once.
 */
export function typingPlan(text: string, mode: TypingMode, options: { reducedMotion?: boolean } = {}): TypingPlan {
  if (mode === 'INSTANT' || options.reducedMotion || text.length === 0) return { steps: [text], stepMs: 0, totalMs: 0 };
  const steps = split(text, mode);
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, text.length / TYPING_REFERENCE_LENGTH));
  const totalMs = Math.round(TYPING_TOTAL_MS[mode] * scale);
  return { steps, stepMs: steps.length > 0 ? totalMs / steps.length : 0, totalMs };
}
