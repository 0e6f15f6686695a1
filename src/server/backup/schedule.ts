import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeBackup, type BackupSources } from './export';
import { BACKUP_FILE_PATTERN, backupFileName } from './manifest';

export interface ScheduleOptions {
  sources: BackupSources;
  /** BACKUP_DIR */
  dir: string;
  everyMs: number;
  /** BACKUP_KEEP: the newest this many backups stay, older ones are deleted. */
  keep: number;
  log: { info(line: string): void; error(line: string): void };
  now?: () => Date;
}

/** Deletes all but the newest `keep` backups of `dir` (by the time in their names); answers what it deleted. */
export async function rotateBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}

/**
 * One scheduled backup: written under a dot-name that rotation and people ignore, renamed to
 * nour-backup-<time>.tar.gz once whole, then the oldest beyond `keep` are deleted. Answers its path.
 */
export async function runScheduledBackup(options: Omit<ScheduleOptions, 'everyMs' | 'log'>): Promise<string> {
  await mkdir(options.dir, { recursive: true });
  const name = backupFileName((options.now ?? (() => new Date()))());
  const partial = join(options.dir, `.${name}.partial`);
  try {
    await writeBackup(options.sources, createWriteStream(partial, { mode: 0o600 }), options.now);
    await rename(partial, join(options.dir, name));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rotateBackups(options.dir, options.keep);
  return join(options.dir, name);
}

/**
 * BACKUP_EVERY_HOURS: a backup every `everyMs`, the first one interval after start (a restart loop
 * must not fill the disk). One at a time: a backup still running when the next is due skips that turn.
 * Answers the function that stops the schedule (waiting for a backup under way).
 */
export function scheduleBackups(options: ScheduleOptions): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    const started = Date.now();
    running = runScheduledBackup(options)
      .then(async (path) => {
        const size = (await stat(path)).size;
        options.log.info(
          `Backup written to ${path} (${(size / 1024 / 1024).toFixed(1)} MB in ${Date.now() - started} ms).`,
        );
      })
      .catch((error: unknown) =>
        options.log.error(
          `Scheduled backup into ${options.dir} failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => {
        running = null;
      });
  }, options.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
