/**
 * The feed bench's child (bench/feed-import.ts builds it with esbuild and runs the built JS with plain `node`, as
 * production runs the server): opens a fresh database, notes its idle memory, imports one feed and prints its figures
 * as one line of JSON. The import's own memory is its growth over that idle process: PGlite alone holds ~450 MB.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { prepareDatabase } from '../server/bootstrap';
import { openDatabase } from '../server/db/connection';
import { importFeed } from '../server/feeds';
import { HOSTILE_FORMS, hostileFeed } from '../tests/support/hostile-feed';

/** A line of /proc/self/status in MB (VmRSS now, VmHWM the peak since the last reset). */
function statusMb(field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s*(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Resets VmHWM to the current RSS (Linux: `5` to clear_refs), so the peak read later is the import's own. */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const [mode, target, arg] = process.argv.slice(2) as [string, string, string];
  const onPostgres = target.startsWith('postgres');
  if (!onPostgres) mkdirSync(target, { recursive: true });
  const db = await openDatabase(onPostgres ? { databaseUrl: target } : { dataDir: target });
  await prepareDatabase(db, { catalogueSize: 100, demoCatalogue: false });
  // Idle: the database open and migrated, the feed not yet opened.
  const baselineMb = statusMb('VmRSS');
  const heapBefore = process.memoryUsage();
  const peakReset = resetPeak();
  let bytes = 0;
  const started = performance.now();
  const { report } = await importFeed(
    db,
    mode === 'hostile'
      ? {
          source: 'hostile',
          location: 'generated',
          open: async () => ({
            chunks: (async function* () {
              for await (const chunk of hostileFeed(HOSTILE_FORMS, Number(arg))) {
                bytes += chunk.byteLength;
                yield chunk;
              }
            })(),
            totalBytes: null,
          }),
        }
      : { source: 'bench', location: arg },
  );
  const seconds = (performance.now() - started) / 1000;
  const peakMb = peakReset ? statusMb('VmHWM') : process.resourceUsage().maxRSS / 1024;
  const heapAfter = process.memoryUsage();
  const mb = (n: number) => Math.round(n / 1024 ** 2);
  // Where the growth is: V8's heap (as committed at the end) and memory outside it (Buffers, WASM).
  const heap = {
    before: mb(heapBefore.heapTotal),
    after: mb(heapAfter.heapTotal),
    externalBefore: mb(heapBefore.external),
    externalAfter: mb(heapAfter.external),
  };
  await db.close();
  const { read, created, rejected } = report.counts;
  console.log(JSON.stringify({ bytes, seconds, read, created, rejected, baselineMb, peakMb, heap, error: report.error }));
}

await main();
