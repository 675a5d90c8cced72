import { useEffect, useRef, useState } from 'react';
import type { Chart, ChartConfiguration } from 'chart.js';
import { InlineError } from '@/shared/ui';

/** chart.js is loaded on first use so it stays out of the main bundle. */
const loadChart = () => import('chart.js/auto').then((m) => m.default);

/** Theme colours from the CSS variables, so charts follow light/dark and the Telegram palette. */
export function themeColours() {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    primary: v('--kv-primary', '#2a5fe6'),
    text: v('--kv-text', '#151a23'),
    muted: v('--kv-muted', '#5f6777'),
    border: v('--kv-border', 'rgba(0,0,0,.1)'),
  };
}

/** A chart.js chart on a canvas; `label` describes it for screen readers (role img). */
export function ChartCanvas({ config, label, height = 260 }: { config: ChartConfiguration; label: string; height?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  const [failed, setFailed] = useState(false);
  // «Повторить» after a failed load counts up, and chart.js is asked for again.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadChart().then(
      (ChartJs) => {
        if (cancelled || !canvas.current) return;
        if (chart.current) {
          chart.current.data = config.data;
          chart.current.options = config.options ?? {};
          chart.current.update();
        } else {
          const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
          chart.current = new ChartJs(canvas.current, still ? { ...config, options: { ...config.options, animation: false } } : config);
        }
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [config, attempt]);
  useEffect(() => () => chart.current?.destroy(), []);

  if (failed)
    return (
      <InlineError
        text="Не удалось загрузить график. Проверьте подключение к интернету."
        onRetry={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  return (
    <div className="kv-chart" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
