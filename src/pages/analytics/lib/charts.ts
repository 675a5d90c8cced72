import type { ChartConfiguration } from 'chart.js';
import type { AnalyticsResult } from '@/entities/analytics';
import { formatNumber } from '@/shared/lib';

/** Column names of spec §2 ANALYTICS_DETAILS, reused as the room labels of the charts. */
export const ROOM_COLUMNS = ['Студии', '1 ком.', '2 ком.', '3 ком.', '4+ ком.'] as const;

type Colours = { primary: string; text: string; muted: string; border: string };
const PIE = ['#2a5fe6', '#22b8a6', '#f5a524', '#e5484d', '#8e4ec6'];
/** 'YYYY-MM' → 'дек. 24'; anything else as is. */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return new Intl.DateTimeFormat('ru-RU', { month: 'short', year: '2-digit' })
    .format(new Date(Number(m[1]), Number(m[2]) - 1, 1))
    .replace(' г.', '');
}
/** Long district names are cut on the axis (the full name stays in the tooltip). */
export const shortLabel = (label: string, max = 18) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);
const mln = (v: number) => `${formatNumber(Math.round(v / 100_000) / 10)} млн`;

const axes = (c: Colours, format?: (v: number) => string) => ({
  x: { ticks: { color: c.muted }, grid: { color: c.border } },
  y: { ticks: { color: c.muted, ...(format ? { callback: (v: string | number) => format(Number(v)) } : {}) }, grid: { color: c.border } },
});

/** Average price by rooms (bar). */
export function priceByRoomsChart(result: AnalyticsResult, c: Colours): ChartConfiguration<'bar'> {
  const items = result.priceByRooms ?? [];
  return {
    type: 'bar',
    data: {
      labels: items.map((i) => ROOM_COLUMNS[i.roomsCnt] ?? String(i.roomsCnt)),
      datasets: [{ label: 'Средняя цена, ₽', data: items.map((i) => i.avgPrice), backgroundColor: c.primary, borderRadius: 8 }],
    },
    options: { maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: axes(c, mln) },
  };
}

/** Share of offers by rooms (pie). */
export function shareByRoomsChart(result: AnalyticsResult, c: Colours): ChartConfiguration<'pie'> {
  const items = result.shareByRooms ?? [];
  return {
    type: 'pie',
    data: {
      labels: items.map((i) => ROOM_COLUMNS[i.roomsCnt] ?? String(i.roomsCnt)),
      datasets: [{ data: items.map((i) => i.count), backgroundColor: PIE, borderColor: 'transparent' }],
    },
    options: { maintainAspectRatio: false, plugins: { legend: { position: 'bottom', labels: { color: c.text } } } },
  };
}

/** Price per m² by district, the 12 dearest (horizontal bar). */
export function pricePerMeterByAreaChart(result: AnalyticsResult, c: Colours): ChartConfiguration<'bar'> {
  const items = (result.pricePerMeterByArea ?? []).slice(0, 12);
  return {
    type: 'bar',
    data: {
      labels: items.map((i) => i.areaName),
      datasets: [{ label: 'Цена за м², ₽', data: items.map((i) => i.avgPricePerMeter), backgroundColor: c.primary, borderRadius: 6 }],
    },
    options: {
      indexAxis: 'y',
      maintainAspectRatio: false,
      plugins: { legend: { display: false } },
      scales: {
        x: axes(c).x,
        y: {
          ticks: { color: c.text, callback: (_: string | number, index: number) => shortLabel(items[index]?.areaName ?? '') },
          grid: { display: false },
        },
      },
    },
  };
}

/** Price per m² month by month (line). */
export function priceDynamicsChart(result: AnalyticsResult, c: Colours): ChartConfiguration<'line'> {
  const items = result.priceDynamics ?? [];
  return {
    type: 'line',
    data: {
      labels: items.map((i) => monthLabel(i.month)),
      datasets: [
        {
          label: 'Цена за м², ₽',
          data: items.map((i) => i.pricePerMeter),
          borderColor: c.primary,
          backgroundColor: c.primary,
          tension: 0.3,
          pointRadius: 2,
        },
      ],
    },
    options: { maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: axes(c) },
  };
}
