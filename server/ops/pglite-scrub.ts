import { cp, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite has no pg_dump of its own (that is the separate @electric-sql/pglite-tools package), so its backup is a
 * copy of the data folder — which keeps what a deleted person left: dead row versions in table and index pages,
 * and every change in the write-ahead log (WAL), whose old segments PostgreSQL recycles without clearing. The
 * backup is therefore made from a scrubbed copy, never from the live folder:
 *
 * 1. `VACUUM (FULL, ANALYZE)` rewrites every table and index (system catalogues too) with live rows only, then
 *    `VACUUM FULL pg_statistic` drops the statistics' own dead versions (which may quote column values);
 * 2. `pg_switch_wal()` + `CHECKPOINT` start a new WAL segment and make the data files complete, and closing
 *    writes the shutdown checkpoint right after it;
 * 3. with the database closed, every WAL segment but the checkpoint's is deleted, and that segment is zeroed
 *    from the page after the checkpoint record on (a recycled segment keeps an older life's bytes there).
 *
 * PostgreSQL then starts from that checkpoint and finds the end of its WAL in the zeroes.
 */
export async function scrubbedCopy(source: string, copy: string): Promise<void> {
  await cp(source, copy, { recursive: true, errorOnExist: true, force: false });
  const client = new PGlite(copy);
  try {
    await client.waitReady;
    await client.exec('VACUUM (FULL, ANALYZE)');
    await client.exec('VACUUM FULL pg_catalog.pg_statistic');
    await client.query('select pg_switch_wal()');
    await client.exec('CHECKPOINT');
  } finally {
    await client.close();
  }
  await keepOnlyCheckpointWal(copy);
}

/** XLOG_BLCKSZ: the WAL's page size. */
const WAL_PAGE = 8192;
/** More than a checkpoint record takes (about 120 bytes, plus a page header if it crosses a page): PostgreSQL writes
 * whole WAL pages, zeroed past the last record, so the pages after the one the record ends in are what may be stale. */
const CHECKPOINT_RECORD_MAX = 256;
const SEGMENT_NAME = /^[0-9A-F]{24}$/;

/**
 * `global/pg_control` starts with system_identifier (8 bytes), pg_control_version and catalog_version_no (4 + 4),
 * the state (4, padded to 8) and its time (8): the latest checkpoint's location follows at byte 32 (PostgreSQL's
 * ControlFileData; WebAssembly is little-endian).
 */
async function latestCheckpoint(folder: string): Promise<bigint> {
  const control = await readFile(join(folder, 'global', 'pg_control'));
  return control.readBigUInt64LE(32);
}

async function keepOnlyCheckpointWal(folder: string): Promise<void> {
  const walFolder = join(folder, 'pg_wal');
  const segments = (await readdir(walFolder)).filter((name) => SEGMENT_NAME.test(name));
  if (segments.length === 0) throw new Error('в копии встроенной базы нет журнала WAL');
  const segmentSize = BigInt((await stat(join(walFolder, segments[0]!))).size);
  const segmentsPerId = 0x1_0000_0000n / segmentSize;
  const checkpoint = await latestCheckpoint(folder);
  const checkpointSegment = checkpoint / segmentSize;
  const numberOf = (name: string) => BigInt(`0x${name.slice(8, 16)}`) * segmentsPerId + BigInt(`0x${name.slice(16)}`);
  const kept = segments.filter((name) => numberOf(name) === checkpointSegment);
  if (kept.length !== 1) throw new Error('в копии встроенной базы не найден сегмент WAL последней контрольной точки');
  for (const name of segments) if (name !== kept[0]) await rm(join(walFolder, name));
  const offset = Number(checkpoint % segmentSize);
  const clearFrom = Math.ceil((offset + CHECKPOINT_RECORD_MAX) / WAL_PAGE) * WAL_PAGE;
  const handle = await open(join(walFolder, kept[0]!), 'r+');
  try {
    if (clearFrom < Number(segmentSize)) await handle.write(Buffer.alloc(Number(segmentSize) - clearFrom), 0, undefined, clearFrom);
  } finally {
    await handle.close();
  }
}
