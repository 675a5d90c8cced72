import { createEffect, createEvent, createStore, sample } from 'effector';
import { drawerClosed, drawerViewRequested } from '@/shared/model';
import { api, errorMessage } from '@/shared/api';
import type { ApartmentItem, Notice } from '@/shared/api';
import { LIRA_SERVICE_TYPE } from '@kvarta/contract/lira-rules';
import { notificationShown } from '@/shared/model';
import { goalReachedFx } from '@/shared/outside';

export type ReactionAction = 'LIKE' | 'DISLIKE' | 'RESET_REACTION';
type FeedType = ApartmentItem['type'];

export interface ReactionRequest {
  apartmentId: number;
  action: ReactionAction;
  notices?: string[];
  /** What the card showed before, to roll back to. */
  previous: FeedType;
  /** LIRA_4 items (AI search) go to the LIRA feedback endpoint; everything else to the TOP one. */
  selectionType?: ApartmentItem['selectionType'];
}
type DislikeTarget = {
  apartmentId: number;
  previous: FeedType;
  notices: { Квартира: Notice[]; Расположение: Notice[] };
  selectionType?: ApartmentItem['selectionType'];
};

export const reactionRequested = createEvent<ReactionRequest>();
export const dislikeStarted = createEvent<DislikeTarget>();
export const dislikeReasonsSubmitted = createEvent<string[]>();

export const reactFx = createEffect((r: ReactionRequest) =>
  api.call(r.selectionType === LIRA_SERVICE_TYPE ? 'liraFeedback' : 'topReaction', {
    body: { apartmentId: r.apartmentId, action: r.action, notices: r.action === 'DISLIKE' ? (r.notices ?? []) : [] },
  }),
);

const typeOf = (action: ReactionAction): FeedType => (action === 'LIKE' ? 'LIKED' : action === 'DISLIKE' ? 'DISLIKED' : 'NOT_VIEWED');

/** What each card shows right now, ahead of the server (spec §4: optimistic, rolled back on error). */
export const $optimistic = createStore<Record<number, FeedType>>({});
/** Reasons of optimistic dislikes, so the card shows them at once. */
export const $optimisticNotices = createStore<Record<number, string[]>>({});
export const $dislikeTarget = createStore<DislikeTarget | null>(null)
  .on(dislikeStarted, (_, target) => target)
  .reset(reactFx);

// Only one reaction in flight at a time (spec §4 Reactions).
const accepted = sample({ clock: reactionRequested, filter: reactFx.pending.map((pending) => !pending) });
sample({ clock: accepted, target: reactFx });
$optimisticNotices.on(accepted, (state, r) => ({ ...state, [r.apartmentId]: r.action === 'DISLIKE' ? (r.notices ?? []) : [] }));
$optimistic
  .on(accepted, (state, r) => ({ ...state, [r.apartmentId]: typeOf(r.action) }))
  .on(reactFx.fail, (state, { params }) => ({ ...state, [params.apartmentId]: params.previous }));
sample({
  clock: reactFx.fail,
  fn: ({ error }) => ({ text: `Не удалось сохранить оценку: ${errorMessage(error)}` }),
  target: notificationShown,
});

sample({ clock: dislikeStarted, fn: () => 'DISLIKE' as const, target: drawerViewRequested });
sample({
  clock: dislikeReasonsSubmitted,
  source: $dislikeTarget,
  filter: (target) => target !== null,
  fn: (target, notices) => ({
    apartmentId: target!.apartmentId,
    action: 'DISLIKE' as const,
    notices,
    previous: target!.previous,
    selectionType: target!.selectionType,
  }),
  target: reactionRequested,
});
sample({ clock: dislikeReasonsSubmitted, target: drawerClosed });

// Analytics goals: a like and a dislike that the server accepted.
sample({
  clock: reactFx.done,
  filter: ({ params }) => params.action !== 'RESET_REACTION',
  fn: ({ params }) => (params.action === 'LIKE' ? ('like' as const) : ('dislike' as const)),
  target: goalReachedFx,
});
