import { createEvent, createStore } from 'effector';

export const menuToggled = createEvent();
export const menuClosed = createEvent();
export const $menuOpen = createStore(false)
  .on(menuToggled, (open) => !open)
  .reset(menuClosed);
