import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * What Telegram's BackButton closes before it navigates: every open modal, sheet, menu or picker is a layer, the newest
 * on top. A press closes the top layer only; with none open it goes back a page.
 */
interface Layer {
  close: () => void;
}

const layers: Layer[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Closes the top layer; false when none is open (the press is then the page's). */
export function closeTopLayer(): boolean {
  const top = layers.at(-1);
  if (!top) return false;
  top.close();
  return true;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const count = () => layers.length;

/** How many layers are open (the BackButton shows while any is, even on the home page). */
export function useOpenLayerCount(): number {
  return useSyncExternalStore(subscribe, count, () => 0);
}

/** Registers an open layer while `open`: the BackButton closes it through `close` before anything under it. */
export function useBackLayer(close: () => void, open = true): void {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const layer: Layer = { close: () => latest.current() };
    layers.push(layer);
    changed();
    return () => {
      const at = layers.indexOf(layer);
      if (at >= 0) layers.splice(at, 1);
      changed();
    };
  }, [open]);
}
