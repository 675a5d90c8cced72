/**
 * `npm run bench`: the sentence parser's exact-match share and time (bench/search-parse.ts), catalogue build, cold start, the engine's ranked query at 50k and 1M listings,
 * the same query ranked in SQL, and the agent's quality with simulated buyers (bench/quality.ts).
 * Speed and quality goals live here, never in unit tests.
 * Then the feed importer: 100 000 YRL offers, and a 1 GB hostile feed in the importer's 128 MB heap (bench/feed-import.ts).
 * BENCH_DATABASE_URL (PostgreSQL) adds the SQL ranking and the feed import on a real server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareDatabase } from '../server/bootstrap';
import { CatalogueMemory } from '../server/catalog/memory';
import { openDatabase, type Database } from '../server/db/connection';
import { Engine } from '../server/ranking/engine';
import { benchEngine, liraQuery } from './engine';
import { benchFeedImport, benchHostileFeedImport } from './feed-import';
import { benchQuality } from './quality';
import { benchSearchParse } from './search-parse';
import { prepareSqlRanking, rankInSql } from './sql';

const MOSCOW = 77;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

async function timeRuns(runs: number, fn: (i: number) => unknown): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function sqlVersusEngine(db: Database, label: string, engineP50: number): Promise<void> {
  await prepareSqlRanking(db, MOSCOW);
  const sql = await timeRuns(20, (i) => {
    const price = 9_000_000 + (i % 10) * 2_000_000;
    return rankInSql(db, MOSCOW, price, price * 1.6);
  });
  console.log(
    `sql     ${label}: ranked LIRA query p50 ${fmt(sql.p50)}, p95 ${fmt(sql.p95)} → engine is ${(sql.p50 / engineP50).toFixed(0)}× faster (p50)`,
  );
}

async function main(): Promise<void> {
  benchSearchParse();
  const dir = mkdtempSync(join(tmpdir(), 'kvarta-bench-'));
  try {
    let start = performance.now();
    let db = await openDatabase({ dataDir: dir });
    const built = await prepareDatabase(db, { catalogueSize: 50_000 });
    console.log(
      `build   ${built.apartments.toLocaleString('en')} apartments into embedded PGlite: ${fmt(performance.now() - start)} (catalogue ${fmt(built.ms)})`,
    );
    await db.close();

    // Cold start: everything main.ts does before listening, on the existing folder.
    start = performance.now();
    db = await openDatabase({ dataDir: dir });
    await prepareDatabase(db, { catalogueSize: 50_000 });
    const memory = await CatalogueMemory.load(db);
    const engine = new Engine(memory);
    engine.refresh();
    console.log(`start   cold start on the existing database (open, migrate, load, index): ${fmt(performance.now() - start)}`);

    const columns = engine.columns(MOSCOW)!;
    const inProcess = await timeRuns(200, (i) => engine.rank(MOSCOW, liraQuery(columns, i)));
    console.log(
      `engine  50k catalogue (Moscow ${columns.size.toLocaleString('en')}), from the database: p50 ${fmt(inProcess.p50)}, p95 ${fmt(inProcess.p95)}`,
    );
    await sqlVersusEngine(db, 'PGlite, 50k catalogue', inProcess.p50);
    await db.close();

    if (process.env.BENCH_DATABASE_URL) {
      const pg = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
      await prepareDatabase(pg, { catalogueSize: 50_000 });
      await sqlVersusEngine(pg, 'PostgreSQL, 50k catalogue', inProcess.p50);
      await pg.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  benchEngine();
  benchQuality();
  await benchFeedImport();
  await benchHostileFeedImport();
}

void main();
