/**
 * The gate of a deferred island (hydration-island.tsx): shut while the island is far below the screen and untouched,
 * open from the moment it comes within reach, is touched, or must hydrate anyway (see `releaseDeferredIslands`).
 */
export interface HydrationGate {
  open: boolean;
  /** Resolves when the gate opens: React retries the dehydrated boundary that suspended on it. */
  promise: Promise<void>;
  release: () => void;
}

/** How far outside the screen an island starts hydrating: about a screen ahead of a scrolling finger. */
const AHEAD_PX = 500;

/** The gates still shut, and the element each watches: a touch inside the element opens its gate. */
const shut = new Map<Element, HydrationGate>();

export function createGate(): HydrationGate {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  const gate: HydrationGate = {
    open: false,
    promise,
    release: () => {
      if (gate.open) return;
      gate.open = true;
      resolve();
    },
  };
  return gate;
}

/**
 * Events that begin an interaction. React hydrates a dehydrated boundary when one reaches it and, if the boundary
 * still suspends, drops the event; so the gate must open before React's own listener (on the root) sees it: a
 * capturing listener on the document runs first. Opened there, React hydrates the island synchronously and the tap lands.
 */
const TOUCH_EVENTS = ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'focusin', 'click'] as const;
let listening = false;

function openTouched(event: Event): void {
  if (shut.size === 0 || !(event.target instanceof Node)) return;
  for (const [element, gate] of shut)
    if (element.contains(event.target)) {
      shut.delete(element);
      gate.release();
    }
}

function listenForTouches(): void {
  if (listening) return;
  listening = true;
  for (const type of TOUCH_EVENTS) document.addEventListener(type, openTouched, { capture: true, passive: true });
}

let observer: IntersectionObserver | null = null;
function nearObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        shut.get(entry.target)?.release();
        shut.delete(entry.target);
        observer?.unobserve(entry.target);
      }
    },
    { rootMargin: `${AHEAD_PX}px 0px` },
  );
  return observer;
}

/**
 * Opens the gate now if the element is on or near the screen (read once, at the commit that mounts it: the cards the
 * visitor sees hydrate first, in the same pass as before), and otherwise when it comes near or is touched. Returns the
 * cleanup.
 */
export function gateNearOrTouched(gate: HydrationGate, element: Element): () => void {
  if (gate.open) return () => undefined;
  if (routerMoved) {
    gate.release();
    return () => undefined;
  }
  const box = element.getBoundingClientRect();
  if (typeof IntersectionObserver === 'undefined' || (box.top < window.innerHeight + AHEAD_PX && box.bottom > -AHEAD_PX)) {
    gate.release();
    return () => undefined;
  }
  listenForTouches();
  shut.set(element, gate);
  nearObserver().observe(element);
  return () => {
    shut.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * Whether the router has changed state since the page loaded. From then on no island may wait: the change is rendered
 * as a transition that cannot commit while an island under it is dehydrated. An island whose gate registers after
 * the change (the page's own boundary hydrates in a pass after the shell's, and a Mini App's start link navigates from
 * the shell) opens at once, or the navigation would wait for it for good.
 */
let routerMoved = false;

/**
 * Opens every gate still shut: what is about to change the page around the islands (a navigation, which gives every
 * route a new context) would otherwise make React hydrate them at once or, while one still waits, throw its markup
 * away. Called by the app when the router starts to change state.
 */
export function releaseDeferredIslands(): void {
  routerMoved = true;
  for (const gate of shut.values()) gate.release();
  shut.clear();
  observer?.disconnect();
}
