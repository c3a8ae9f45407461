import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// One platform per embedded data directory (docs/decisions/0006). PGlite takes no lock of its own
// (the postmaster.pid it writes is checked by nobody), and two processes writing one directory
// corrupt it: a second `npm start` in another terminal, or a platform left running. The lock is a
// file in the directory holding the pid of the platform that uses it. A lock whose process is gone
// (killed with SIGKILL, a power cut) is taken over; so is one naming this process or its parent
// (a container started again gets the same small pid).
export const LOCK_FILE = 'platform.lock';

type Holder = { pid: number; startedAt?: string };

export class DataDirInUseError extends Error {
  constructor(dataDir: string, holder: Holder) {
    const lockPath = join(dataDir, LOCK_FILE);
    super(
      `DATA_DIR ${dataDir} is in use by another platform: process ${holder.pid}` +
        `${holder.startedAt ? ` (started ${holder.startedAt})` : ''}. Two platforms on one embedded ` +
        `database corrupt it. Stop that one (kill ${holder.pid}), or give this one another DATA_DIR. ` +
        `If process ${holder.pid} is not a platform, remove ${lockPath}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export type DataDirLock = {
  /** Removes the lock file if it is still this process's. Safe to call more than once. */
  release(): void;
};

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The lock's raw text, or null when there is none. */
function readLock(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (code(error) === 'ENOENT') return null;
    throw error;
  }
}

function holderOf(text: string): Holder | null {
  try {
    const holder = JSON.parse(text) as Holder;
    return Number.isSafeInteger(holder.pid) && holder.pid > 0 ? holder : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid || pid === process.ppid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return code(error) === 'EPERM';
  }
}

/**
 * Takes `dataDir`'s lock for this process, or throws a DataDirInUseError naming the live process
 * that holds it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() });
  // Written whole beside the lock, then linked to its name: linking fails when the name exists,
  // and a reader never sees a half-written lock.
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, mine);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, path);
        return {
          release() {
            if (readLock(path) === mine) unlinkSync(path);
          },
        };
      } catch (error) {
        if (code(error) !== 'EEXIST') throw error;
      }
      const seen = readLock(path);
      if (seen === null) continue;
      const holder = holderOf(seen);
      if (holder && alive(holder.pid)) throw new DataDirInUseError(dataDir, holder);
      takeOver(path, seen);
    }
    throw new Error(`DATA_DIR ${dataDir}: could not take ${LOCK_FILE}; try again`);
  } finally {
    unlinkSync(draft);
  }
}

// Moves the stale lock aside, then checks that what moved is the one judged stale: another
// platform taking it over at the same moment may have put its own lock there, which goes back.
function takeOver(path: string, stale: string): void {
  const aside = `${path}.stale.${process.pid}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (code(error) === 'ENOENT') return;
    throw error;
  }
  if (readLock(aside) !== stale) {
    try {
      linkSync(aside, path);
    } catch (error) {
      if (code(error) !== 'EEXIST') throw error;
    }
  }
  unlinkSync(aside);
}
