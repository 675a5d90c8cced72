import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that hydrates on its own, after the parts around it. React hydrates each Suspense
 * boundary of the server's markup in a pass of its own, at low priority, once the shell is interactive: a page cut into
 * islands holds the main thread in short tasks instead of one long one, and what is above them (the preset chips,
 * the navigation) answers taps sooner. A tap on an island not yet hydrated makes React hydrate it first and replay the
 * tap. Nothing inside suspends once loaded, so no fallback is ever drawn.
 */
export function HydrationIsland({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
