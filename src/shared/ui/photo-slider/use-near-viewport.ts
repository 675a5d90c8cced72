import { startTransition, useEffect, useState, type RefObject } from 'react';

/** How far below the fold a slider starts getting ready. */
const AHEAD = '300px';

/**
 * True once the element has come within reach of the screen (and from then on). False on the server and during
 * hydration, so both draw the same thing; without IntersectionObserver it turns true right after mounting.
 */
export function useNearViewport(target: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          // Many sliders come near at once after hydration: as a transition their slides render in slices.
          startTransition(() => setNear(true));
          observer.disconnect();
        }
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, target]);
  return near;
}
