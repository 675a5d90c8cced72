/**
 * City price levels from the reference CSV (monthly average asking ₽/m², 2023-01…2024-06),
 * moved forward to the catalogue date with each city's own trend, damped to a plausible band.
 */
const CITY_ROW: Record<number, string> = {
  77: 'Москва',
  78: 'Санкт-Петербург',
  161: 'Ростовская Область',
  541: 'Новосибирская Область',
  661: 'Свердловская Область',
};

/** Annual growth kept within what the market did after mid-2024 (high key rate): 3–9 % a year. */
const MIN_ANNUAL_GROWTH = 0.03;
const MAX_ANNUAL_GROWTH = 0.09;

export interface CityPriceLevel {
  targetPricePerM2: { NEW: number; RESALE: number };
  monthlyGrowth: { NEW: number; RESALE: number };
  /** The last month in the CSV, 'YYYY-MM'. */
  lastMonth: string;
}

interface Row {
  month: string;
  resale: number;
  fresh: number;
}

function monthsBetween(from: string, to: Date): number {
  const [y, m] = from.split('-').map(Number) as [number, number];
  return (to.getUTCFullYear() - y) * 12 + (to.getUTCMonth() + 1 - m);
}

function annualGrowth(rows: Row[], pick: (row: Row) => number): number {
  // Average the first and last quarters so a single noisy month does not set the trend.
  const head = rows.slice(0, 3).map(pick);
  const tail = rows.slice(-3).map(pick);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const years = (rows.length - 3) / 12;
  const raw = (mean(tail) / mean(head)) ** (1 / years) - 1;
  return Math.min(MAX_ANNUAL_GROWTH, Math.max(MIN_ANNUAL_GROWTH, raw));
}

export function parsePriceLevels(csv: string, asOf: Date): Map<number, CityPriceLevel> {
  const lines = csv.trim().split(/\r?\n/).slice(1);
  const byKladr = new Map<number, Row[]>();
  for (const line of lines) {
    const [month, region, kladr, , resale, fresh] = line.split(',');
    const code = Number(kladr);
    if (!month || CITY_ROW[code] !== region) continue;
    const rows = byKladr.get(code) ?? [];
    rows.push({ month, resale: Number(resale), fresh: Number(fresh) });
    byKladr.set(code, rows);
  }
  const levels = new Map<number, CityPriceLevel>();
  for (const [kladr, rows] of byKladr) {
    rows.sort((a, b) => a.month.localeCompare(b.month));
    const last = rows[rows.length - 1];
    if (!last) continue;
    const growthNew = annualGrowth(rows, (r) => r.fresh);
    const growthResale = annualGrowth(rows, (r) => r.resale);
    const months = Math.max(0, monthsBetween(last.month, asOf));
    const lastQuarter = rows.slice(-3);
    const avg = (pick: (r: Row) => number) => lastQuarter.reduce((s, r) => s + pick(r), 0) / lastQuarter.length;
    levels.set(kladr, {
      targetPricePerM2: {
        NEW: Math.round(avg((r) => r.fresh) * (1 + growthNew) ** (months / 12)),
        RESALE: Math.round(avg((r) => r.resale) * (1 + growthResale) ** (months / 12)),
      },
      monthlyGrowth: { NEW: (1 + growthNew) ** (1 / 12) - 1, RESALE: (1 + growthResale) ** (1 / 12) - 1 },
      lastMonth: last.month,
    });
  }
  return levels;
}
