import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parsePriceLevels, toCityInputs } from '../server/catalog/reference';
import { generateCatalogue } from '../server/demo/generator/generate';
import type { RawCity, RawMetroCity } from '../server/catalog/reference';
import { buildColumns, rank, ratingOfRow, type RankQuery } from '../server/ranking';

const dataDir = fileURLToPath(new URL('../server/catalog/data/', import.meta.url));
const read = (name: string) => readFileSync(`${dataDir}${name}`, 'utf8');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** A realistic LIRA query: location, price, rooms, four wishes, alternatives, taste learned from 30 ratings. */
export function liraQuery(columns: ReturnType<typeof buildColumns>, variant: number): RankQuery {
  const ratings = Array.from({ length: 30 }, (_, i) =>
    ratingOfRow(
      columns,
      (variant * 97 + i * 1013) % columns.size,
      i % 3 ? { action: 'DISLIKE', notices: i % 2 ? ['PRICE'] : [] } : { action: 'LIKE', notices: [] },
    ),
  );
  const price = 9_000_000 + (variant % 10) * 2_000_000;
  return {
    filters: { priceMin: price, priceMax: price * 1.6, rooms: [1, 2, 3], areaTotalGte: 30 },
    extensions: { pricePercent: 10, rooms: [0, 4], deadlineQuarters: 2 },
    wishes: [
      { code: 'METRO_NEARBY', importance: 'VERY_IMPORTANT' },
      { code: 'SCHOOL', importance: 'IMPORTANT' },
      { code: 'BIG_KITCHEN', importance: 'DESIRABLE' },
      { code: 'PRICE_BELOW_MARKET', importance: 'IMPORTANT' },
    ],
    portraitWishes: [{ code: 'KINDERGARTEN', importance: 'IMPORTANT' }],
    ratings,
    seed: variant,
    limit: 30,
  };
}

/** Generates a catalogue and indexes Moscow; the objects are dropped so GC does not disturb the timing. */
function buildMoscow(total: number): { columns: ReturnType<typeof buildColumns>; generateMs: number; indexMs: number } {
  const asOf = new Date();
  const inputs = toCityInputs(
    JSON.parse(read('cities.json')) as RawCity[],
    JSON.parse(read('metro.json')) as RawMetroCity[],
    parsePriceLevels(read('price-per-m2-by-region.csv'), asOf),
  );
  let t = performance.now();
  const catalogue = generateCatalogue(inputs, { asOf, totalApartments: total });
  const generateMs = performance.now() - t;
  const complexes = new Map(catalogue.complexes.map((c) => [c.id, c]));
  t = performance.now();
  const columns = buildColumns(
    77,
    catalogue.apartments.filter((a) => a.cityId === 77),
    complexes,
  );
  return { columns, generateMs, indexMs: performance.now() - t };
}

export function benchEngine(): void {
  for (const total of [50_000, 1_000_000]) {
    const { columns, generateMs, indexMs } = buildMoscow(total);
    for (let i = 0; i < 50; i++) rank(columns, liraQuery(columns, i)); // warm-up
    const queries = Array.from({ length: 200 }, (_, i) => liraQuery(columns, i));
    const times: number[] = [];
    // CPU time too: on the shared machine the wall clock mostly measures the other processes (docs/benchmarks.md).
    const cpu: number[] = [];
    for (const query of queries) {
      const start = performance.now();
      const used = process.cpuUsage();
      rank(columns, query);
      const spent = process.cpuUsage(used);
      times.push(performance.now() - start);
      cpu.push((spent.user + spent.system) / 1000);
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    console.log(
      `engine  ${total.toLocaleString('en')} listings (Moscow ${columns.size.toLocaleString('en')}): generate ${generateMs.toFixed(0)} ms, index ${indexMs.toFixed(0)} ms, ranked LIRA query p50 ${percentile(times, 0.5).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms (CPU time p50 ${percentile(cpu, 0.5).toFixed(2)} ms, p95 ${percentile(cpu, 0.95).toFixed(2)} ms)`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) benchEngine();
