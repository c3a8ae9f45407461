import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock';

// The DATA_DIR lock (docs/decisions/0006); the processes themselves are in
// tests/integration/platform-process.test.ts.
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-lock-'));
  dirs.push(dir);
  return dir;
}

const writeLock = (dir: string, text: string) => writeFileSync(join(dir, LOCK_FILE), text);
const readLock = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'));

async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('lockDataDir', () => {
  it('writes this process id, and release removes the lock and nothing else', () => {
    const dir = newDir();
    const lock = lockDataDir(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    lock.release();
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses while a live process holds it, naming the directory and the process', () => {
    const dir = newDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    children.push(holder);
    writeLock(dir, JSON.stringify({ pid: holder.pid, startedAt: '2026-01-01T00:00:00.000Z' }));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(
      `DATA_DIR ${dir} is in use by another platform: process ${holder.pid} (started 2026-01-01`,
    );
    expect(readLock(dir).pid).toBe(holder.pid);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
  });

  it('takes over the lock of a process that is gone, of itself, or an unreadable one', async () => {
    for (const text of [
      JSON.stringify({ pid: await exitedPid() }),
      JSON.stringify({ pid: process.pid }),
      'not json',
    ]) {
      const dir = newDir();
      writeLock(dir, text);
      const lock = lockDataDir(dir);
      expect(readLock(dir).pid).toBe(process.pid);
      lock.release();
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it("leaves a lock that is not its own on release (another platform's after a take-over)", () => {
    const dir = newDir();
    const lock = lockDataDir(dir);
    writeLock(dir, JSON.stringify({ pid: 1 }));
    lock.release();
    expect(readLock(dir).pid).toBe(1);
  });
});
