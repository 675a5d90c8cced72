/**
 * The feed importer's speed and memory: 100 000 offers in YRL, generated into a temporary file, imported into a
 * fresh database (embedded PGlite; PostgreSQL too with BENCH_DATABASE_URL) by a child process of its own: the importer
 * built with esbuild and run by plain `node` (bench/feed-import-child.ts), as production runs built JS. Its memory is
 * the import's growth over the idle process (the database open, the feed not yet read): PGlite alone holds ~450 MB.
 * Goal: ≥ 5 000 offers/s, growth ≤ 100 MB. BENCH_FEED_PROFILE=<dir> writes each child's CPU profile there;
 * BENCH_FEED_RUNS=<n> imports the feed n times into each database.
 * Then a hostile feed of 1 GB (benchHostileFeedImport): generated as it is read, its runs (whitespace, a text
 * node, an attribute value, a tag name, text between offers) each ~200 MB; the importer must finish in its 128 MB
 * heap, refusing the offers that hold cut content.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { PROJECT_ROOT } from '../server/project-root';

const CITIES = [
  { region: 'Санкт-Петербург', locality: 'Санкт-Петербург', lat: 59.94, lng: 30.31, metro: 'Пионерская', price: 230_000 },
  { region: 'Москва', locality: 'Москва', lat: 55.75, lng: 37.62, metro: 'Перово', price: 360_000 },
  { region: 'Ростовская область', locality: 'Ростов-на-Дону', lat: 47.22, lng: 39.72, metro: null, price: 110_000 },
  { region: 'Новосибирская область', locality: 'Новосибирск', lat: 55.03, lng: 82.92, metro: 'Гагаринская', price: 140_000 },
  { region: 'Свердловская область', locality: 'Екатеринбург', lat: 56.84, lng: 60.61, metro: 'Уралмаш', price: 150_000 },
];

/** The fields of one city an offer needs: its region and locality, a centre, a metro station, a price per m². */
type FeedCity = (typeof CITIES)[number];
export const FEED_CITIES: readonly FeedCity[] = CITIES;

/** Offer `i` of a generated feed; the web benchmark gives its own city and photo addresses. */
export function offerXml(
  i: number,
  city: FeedCity = CITIES[i % CITIES.length]!,
  images = [`https://photos.example.ru/${i}/1.jpg`, `https://photos.example.ru/${i}/2.jpg`],
): string {
  const isNew = i % 3 !== 0;
  const rooms = i % 5;
  const area = [27, 39, 58, 79, 104][rooms]! + (i % 7);
  const building = Math.floor(i / 100);
  const lat = (city.lat + ((i * 7919) % 1000) / 10_000 - 0.05).toFixed(5);
  const lng = (city.lng + ((i * 104_729) % 1000) / 10_000 - 0.05).toFixed(5);
  return `<offer internal-id="b${i}"><type>продажа</type><property-type>жилая</property-type><category>квартира</category>
<url>https://agency.example.ru/offer/${i}</url><creation-date>2026-10-01T10:00:00+03:00</creation-date>
<location><country>Россия</country><region>${city.region}</region><locality-name>${city.locality}</locality-name><address>ул. Тестовая, ${1 + (building % 200)}</address><latitude>${lat}</latitude><longitude>${lng}</longitude>${city.metro ? `<metro><name>${city.metro}</name><time-on-foot>12</time-on-foot></metro>` : ''}</location>
<sales-agent><name>Мария</name><phone>+79990000000</phone><category>${isNew ? 'developer' : 'agency'}</category><organization>${isNew ? 'СтройДом' : 'Ключ'}</organization></sales-agent>
<price><value>${Math.round((city.price * area) / 10_000) * 10_000}</value><currency>RUB</currency></price>
<area><value>${area}</value><unit>кв. м</unit></area><kitchen-space><value>${(area * 0.2).toFixed(1)}</value><unit>кв. м</unit></kitchen-space>
${rooms === 0 ? '<studio>да</studio>' : `<rooms>${rooms}</rooms>`}<floor>${1 + (i % 16)}</floor><floors-total>17</floors-total>
<renovation>${isNew ? 'черновая отделка' : 'евро'}</renovation>${isNew ? `<new-flat>да</new-flat><building-name>Квартал ${building}</building-name><yandex-building-id>${building}</yandex-building-id><building-section>${1 + (i % 3)}</building-section><built-year>2027</built-year><ready-quarter>${1 + (i % 4)}</ready-quarter>` : '<built-year>1985</built-year>'}
${images.map((url) => `<image>${url}</image>`).join('')}
<description>Светлая квартира, окна во двор, рядом школа и парк. Хорошая транспортная доступность, развитая инфраструктура района.</description></offer>\n`;
}

export const FEED_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<realty-feed xmlns="http://webmaster.yandex.ru/schemas/feed/realty/2010-06">\n<generation-date>2026-11-25T10:00:00+03:00</generation-date>\n';
export const FEED_TAIL = '</realty-feed>\n';

export async function writeFeed(path: string, offers: number): Promise<void> {
  const out = createWriteStream(path);
  out.write(FEED_HEAD);
  for (let i = 0; i < offers; i++) if (!out.write(offerXml(i))) await once(out, 'drain');
  out.end(FEED_TAIL);
  await once(out, 'finish');
}

