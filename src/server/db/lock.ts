import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * Nothing stops two processes from opening one PGlite directory, and then writes are lost and the
 * directory can be corrupted (STACK gotcha 4). So whoever opens it first holds this file, holding its
 * process id and that process's start time, until it closes the database.
 */
export interface FileLock {
  readonly path: string;
  release(): void;
}

export class LockHeldError extends Error {
  constructor(
    readonly path: string,
    readonly pid: number,
  ) {
    super(
      `The database is in use by another process (pid ${pid}, lock file ${path}). ` +
        'Stop that process first, or point DATA_DIR at another directory.',
    );
    this.name = 'LockHeldError';
  }
}

/**
 * When the process started, in clock ticks since boot (Linux); null elsewhere. A process id alone is
 * not enough: after a restart (in a container above all) the id in a stale lock may belong to some
 * other live process, but that process did not start at the recorded moment.
 */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses; the fields after it do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): { pid: number; startTime: string | null; text: string } | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const [pidLine, startLine] = text.split('\n');
  const pid = Number(pidLine);
  return { pid: Number.isSafeInteger(pid) && pid > 0 ? pid : 0, startTime: startLine?.trim() || null, text };
}

function isHeldByLiveProcess(holder: { pid: number; startTime: string | null }): boolean {
  if (!holder.pid) return false;
  const startTime = startTimeOf(holder.pid);
  // Our own id: held by this very process (opened twice), or left by an earlier one that had our id.
  if (holder.pid === process.pid) return holder.startTime !== null && holder.startTime === startTime;
  if (!isAlive(holder.pid)) return false;
  return !(holder.startTime && startTime && holder.startTime !== startTime);
}

/** Takes the lock, taking over a stale one (its process is gone); throws LockHeldError when it is held. */
export function acquireLock(path: string): FileLock {
  const content = `${process.pid}\n${startTimeOf(process.pid) ?? ''}\n`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      if (holder && isHeldByLiveProcess(holder)) throw new LockHeldError(path, holder.pid);
      // Stale. Re-read right before removing, so a lock another starter just took is left alone.
      if (holder && readHolder(path)?.text === holder.text) {
        try {
          unlinkSync(path);
        } catch {
          // Someone else removed it first; the next attempt sees who holds it now.
        }
      }
      continue;
    }
    writeSync(fd, content);
    closeSync(fd);
    return {
      path,
      release() {
        // Only ever remove our own lock.
        if (readHolder(path)?.text === content) {
          try {
            unlinkSync(path);
          } catch {
            // Already gone.
          }
        }
      },
    };
  }
  const holder = readHolder(path);
  throw new LockHeldError(path, holder?.pid ?? 0);
}
