import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '@/shared/lib';
import { useNearViewport } from '@/shared/ui';

interface Point {
  month: string;
  pricePerMeter: number;
}

const MONTHS = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];

/** '2025-03' → 'мар 2025'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  const index = Number(m) - 1;
  return MONTHS[index] ? `${MONTHS[index]} ${year}` : month;
}

/**
 * The price history chart. chart.js (~200 kB) is imported, and the chart drawn, only once the chart comes near the
 * screen: neither the page's first paint nor its start on a phone (where the chart is far below) waits for it. A table
 * with the same numbers is there for screen readers.
 */
export function PriceChart({ points, label }: { points: Point[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const near = useNearViewport(canvas);
  useEffect(() => {
    if (!near) return;
    let disposed = false;
    let destroy: (() => void) | undefined;
    import('chart.js')
      .then(({ Chart, LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Filler }) => {
        if (disposed || !canvas.current) return;
        Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Filler);
        const styles = getComputedStyle(document.documentElement);
        const primary = styles.getPropertyValue('--kv-primary').trim() || '#2a5fe6';
        const muted = styles.getPropertyValue('--kv-muted').trim() || '#5f6777';
        const chart = new Chart(canvas.current, {
          type: 'line',
          data: {
            labels: points.map((p) => monthLabel(p.month)),
            datasets: [
              {
                label,
                data: points.map((p) => p.pricePerMeter),
                borderColor: primary,
                backgroundColor: `${primary}22`,
                fill: true,
                tension: 0.3,
                pointRadius: 0,
                pointHoverRadius: 4,
              },
            ],
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            plugins: { tooltip: { callbacks: { label: (item) => formatNumber(Number(item.raw), 'rubSquare') } } },
            scales: {
              x: { ticks: { color: muted, maxTicksLimit: 6, maxRotation: 0 }, grid: { display: false } },
              y: { ticks: { color: muted, callback: (value) => `${formatNumber(Number(value) / 1000)} тыс.` } },
            },
          },
        });
        destroy = () => chart.destroy();
        setState('ready');
      })
      .catch(() => !disposed && setState('error'));
    return () => {
      disposed = true;
      destroy?.();
    };
  }, [points, label, near]);
  return (
    <figure className="kv-chart" aria-label={label}>
      <div className="kv-chart__box">
        <canvas ref={canvas} role="img" aria-label={`${label}: график`} data-testid="price-chart" data-state={state} />
        {state === 'loading' && (
          <p className="kv-chart__status kv-muted" role="status">
            Загружаем график…
          </p>
        )}
        {state === 'error' && (
          <p className="kv-chart__status kv-inline-error" role="alert">
            Не удалось загрузить график. Обновите страницу.
          </p>
        )}
      </div>
      <table className="kv-visually-hidden">
        <caption>{label}</caption>
        <tbody>
          {points.map((p) => (
            <tr key={p.month}>
              <th scope="row">{monthLabel(p.month)}</th>
              <td>{formatNumber(p.pricePerMeter, 'rubSquare')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
