import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Папка данных ${dataDir} уже используется процессом PID ${pid}. Остановите его или укажите другую папку в DATA_DIR: два сервера на одной встроенной базе теряют данные.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** What the lock file says: the holder's PID, its start time (when known) and the holder's random id. */
export interface LockOwner {
  pid: number;
  /** Linux: field 22 of /proc/<pid>/stat (clock ticks since boot); null elsewhere. */
  startTime: string | null;
  instance: string | null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process started, in clock ticks since boot (Linux); null without /proc or when it is gone.
 * A PID is reused after its process ends; the pair (PID, start time) is not.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) is in parentheses and may itself hold spaces or ')': count after the last one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[22 - 3];
    return start && /^\d+$/.test(start) ? start : null;
  } catch {
    return null;
  }
}

/** A lock of today's format (JSON) or the older bare PID. */
function parseLock(text: string): LockOwner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), startTime: null, instance: null };
  try {
    const value = JSON.parse(trimmed) as Partial<Record<keyof LockOwner, unknown>>;
    if (!Number.isInteger(value.pid) || (value.pid as number) <= 0) return null;
    return {
      pid: value.pid as number,
      startTime: typeof value.startTime === 'string' ? value.startTime : null,
      instance: typeof value.instance === 'string' ? value.instance : null,
    };
  } catch {
    return null;
  }
}

/** Whether the lock's owner still runs: alive, and (where both are known) the same process, not a new one with its PID. */
function ownerRuns(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  if (owner.startTime === null) return true; // older lock or no /proc: the PID is all we have
  const now = processStartTime(owner.pid);
  return now === null || now === owner.startTime;
}

export function readLockOwner(dataDir: string): LockOwner | null {
  try {
    return parseLock(readFileSync(join(dataDir, 'server.lock'), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Takes `${dataDir}/server.lock` exclusively. Two PGlite processes on one folder silently lose
 * data, so a second server refuses to start. A lock left by a dead process is taken over, and so is
 * one whose PID now belongs to another process (after a crash and a reboot or PID wrap-around).
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  const me: LockOwner = { pid: process.pid, startTime: processStartTime(process.pid), instance: randomUUID() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          // Only our own lock (a bare PID of ours is the older format): another server may have taken it over.
          const owner = readLockOwner(dataDir);
          if (owner?.pid === me.pid && (owner.instance === null || owner.instance === me.instance)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = parseLock(readFileSync(file, 'utf8'));
      if (owner && ownerRuns(owner)) throw new DataDirLockedError(dataDir, owner.pid);
      unlinkSync(file); // stale: its owner is gone
    }
  }
  throw new Error(`Не удалось занять папку данных ${dataDir}`);
}
