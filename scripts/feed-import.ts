/**
 * `npm run feed:import -- <file-or-url> [--source NAME] [--partial] [--no-photos]`: imports a YRL feed into the
 * database the server uses (DATA_DIR's embedded one, or DATABASE_URL), prints a progress bar and the report, then
 * fetches the photos. On PostgreSQL the running instances are told which cities changed and the AI-search agent gets
 * the new listings; the embedded database belongs to one process, so stop the server first.
 */
import { parseArgs } from 'node:util';
import { prepareDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { DataDirLockedError, acquireDataDirLock } from '../server/db/lock';
import { downloadPendingPhotos, importFeed, sourceNameOf, type ImportProgress, type ImportReport } from '../server/feeds';
import { PgEventBus } from '../server/infra/pg-event-bus';
import { PgBossQueue } from '../server/infra/pg-boss-queue';
import { LIRA_JOBS } from '../server/jobs';

const BAR = 30;

function progressLine(p: ImportProgress, started: number): string {
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(p.offers / Math.max(seconds, 0.001));
  const share = p.totalBytes ? Math.min(1, p.bytes / p.totalBytes) : null;
  const bar = share === null ? '' : `[${'#'.repeat(Math.round(share * BAR)).padEnd(BAR, '.')}] ${Math.round(share * 100)}% `;
  return `${bar}${p.offers.toLocaleString('ru-RU')} объявлений · ${rate.toLocaleString('ru-RU')}/с`;
}

function printReport(report: ImportReport, seconds: number): void {
  const c = report.counts;
  console.log(
    `\nИмпорт ${report.source} (${report.location}): ${report.status === 'done' ? 'готово' : 'ОШИБКА'} за ${seconds.toFixed(1)} с`,
  );
  console.log(`  прочитано ${c.read}, новых ${c.created}, изменено ${c.updated} (цена: ${c.priceChanges}), без изменений ${c.unchanged}`);
  console.log(`  снято с продажи ${c.sold}, пропущено ${c.skipped}, отклонено ${c.rejected}`);
  for (const [reason, n] of Object.entries(report.skipped)) console.log(`  пропущено: ${reason} — ${n}`);
  for (const r of report.rejected.slice(0, 20))
    console.log(`  отклонено ${r.internalId ?? '(без internal-id)'}: ${r.element}: ${r.reason}`);
  if (report.rejected.length > 20) console.log(`  … и ещё ${c.rejected - 20} (все — в GET /api/admin/feeds)`);
  if (report.error) console.log(`  ${report.error}`);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { source: { type: 'string' }, partial: { type: 'boolean' }, 'no-photos': { type: 'boolean' } },
  });
  const location = positionals[0];
  if (!location) {
    console.error('Укажите файл или URL фида: npm run feed:import -- feed.xml [--source NAME] [--partial] [--no-photos]');
    return 2;
  }
  const config = loadConfig();
  const release = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    await db.exclusively('kvarta:startup', () =>
      prepareDatabase(db, { catalogueSize: config.catalogueSize, demoCatalogue: config.catalogue.demo }),
    );
    const started = performance.now();
    const tty = process.stderr.isTTY;
    let lastShown = 0;
    const { report, changes } = await importFeed(db, {
      source: values.source ?? sourceNameOf(location),
      location,
      full: !values.partial,
      onProgress: (p) => {
        const now = performance.now();
        if (now - lastShown < (tty ? 200 : 5_000)) return;
        lastShown = now;
        process.stderr.write(tty ? `\r${progressLine(p, started)}` : `${progressLine(p, started)}\n`);
      },
    });
    if (tty) process.stderr.write('\n');
    printReport(report, (performance.now() - started) / 1000);
    if (!values['no-photos']) {
      let total = 0;
      for (;;) {
        const photos = await downloadPendingPhotos(db, { mediaDir: config.mediaDir, allowPrivateHosts: config.env !== 'production' });
        if (photos.ok + photos.failed === 0) break;
        total += photos.ok;
        process.stderr.write(`фото: ${total} загружено${photos.failed ? `, ${photos.failed} не удалось` : ''}\n`);
      }
    }
    if (config.databaseUrl && changes.cityIds.length > 0) {
      const url = config.databaseUrl;
      const bus = await PgEventBus.connect({ url, notify: (channel, payload) => db.query('SELECT pg_notify($1, $2)', [channel, payload]) });
      await bus.publish('catalogue', { cityIds: changes.cityIds });
      await bus.close();
      if (changes.added.length > 0) {
        const queue = await PgBossQueue.start({ url });
        await queue.send(LIRA_JOBS.newListings, { added: changes.added, cityIds: changes.cityIds });
        await queue.stop();
      }
    }
    return report.status === 'done' ? 0 : 1;
  } finally {
    await db.close();
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof DataDirLockedError ? error.message : `Импорт не удался: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
