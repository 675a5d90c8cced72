import zxcvbnCore from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * Whether a production secret can be guessed. A placeholder copied from `.env.example` or the docs passes any length
 * rule (the old `change-me-to-at-least-32-random-bytes-000000` was 44 bytes) and signs a session for anyone who has
 * read the repository, so production refuses it by name; anything a person typed (words, keyboard runs, repeats,
 * sequences) is refused by zxcvbn's estimate of the guesses it takes.
 */

/** Words that only a placeholder contains: nobody's random key reads «change me». */
const PLACEHOLDER =
  /change[\s_-]*me|replace[\s_-]*me|placeholder|example|your[\s_-]*(secret|password|token|key)|^(x+|0+|secret|password)$/i;

/**
 * 10^24 guesses (~80 bits): `openssl rand -hex 32` scores 10^62, 16 random bytes as hex 10^31, while the shipped
 * placeholders score up to 10^35 — which is why they are refused by name above and not by this bound.
 */
const MIN_GUESSES_LOG10 = 24;

// The package is CommonJS: its named exports reach an ES module only through the default one.
const { ZxcvbnFactory } = zxcvbnCore;
let estimator: InstanceType<typeof ZxcvbnFactory> | undefined;
// A long secret made of words takes zxcvbn a second or more; the answer for a value never changes, so it is kept.
const estimates = new Map<string, number>();
const estimate = (value: string) => {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
  });
  let guesses = estimates.get(value);
  if (guesses === undefined) {
    guesses = estimator.check(value).guessesLog10;
    estimates.set(value, guesses);
  }
  return guesses;
};

export const SECRET_GENERATOR = 'openssl rand -hex 32';

/** Why `value` is no secret, in Russian after the variable's name, or null when it is fit for production. */
export function secretWeakness(value: string | undefined): string | null {
  if (!value) return 'пусто';
  if (PLACEHOLDER.test(value)) return 'это заготовка из примера, а не секрет';
  if (estimate(value) < MIN_GUESSES_LOG10) return 'слишком легко подобрать (слова, повторы или последовательности)';
  return null;
}

/** The password of a `postgres://user:password@host/db` address, if it has one. */
export function databasePassword(url: string): string | undefined {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password || undefined;
  } catch {
    return undefined;
  }
}
