import { COMPARE_MAX } from '@/shared/api';

/** Ids from a link or from storage: positive integers, no repeats, at most four; anything else is dropped. */
export function cleanIds(raw: unknown): number[] {
  const list = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : [];
  const out: number[] = [];
  for (const item of list) {
    const id = typeof item === 'number' ? item : typeof item === 'string' && /^\d{1,10}$/.test(item.trim()) ? Number(item) : NaN;
    if (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 && !out.includes(id)) out.push(id);
    if (out.length === COMPARE_MAX) break;
  }
  return out;
}

/** The compare page's shareable path: `/compare?ids=1,2,3`. */
export const comparePath = (ids: readonly number[]) => (ids.length > 0 ? `/compare?ids=${ids.join(',')}` : '/compare');
