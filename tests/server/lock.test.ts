import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from '../../server/db/lock';
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

  it('a second server on the same data folder exits with code 1 and says why', async () => {
    const dir = freshDir();
    // Stand in for a running first server: a live process holding the lock.
    writeFileSync(join(dir, 'server.lock'), String(process.ppid));
    const { code, output } = await runServerUntilExit(dir);
    expect(code).toBe(1);
    expect(output).toContain(`Папка данных ${dir} уже используется процессом PID ${process.ppid}`);
  });
});