/** A database of its own on the BENCH_DATABASE_URL server, dropped afterwards. */
async function withFreshPostgres<T>(url: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `kvarta_feedbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const fresh = new URL(url);
    fresh.pathname = `/${name}`;
    return await work(fresh.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * The importer's V8 heap cap (package.json's feed:import): without a cap the heap grows lazily towards V8's default
 * limit, and the peak RSS measures uncollected garbage; with it, an importer whose memory grew with the feed would
 * crash instead of finishing. (It is also faster: 14.6 s against 21.3 s for 100 000 offers on PostgreSQL.)
 */
const IMPORT_HEAP_MB = 128;

interface ChildFigures {
  bytes: number;
  seconds: number;
  read: number;
  created: number;
  rejected: number;
  /** RSS of the idle process: the database open and migrated, the feed not yet opened. */
  baselineMb: number;
  /** The highest RSS during the import. */
  peakMb: number;
  error: string | null;
}

/**
 * The child built as the server is (`build:server`: bundled, packages left to node_modules), into a folder of dist/
 * so those packages and the project's files resolve as they do for dist/node/main.js. `done` removes it.
 */
async function buildChild(): Promise<{ script: string; done: () => void }> {
  mkdirSync(join(PROJECT_ROOT, 'dist'), { recursive: true });
  const outdir = mkdtempSync(join(PROJECT_ROOT, 'dist', 'feed-bench-'));
  await build({
    entryPoints: [join(PROJECT_ROOT, 'bench/feed-import-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir,
    logLevel: 'warning',
  });
  return { script: join(outdir, 'feed-import-child.js'), done: () => rmSync(outdir, { recursive: true, force: true }) };
}

function childArgs(script: string, args: string[]): string[] {
  const profile = process.env.BENCH_FEED_PROFILE;
  return [`--max-old-space-size=${IMPORT_HEAP_MB}`, ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), script, ...args];
}

function runChild(script: string, feed: string, target: string): ChildFigures {
  const out = execFileSync('node', childArgs(script, ['offers', target, feed]), { encoding: 'utf8', maxBuffer: 1024 ** 2 });
  const result = JSON.parse(out.trim().split('\n').pop()!) as ChildFigures;
  if (result.error) throw new Error(result.error);
  return result;
}

const memory = (r: ChildFigures) =>
  `idle ${r.baselineMb.toFixed(0)} MB, peak ${r.peakMb.toFixed(0)} MB, growth ${(r.peakMb - r.baselineMb).toFixed(0)} MB`;

export async function benchFeedImport(offers = 100_000): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kvarta-feed-bench-'));
  const child = await buildChild();
  try {
    const feed = join(dir, 'feed.xml');
    await writeFeed(feed, offers);
    const size = statSync(feed).size / 1024 ** 2;
    const line = (where: string, r: ChildFigures) =>
      console.log(
        `feeds   ${r.created.toLocaleString('en')} YRL offers (${size.toFixed(0)} MB) into ${where}: ${(r.created / r.seconds).toFixed(0)} offers/s ` +
          `(${r.seconds.toFixed(1)} s), importer ${memory(r)} (goal ≥ 5000/s, growth ≤ 100 MB)`,
      );
    const runs = Number(process.env.BENCH_FEED_RUNS ?? 1);
    for (let run = 0; run < runs; run++) {
      line('embedded PGlite', runChild(child.script, feed, join(dir, `db${run}`)));
      const url = process.env.BENCH_DATABASE_URL;
      if (url) line('PostgreSQL', await withFreshPostgres(url, async (fresh) => runChild(child.script, feed, fresh)));
    }
  } finally {
    child.done();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The importer on a 1 GB hostile feed, in a child process with the importer's heap cap: before the run limiter,
 * V8 ran out of memory on the first huge run (a 200 MB feed was enough).
 */
export async function benchHostileFeedImport(totalBytes = 1024 ** 3): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kvarta-hostile-bench-'));
  // Five forms, the tag name written twice (its opening and closing tag): six runs.
  const runBytes = Math.round(totalBytes / 6);
  const child = await buildChild();
  const line = (where: string, target: string) => {
    const run = spawnSync('node', childArgs(child.script, ['hostile', target, String(runBytes)]), {
      encoding: 'utf8',
      maxBuffer: 1024 ** 2,
    });
    const last = run.stdout.trim().split('\n').pop() ?? '';
    if (run.status !== 0 || !last.startsWith('{')) {
      const oom = /out of memory/i.test(run.stderr);
      console.log(
        `feeds   hostile feed of ${(totalBytes / 1024 ** 2).toFixed(0)} MB into ${where}: the importer FAILED (${oom ? 'V8 out of memory' : `exit ${run.status}`})`,
      );
      return;
    }
    const r = JSON.parse(last) as ChildFigures;
    console.log(
      `feeds   hostile feed of ${(r.bytes / 1024 ** 2).toFixed(0)} MB (runs of ${(runBytes / 1024 ** 2).toFixed(0)} MB: whitespace, text, attribute, tag name, between offers) into ${where}: ` +
        `${r.read} offers read, ${r.created} created, ${r.rejected} refused in ${r.seconds.toFixed(1)} s (${(r.bytes / 1024 ** 2 / r.seconds).toFixed(0)} MB/s), ` +
        `importer ${memory(r)} in a ${IMPORT_HEAP_MB} MB heap${r.error ? `, error: ${r.error}` : ''}`,
    );
  };
  try {
    line('embedded PGlite', join(dir, 'db'));
    const url = process.env.BENCH_DATABASE_URL;
    if (url) await withFreshPostgres(url, async (fresh) => line('PostgreSQL', fresh));
  } finally {
    child.done();
    rmSync(dir, { recursive: true, force: true });
  }
}
