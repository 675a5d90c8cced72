import { z } from 'zod';

/**
 * Input every route accepts only if PostgreSQL can take it: ids and counts are int4,
 * text never holds NUL (PostgreSQL refuses \u0000 in text) nor a lone UTF-16 surrogate (not valid
 * Unicode, it cannot be stored or sent on as UTF-8 faithfully). The server applies `findUnsafeInput`
 * to every params/query/body before validation, keys included; schemas use the int helpers below.
 */

export const INT32_MAX = 2_147_483_647;
/** Deeper than any payload of the contract; also keeps recursive validation far from the stack limit. */
export const MAX_INPUT_DEPTH = 32;

/** An int4 id: positive. */
export const positiveId = () => z.number().int().positive().max(INT32_MAX);
/** An int4 id from a path or a query string. */
export const coercedPositiveId = () => z.coerce.number().int().positive().max(INT32_MAX);
/** A list of city ids, as the catalogue filters take it. */
export const cityIdList = () => z.array(positiveId()).min(1, 'cityIds: нужен хотя бы один город').max(20);

// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSAFE_INPUT_MESSAGES = {
  nul: 'недопустимый символ NUL (\\u0000)',
  surrogate: 'некорректный текст: одиночный суррогат UTF-16',
  depth: `слишком глубокая вложенность (больше ${MAX_INPUT_DEPTH} уровней)`,
} as const;

export interface UnsafeInput {
  kind: 'text' | 'depth';
  /** 'body.wishes.<ключ>' — where the problem is. */
  path: string;
  message: string;
}

function textProblem(text: string): string | null {
  if (NUL.test(text)) return UNSAFE_INPUT_MESSAGES.nul;
  if (LONE_SURROGATE.test(text)) return UNSAFE_INPUT_MESSAGES.surrogate;
  return null;
}

/** A key is echoed in the message only when it is safe to show. */
const shownKey = (key: string) => (textProblem(key) ? '<ключ>' : key.slice(0, 64));

/**
 * The first string value or object key PostgreSQL cannot store, or a nesting deeper than
 * MAX_INPUT_DEPTH; null when the value is fine. Iterative, so hostile depth cannot overflow the stack.
 */
export function findUnsafeInput(value: unknown, where: string): UnsafeInput | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: where, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const problem = textProblem(item.value);
      if (problem) return { kind: 'text', path: item.path, message: `${item.path}: ${problem}` };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_INPUT_DEPTH) return { kind: 'depth', path: item.path, message: `${item.path}: ${UNSAFE_INPUT_MESSAGES.depth}` };
    for (const [key, child] of Object.entries(item.value)) {
      const path = `${item.path}.${shownKey(key)}`;
      const problem = Array.isArray(item.value) ? null : textProblem(key);
      if (problem) return { kind: 'text', path, message: `${path}: ${problem}` };
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}
