import { Suspense, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Islands of the server's markup that have not hydrated yet. While one is waiting, nothing the app keeps outside React
 * (the session, the restored settings) may change: React hydrates an island with the values its stores hold at that
 * moment (effector-react and react-query read the current value during hydration, not the server's), and an attribute
 * that differs from the server's markup is never corrected — a card would keep the server's «♡ Нравится» after the
 * session had brought the buyer's own like. `whenIslandsHydrated` lets the app start those changes once every island is interactive.
 */
let waiting = 0;
const settled = new Set<() => void>();

function islandSettled(): void {
  waiting -= 1;
  if (waiting > 0) return;
  for (const resolve of settled) resolve();
  settled.clear();
}

/** Resolves once no island of the page is still waiting to hydrate (at once where there is none). */
export function whenIslandsHydrated(): Promise<void> {
  if (waiting <= 0) return Promise.resolve();
  return new Promise((resolve) => settled.add(resolve));
}

interface IslandState {
  registered: boolean;
  hydrated: boolean;
}

/** Inside the boundary: its effect runs when the island itself has hydrated (or rendered on the client). */
function IslandHydrated({ state }: { state: IslandState }) {
  useLayoutEffect(() => {
    if (state.hydrated) return;
    state.hydrated = true;
    if (state.registered) islandSettled();
  }, [state]);
  return null;
}

/**
 * A part of a server-rendered page that hydrates on its own, after the parts around it. React hydrates each Suspense
 * boundary of the server's markup in a pass of its own, at low priority, once the shell is interactive: a page cut into
 * islands holds the main thread in short tasks instead of one long one, and what is above them (the preset chips,
 * the navigation) answers taps sooner. A tap on an island not yet hydrated makes React hydrate it first and replay the
 * tap. Nothing inside suspends once loaded, so no fallback is ever drawn.
 */
export function HydrationIsland({ children }: { children: ReactNode }) {
  const state = useRef<IslandState>({ registered: false, hydrated: false }).current;
  // Outside the boundary: runs when the parent commits, which may be before the island inside has hydrated (layout
  // effects run children first, so an island rendered on the client is already marked hydrated here).
  useLayoutEffect(() => {
    if (state.hydrated) return;
    state.registered = true;
    waiting += 1;
    return () => {
      if (!state.registered || state.hydrated) return;
      state.registered = false;
      islandSettled();
    };
  }, [state]);
  return (
    <Suspense fallback={null}>
      <IslandHydrated state={state} />
      {children}
    </Suspense>
  );
}
