import { createEvent, createStore } from 'effector';

/** A page's own title (for example an apartment's), cleared on navigation. */
export const customTitleSet = createEvent<{ title: string; withSuffix?: boolean }>();
export const customTitleCleared = createEvent();
export const $customTitle = createStore<{ title: string; withSuffix?: boolean } | null>(null)
  .on(customTitleSet, (_, title) => title)
  .reset(customTitleCleared);
