declare global {
  interface Window {
    /** Controls (`data-early-tap`) tapped before hydration began, recorded by index.html's first script; null after. */
    __kvEarlyTaps?: Array<string | null> | null;
  }
}

/**
 * Ends the recording of taps on the server's markup (from here React's own replay covers a tap on a part not yet
 * hydrated) and gives what was tapped: each control once when tapped an odd number of times — twice is a change of
 * mind, which presses nothing.
 */
export function takeEarlyTaps(): string[] {
  const taps = window.__kvEarlyTaps ?? [];
  window.__kvEarlyTaps = null;
  const counts = new Map<string, number>();
  for (const tap of taps) if (tap) counts.set(tap, (counts.get(tap) ?? 0) + 1);
  return [...counts].filter(([, count]) => count % 2 === 1).map(([tap]) => tap);
}

/** Presses the recorded controls again, now that the page is interactive (a control no longer drawn is skipped). */
export function replayEarlyTaps(taps: readonly string[]): void {
  for (const tap of taps) document.querySelector<HTMLElement>(`[data-early-tap="${CSS.escape(tap)}"]`)?.click();
}
