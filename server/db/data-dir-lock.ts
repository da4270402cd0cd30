import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * One process at a time per data directory: PGlite has no locking of its own, and two writers
 * would corrupt the files. The lock is a file created with O_EXCL holding the owner's pid; a lock
 * whose process is gone (a crash, a kill -9) is stale and taken over.
 */

export const LOCK_FILE = 'backend.lock';

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by another GameOps backend (process ${pid}). ` +
        'Stop that process, or start this one with another data directory.',
    );
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

interface LockInfo {
  pid: number;
  host: string;
  token: string;
  since: string;
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/** Locks this process holds, so that our own pid in a lock file is told apart from a reused pid. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockInfo | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (parsed && typeof parsed === 'object' && typeof (parsed as LockInfo).pid === 'number')
      return parsed as LockInfo;
  } catch {
    // Unreadable or half-written: the caller decides by age.
  }
  return undefined;
}

function isStale(path: string, info: LockInfo | undefined): boolean {
  if (!info) {
    // A lock being written right now is young; an unreadable old one is debris.
    try {
      return Date.now() - statSync(path).mtimeMs > 10_000;
    } catch {
      return true;
    }
  }
  if (info.host !== hostname()) return false;
  if (info.pid === process.pid) return !held.has(path);
  return !isAlive(info.pid);
}

export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  const info: LockInfo = {
    pid: process.pid,
    host: hostname(),
    token: randomBytes(8).toString('hex'),
    since: new Date().toISOString(),
  };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(info));
      } finally {
        closeSync(fd);
      }
      held.add(path);
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        held.delete(path);
        process.off('exit', release);
        // Only remove the file if it is still ours.
        if (readLock(path)?.token === info.token) rmSync(path, { force: true });
      };
      process.on('exit', release);
      return { path, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const current = readLock(path);
    if (!isStale(path, current)) throw new DataDirLockedError(dir, current?.pid ?? 0);
    // Move the stale file aside rather than deleting it: if two processes race here, only one
    // rename succeeds for a given file, and both then compete fairly on O_EXCL.
    try {
      renameSync(path, `${path}.stale-${process.pid}-${info.token}`);
      rmSync(`${path}.stale-${process.pid}-${info.token}`, { force: true });
    } catch {
      // Someone else moved it first.
    }
  }
  throw new DataDirLockedError(dir, readLock(path)?.pid ?? 0);
}
