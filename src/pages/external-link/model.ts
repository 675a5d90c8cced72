import { parseExternalTarget, type ExternalTarget } from '@/shared/lib';

export const COUNTDOWN_SECONDS = 5;

export function targetFromLocation(hash: string): ExternalTarget {
  return parseExternalTarget(hash);
}

export const REFUSAL_TEXT: Record<Exclude<ExternalTarget, { ok: true }>['reason'], string> = {
  empty: 'Ссылка для перехода не указана.',
  invalid: 'Ссылка недействительна, переход отменён.',
  unsafe: 'Ссылка небезопасна, переход отменён.',
};
