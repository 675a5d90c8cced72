import { createStore } from 'effector';

/** What the server guesses of the visitor's screen from the request: a phone or a wider screen. */
type ViewportKind = 'phone' | 'desktop';

/** Widths that stand for each guess (a common phone; the desktop the spec's layouts are drawn at). */
export const VIEWPORT_HINT_WIDTH: Record<ViewportKind, number> = { phone: 390, desktop: 1280 };

/**
 * The width layouts computed in script (the masonry's columns) assume while the server renders and while the browser
 * hydrates that render: both must draw the same tree. The real width takes over right after hydration.
 */
export const $viewportWidthHint = createStore<number>(VIEWPORT_HINT_WIDTH.desktop);
