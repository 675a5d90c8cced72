import { Suspense, use, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createGate, gateNearOrTouched, type HydrationGate } from './hydration-gate';

export { releaseDeferredIslands } from './hydration-gate';

/**
 * Islands of the server's markup that have not hydrated yet. While one is waiting, nothing the app keeps outside React
 * (the session, the restored settings) may change: React hydrates an island with the values its stores hold at that
 * moment (effector-react and react-query read the current value during hydration, not the server's), and an attribute
 * that differs from the server's markup is never corrected — a card would keep the server's «♡ Нравится» after the
 * session had brought the buyer's own like. `whenIslandsHydrated` lets the app start those changes once every island is interactive.
 * A deferred island (below the fold) is not waited for: it hydrates later, so what it reads must be hydration-safe
 * (a server snapshot: useClientStoreMap in shared/lib/client-store.ts).
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
  /** A deferred island's gate, made once the page around it has hydrated; null for one that hydrates at once. */
  gate: HydrationGate | null;
  rendered: boolean;
}

/** Inside the boundary: its effect runs when the island itself has hydrated (or rendered on the client). */
function IslandHydrated({ state }: { state: IslandState }) {
  useLayoutEffect(() => {
    if (state.hydrated) return;
    state.hydrated = true;
    state.gate?.release();
    if (state.registered) islandSettled();
  }, [state]);
  return null;
}

const noSubscription = () => () => undefined;

/**
 * Inside a deferred boundary: while React hydrates it and the gate is shut, it suspends, so React leaves the server's
 * markup dehydrated (and hydrates it when the gate's promise resolves). On the server and in a client render (not
 * hydrating: the server snapshot is only read while hydrating) it draws nothing and never waits.
 */
function Gate({ state }: { state: IslandState }) {
  const gate = state.gate;
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  if (gate && hydrating && !gate.open) use(gate.promise);
  return null;
}

/**
 * A part of a server-rendered page that hydrates on its own, after the parts around it. React hydrates each Suspense
 * boundary of the server's markup in a pass of its own, at low priority, once the shell is interactive: a page cut into
 * islands holds the main thread in short tasks instead of one long one, and what is above them (the preset chips,
 * the navigation) answers taps sooner. A tap on an island not yet hydrated makes React hydrate it first and replay the
 * tap. Nothing inside suspends once loaded, so no fallback is ever drawn.
 *
 * `defer`: the island hydrates only when it comes within reach of the screen or is touched (a card below the fold);
 * until then it is the server's markup. A first load on a phone then hydrates the two cards it shows, not the dozen.
 * The island sits in an element of its own (to be watched); it must render the same on the server and the client.
 */
export function HydrationIsland({ children, defer = false }: { children: ReactNode; defer?: boolean }) {
  const stateRef = useRef<IslandState | null>(null);
  stateRef.current ??= {
    registered: false,
    hydrated: false,
    gate: null,
    rendered: false,
  };
  const state = stateRef.current;
  // A render after the first gives the boundary new children: React would then hydrate it at once (or, if it could
  // not, throw the server's markup away), so the gate opens before React reaches the boundary. Opening is idempotent
  // and only ever earlier than needed, so doing it during render is safe even if this render is discarded.
  if (state.rendered && !state.hydrated) state.gate?.release();
  state.rendered = true;
  const element = useRef<HTMLDivElement>(null);
  // Outside the boundary: runs when the parent commits, which may be before the island inside has hydrated (layout
  // effects run children first, so an island rendered on the client is already marked hydrated here).
  useLayoutEffect(() => {
    if (state.hydrated) return;
    // The gate is made here, on the client, once the page around has hydrated: React hydrates a boundary of the server's
    // markup in a pass after that, and a render on the server never meets a gate.
    if (defer) {
      state.gate = createGate();
      return element.current ? gateNearOrTouched(state.gate, element.current) : state.gate.release();
    }
    state.registered = true;
    waiting += 1;
    return () => {
      if (!state.registered || state.hydrated) return;
      state.registered = false;
      islandSettled();
    };
  }, [state, defer]);
  const boundary = (
    <Suspense fallback={null}>
      <Gate state={state} />
      <IslandHydrated state={state} />
      {children}
    </Suspense>
  );
  if (!defer) return boundary;
  return (
    <div className="kv-island" ref={element}>
      {boundary}
    </div>
  );
}
