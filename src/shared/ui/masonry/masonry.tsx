import { useUnit } from 'effector-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { $viewportWidthHint } from '../../model/viewport-hint';
import { columnCountFor, dealIntoColumns, type ColumnBreakpoints } from './columns';

/** Spec §9: resize handling is throttled to 100 ms. */
const RESIZE_THROTTLE_MS = 100;

/**
 * The last width read. Reading `window.innerWidth` can force a style and layout pass; React asks for the snapshot on
 * every render and check, so during hydration it was read (and laid out) once per check. Now it is read once, and
 * again only after a resize.
 */
let knownWidth: number | null = null;
let forgetsOnResize = false;
function currentWidth(): number {
  if (!forgetsOnResize) {
    forgetsOnResize = true;
    window.addEventListener('resize', () => (knownWidth = null), { passive: true });
  }
  return (knownWidth ??= window.innerWidth);
}

function subscribeToResize(notify: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const onResize = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      notify();
    }, RESIZE_THROTTLE_MS);
  };
  window.addEventListener('resize', onResize);
  return () => {
    window.removeEventListener('resize', onResize);
    if (timer) clearTimeout(timer);
  };
}

/** The viewport's width; on the server and while hydrating, the width the server assumed (see viewport-hint.ts). */
export function useViewportWidth(): number {
  const hint = useUnit($viewportWidthHint);
  return useSyncExternalStore(subscribeToResize, currentWidth, () => hint);
}

export interface MasonryEntry {
  key: string | number;
  node: ReactNode;
}

/**
 * A masonry grid: entries dealt into as many columns as the viewport's breakpoint allows.
 * Screen readers get the feed pattern (role feed; each article carries its own position).
 */
export function Masonry({
  entries,
  breakpoints,
  label,
  busy = false,
}: {
  entries: MasonryEntry[];
  breakpoints: ColumnBreakpoints;
  label: string;
  busy?: boolean;
}) {
  const columns = dealIntoColumns(
    entries.map((entry, order) => ({ ...entry, order })),
    columnCountFor(useViewportWidth(), breakpoints),
  );
  return (
    <div className="kv-masonry" role="feed" aria-label={label} aria-busy={busy} data-columns={columns.length}>
      {columns.map((column, index) => (
        <div className="kv-masonry__column" key={index}>
          {column.map((entry) => (
            <div className="kv-masonry__cell" key={entry.key} data-order={entry.order}>
              {entry.node}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
