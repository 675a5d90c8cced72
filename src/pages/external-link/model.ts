import { createEffect } from 'effector';
import { parseExternalTarget, type ExternalTarget } from '@/shared/lib';

export const COUNTDOWN_SECONDS = 5;

export function targetFromLocation(hash: string): ExternalTarget {
  return parseExternalTarget(hash);
}

/** Leaves for the target: the one way out of the page (a test's scope replaces it). */
export const leaveFx = createEffect((url: string) => {
  window.location.assign(url);
});

export const REFUSAL_TEXT: Record<Exclude<ExternalTarget, { ok: true }>['reason'], string> = {
  empty: 'Ссылка для перехода не указана.',
  invalid: 'Ссылка недействительна, переход отменён.',
  unsafe: 'Ссылка небезопасна, переход отменён.',
};
