import type * as ChartLibrary from 'chart.js';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useNearViewport } from './photo-slider';

export type ChartJs = typeof ChartLibrary;
export interface ChartColours {
  primary: string;
  muted: string;
}
export type ChartState = 'loading' | 'ready' | 'error';

/**
 * A chart.js chart on a canvas, drawn only once the canvas comes near the screen: chart.js (~200 kB) is imported then,
 * not with the page. `draw` registers what it uses and builds the chart in the theme's colours; a new `draw` (memoised
 * on its data) redraws. Answers whether the chart is still loading, drawn, or failed to load, and `retry` (for
 * «Повторить» after a failed load: chart.js is imported and the chart drawn again).
 */
export function useLazyChart(
  canvas: RefObject<HTMLCanvasElement | null>,
  draw: (lib: ChartJs, canvas: HTMLCanvasElement, colours: ChartColours) => { destroy: () => void },
): { state: ChartState; retry: () => void } {
  const [state, setState] = useState<ChartState>('loading');
  const [attempt, setAttempt] = useState(0);
  const near = useNearViewport(canvas);
  useEffect(() => {
    if (!near) return;
    let disposed = false;
    let destroy: (() => void) | undefined;
    import('chart.js')
      .then((lib) => {
        if (disposed || !canvas.current) return;
        const styles = getComputedStyle(document.documentElement);
        const colours = {
          primary: styles.getPropertyValue('--kv-primary').trim() || '#2a5fe6',
          muted: styles.getPropertyValue('--kv-muted').trim() || '#5f6777',
        };
        const chart = draw(lib, canvas.current, colours);
        destroy = () => chart.destroy();
        setState('ready');
      })
      .catch(() => !disposed && setState('error'));
    return () => {
      disposed = true;
      destroy?.();
    };
  }, [canvas, draw, near, attempt]);
  const retry = useCallback(() => {
    setState('loading');
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
