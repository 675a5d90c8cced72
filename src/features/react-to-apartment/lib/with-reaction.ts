import type { ApartmentItem } from '@/shared/api';

export type ReactionAction = 'LIKE' | 'DISLIKE' | 'RESET_REACTION';

export interface ReactionVariables {
  /** The card as the user saw it when reacting (its type is what the reaction changes from). */
  item: ApartmentItem;
  action: ReactionAction;
  /** A dislike's reasons. */
  notices?: string[];
}
type FeedType = ApartmentItem['type'];

export const typeAfter = (action: ReactionAction): FeedType =>
  action === 'LIKE' ? 'LIKED' : action === 'DISLIKE' ? 'DISLIKED' : 'NOT_VIEWED';

/** An apartment card as the lists deliver it (a list, a page of one, a sidebar's groups, an apartment's page). */
function isApartmentItem(value: unknown): value is ApartmentItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<ApartmentItem>;
  return typeof item.id === 'number' && typeof item.type === 'string' && typeof item.availableNoticeList === 'object';
}

/** The card after the reaction: its type, and a dislike's reasons as the server would list them. */
export function reacted(item: ApartmentItem, action: ReactionAction, noticeKeys: readonly string[] = []): ApartmentItem {
  const type = typeAfter(action);
  const all = [...item.availableNoticeList.Квартира, ...item.availableNoticeList.Расположение];
  return { ...item, type, notices: type === 'DISLIKED' ? all.filter((notice) => noticeKeys.includes(notice.key)) : [] };
}

/** Deep enough for an infinite list: {pages: [{items: [card]}]}. */
const MAX_DEPTH = 4;

/**
 * A cached answer with every card of the apartment replaced by `change(card)`, whatever the answer's shape. Untouched
 * parts keep their objects (the same answer back when no card matched), so nothing else re-renders.
 */
export function withApartment(data: unknown, apartmentId: number, change: (item: ApartmentItem) => ApartmentItem, depth = 0): unknown {
  if (isApartmentItem(data)) return data.id === apartmentId ? change(data) : data;
  if (depth >= MAX_DEPTH || typeof data !== 'object' || data === null) return data;
  if (Array.isArray(data)) {
    const next = data.map((entry: unknown) => withApartment(entry, apartmentId, change, depth + 1));
    return next.some((entry, index) => entry !== data[index]) ? next : data;
  }
  if (Object.getPrototypeOf(data) !== Object.prototype) return data;
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    next[key] = withApartment(value, apartmentId, change, depth + 1);
    if (next[key] !== value) changed = true;
  }
  return changed ? next : data;
}
