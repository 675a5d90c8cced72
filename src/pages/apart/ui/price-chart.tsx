import { useCallback, useRef } from 'react';
import { dayText, formatNumber, monthLabel } from '@/shared/lib';
import { InlineError, useLazyChart, type ChartColours, type ChartJs } from '@/shared/ui';
import { axisRange } from '../lib/price-history';

/** One line of the chart: its label and its points (UTC ms, ₽/m²). */
export interface ChartSeries {
  label: string;
  points: Array<{ at: number; value: number }>;
  /** A price that holds until it changes: drawn as steps. */
  stepped?: boolean;
}

const monthOf = (at: number) => monthLabel(new Date(at).toISOString().slice(0, 7));

/**
 * The price history chart: the listing's own ₽/m² and the house's average on one labelled axis of time and ₽/m².
 * chart.js (~200 kB) is imported, and the chart drawn, only once the chart comes near the screen. A table with the
 * same numbers is there for screen readers.
 */
export function PriceChart({ series, label }: { series: ChartSeries[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const draw = useCallback(
    (
      { Chart, LineController, LineElement, PointElement, LinearScale, Tooltip, Legend }: ChartJs,
      target: HTMLCanvasElement,
      { primary, muted }: ChartColours,
    ) => {
      Chart.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Legend);
      const colours = [primary, muted];
      const range = axisRange(series.flatMap((s) => s.points.map((p) => p.value)));
      return new Chart(target, {
        type: 'line',
        data: {
          datasets: series.map((s, i) => ({
            label: s.label,
            // A price holds until it changes: its line runs on to today (drawn only here, never in the server's HTML).
            data: [
              ...s.points,
              ...(s.stepped && s.points.length > 0 ? [{ at: Date.now(), value: s.points[s.points.length - 1]!.value }] : []),
            ].map((p) => ({ x: p.at, y: p.value })),
            borderColor: colours[i % colours.length],
            backgroundColor: colours[i % colours.length],
            borderDash: i === 0 ? undefined : [6, 4],
            stepped: s.stepped ? ('before' as const) : false,
            tension: 0,
            pointRadius: s.stepped ? 3 : 0,
            pointHoverRadius: 4,
          })),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'nearest', intersect: false },
          plugins: {
            legend: { display: true, position: 'bottom', labels: { color: muted, boxWidth: 16 } },
            tooltip: {
              callbacks: {
                title: (items) => (items[0] ? dayText(new Date(Number(items[0].parsed.x)).toISOString()) : ''),
                label: (item) => `${item.dataset.label ?? ''}: ${formatNumber(Number(item.parsed.y), 'rubSquare')}`,
              },
            },
          },
          scales: {
            x: {
              type: 'linear',
              ticks: { color: muted, maxTicksLimit: 5, maxRotation: 0, callback: (value) => monthOf(Number(value)) },
              grid: { display: false },
            },
            y: {
              min: range.min,
              max: range.max,
              title: { display: true, text: 'тыс. ₽ за м²', color: muted },
              ticks: { color: muted, maxTicksLimit: 6, callback: (value) => formatNumber(Math.round(Number(value) / 1000)) },
            },
          },
        },
      });
    },
    [series],
  );
  const { state, retry } = useLazyChart(canvas, draw);
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
          <InlineError
            text="Не удалось загрузить график. Проверьте подключение к интернету."
            onRetry={retry}
            className="kv-chart__status"
          />
        )}
      </div>
      {/* Hidden in a block, not as the table itself: a table grows to its content whatever its width, and an absolute
          one that wide widened a phone's page. */}
      <div className="kv-visually-hidden">
        <table>
          <caption>{label}</caption>
          <tbody>
            {series.flatMap((s) =>
              s.points.map((p) => (
                <tr key={`${s.label}-${p.at}`}>
                  <th scope="row">
                    {s.label}, {monthOf(p.at)}
                  </th>
                  <td>{formatNumber(p.value, 'rubSquare')}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
