import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireLock, LockHeldError } from './lock';

function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
}

describe('database lock file', () => {
  let dir: string;
  let sleeper: ChildProcess;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nour-lock-'));
    sleeper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    await new Promise((resolve) => sleeper.once('spawn', resolve));
  });
  afterAll(async () => {
    sleeper.kill();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes our pid, refuses a second holder in this process, and removes the file on release', () => {
    const path = join(dir, 'own.lock');
    const lock = acquireLock(path);
    expect(readFileSync(path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(() => acquireLock(path)).toThrow(LockHeldError);
    lock.release();
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a lock held by another live process, naming it', () => {
    const path = join(dir, 'held.lock');
    const pid = sleeper.pid!;
    writeFileSync(path, `${pid}\n${startTimeOf(pid)}\n`);
    expect(() => acquireLock(path)).toThrow(LockHeldError);
    expect(() => acquireLock(path)).toThrow(`pid ${pid}`);
    expect(readFileSync(path, 'utf8').startsWith(`${pid}\n`)).toBe(true);
  });

  it('takes over a lock whose process is gone', async () => {
    const path = join(dir, 'stale.lock');
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(path, `${gone.pid}\n123\n`);
    const lock = acquireLock(path);
    expect(readFileSync(path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock whose pid now belongs to a process that started later', () => {
    const path = join(dir, 'reused.lock');
    writeFileSync(path, `${sleeper.pid}\n1\n`);
    const lock = acquireLock(path);
    expect(readFileSync(path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock file with garbage in it', () => {
    const path = join(dir, 'garbage.lock');
    writeFileSync(path, 'not a pid');
    const lock = acquireLock(path);
    lock.release();
    expect(existsSync(path)).toBe(false);
  });

  it('never removes a lock that another process took after us', () => {
    const path = join(dir, 'taken.lock');
    const lock = acquireLock(path);
    writeFileSync(path, `${sleeper.pid}\n${startTimeOf(sleeper.pid!)}\n`);
    lock.release();
    expect(existsSync(path)).toBe(true);
  });
});
