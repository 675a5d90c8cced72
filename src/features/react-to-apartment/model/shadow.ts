import { createStore } from 'effector';
import type { ApartmentItem } from '@/shared/api';

export type ReactionAction = 'LIKE' | 'DISLIKE' | 'RESET_REACTION';
type FeedType = ApartmentItem['type'];

export interface ReactionVariables {
  /** The card as the user saw it when reacting (its type is what the reaction changes from). */
  item: ApartmentItem;
  action: ReactionAction;
  /** A dislike's reasons. */
  notices?: string[];
}

/** What the buyer's own latest reaction made of an apartment, whatever list or page shows it. */
export interface ReactionShadow {
  type: FeedType;
  notices: ApartmentItem['notices'];
  /** Which press put it there: a refusal takes back only its own shadow, never a later press's. */
  press: number;
}

const typeAfter = (action: ReactionAction): FeedType => (action === 'LIKE' ? 'LIKED' : action === 'DISLIKE' ? 'DISLIKED' : 'NOT_VIEWED');

/** The shadow a reaction casts: its type, and a dislike's reasons as the server would list them. */
export function shadowOf({ item, action, notices = [] }: ReactionVariables, press: number): ReactionShadow {
  const type = typeAfter(action);
  const all = [...item.availableNoticeList.Квартира, ...item.availableNoticeList.Расположение];
  return { type, notices: type === 'DISLIKED' ? all.filter((notice) => notices.includes(notice.key)) : [], press };
}

/**
 * The optimistic overlay, keyed by apartment id (the «post shadow» pattern): every card is drawn as its cached item with
 * the buyer's own reaction laid over it, so the server cache is never rewritten and an answer arriving meanwhile cannot
 * take the reaction back. Filled and emptied by the reaction flow (model/reaction.ts).
 */
export const $reactionShadows = createStore<Record<number, ReactionShadow>>({});

/** The card as the buyer should see it: the cached item under its shadow. */
export function shadowed(item: ApartmentItem, shadow: ReactionShadow | undefined): ApartmentItem {
  if (!shadow || (shadow.type === item.type && shadow.notices === item.notices)) return item;
  return { ...item, type: shadow.type, notices: shadow.notices };
}
