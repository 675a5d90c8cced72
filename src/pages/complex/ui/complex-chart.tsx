import { useCallback, useRef } from 'react';
import { formatNumber, monthLabel } from '@/shared/lib';
import { InlineError, useLazyChart, type ChartColours, type ChartJs } from '@/shared/ui';

/**
 * ₽/m² of the complex by month. chart.js loads, and the chart is drawn, only when it comes near the screen; a table
 * with the same figures is there for screen readers and for the server's HTML.
 */
export function ComplexChart({ points }: { points: ReadonlyArray<{ month: string; pricePerMeter: number }> }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const draw = useCallback(
    (
      { Chart, LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Filler }: ChartJs,
      target: HTMLCanvasElement,
      { primary, muted }: ChartColours,
    ) => {
      Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Filler);
      return new Chart(target, {
        type: 'line',
        data: {
          labels: points.map((p) => monthLabel(p.month)),
          datasets: [
            {
              label: 'Цена за м²',
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
    },
    [points],
  );
  const { state, retry } = useLazyChart(canvas, draw);
  return (
    <figure className="kv-complex-chart" aria-label="Цена за м² по месяцам">
      <div className="kv-complex-chart__box">
        <canvas ref={canvas} role="img" aria-label="Цена за м² по месяцам: график" data-testid="complex-chart" data-state={state} />
        {state === 'error' && (
          <InlineError
            text="Не удалось загрузить график. Проверьте подключение к интернету."
            onRetry={retry}
            className="kv-complex-chart__status"
          />
        )}
      </div>
      <div className="kv-visually-hidden">
        <table>
          <caption>Цена за м² по месяцам</caption>
          <tbody>
            {points.map((p) => (
              <tr key={p.month}>
                <th scope="row">{monthLabel(p.month)}</th>
                <td>{formatNumber(p.pricePerMeter, 'rubSquare')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
