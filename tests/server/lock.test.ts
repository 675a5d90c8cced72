import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock, processStartTime } from '../../server/db/lock';
import { runServerUntilExit } from '../support/run-server';

const freshDir = () => mkdtempSync(join(tmpdir(), 'kvarta-lock-'));

describe('data folder lock', () => {
  it('refuses a second holder while the first is alive, then frees the folder on release', () => {
    const dir = freshDir();
    const release = acquireDataDirLock(dir);
    writeFileSync(join(dir, 'server.lock'), String(process.ppid)); // a live process that is not us
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/уже используется процессом PID/);
    writeFileSync(join(dir, 'server.lock'), String(process.pid));
    release();
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it('takes over a lock left by a dead process', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'server.lock'), '999999');
    const release = acquireDataDirLock(dir);
    release();
  });

  // A live process that is not us, and so not our parent either: its PID stands in for a reused one.
  it.skipIf(!existsSync('/proc/self/stat'))(
    'a lock naming a live PID with another start time is stale; with the right one it holds',
    async () => {
      const child = spawn('sleep', ['30'], { stdio: 'ignore' });
      try {
        await new Promise<void>((resolve, reject) => child.once('spawn', resolve).once('error', reject));
        const pid = child.pid!;
        const startTime = processStartTime(pid);
        expect(startTime).toMatch(/^\d+$/);
        const lockFile = (dir: string) => join(dir, 'server.lock');

        // The PID is alive but the process that wrote the lock started at another time: taken over.
        const reused = freshDir();
        writeFileSync(lockFile(reused), JSON.stringify({ pid, startTime: String(Number(startTime) + 12345), instance: 'gone' }));
        const release = acquireDataDirLock(reused);
        const written = JSON.parse(readFileSync(lockFile(reused), 'utf8')) as { pid: number; startTime: string; instance: string };
        expect(written.pid).toBe(process.pid);
        expect(written.startTime).toBe(processStartTime(process.pid));
        expect(written.instance).toMatch(/^[0-9a-f-]{36}$/);
        release();
        expect(existsSync(lockFile(reused))).toBe(false);

        // The same PID and start time: that process holds the folder.
        const held = freshDir();
        writeFileSync(lockFile(held), JSON.stringify({ pid, startTime, instance: 'alive' }));
        expect(() => acquireDataDirLock(held)).toThrow(DataDirLockedError);
        expect(JSON.parse(readFileSync(lockFile(held), 'utf8'))).toMatchObject({ pid, instance: 'alive' });
      } finally {
        child.kill();
      }
    },
  );

  it('a release leaves a lock another server has taken over', () => {
    const dir = freshDir();
    const release = acquireDataDirLock(dir);
    const other = JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid), instance: 'another-server' });
    writeFileSync(join(dir, 'server.lock'), other);
    release();
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(other);
  });

  it('a second server on the same data folder exits with code 1 and says why', async () => {
    const dir = freshDir();
    // Stand in for a running first server: a live process holding the lock.
    writeFileSync(join(dir, 'server.lock'), String(process.ppid));
    const { code, output } = await runServerUntilExit(dir);
    expect(code).toBe(1);
    expect(output).toContain(`Папка данных ${dir} уже используется процессом PID ${process.ppid}`);
  });
});
