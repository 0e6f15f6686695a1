import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The lowest CPU priority: an image thread runs when a core would otherwise idle. */
const IMAGE_THREAD_NICE = 19;
const TASKS = '/proc/self/task';
/** How often, while an image is worked on, new libvips threads are looked for. */
const LOOK_EVERY_MS = 50;

const lowered = new Set<string>();

/**
 * Gives libvips' worker threads (named "libvips worker" by the library) the lowest CPU priority, so a
 * large decode yields the cores to shoppers' requests instead of sharing them (issue 11: one upload
 * burst took the listing to seconds). Linux keeps a nice value per thread, which setpriority() on a
 * thread id sets; elsewhere (no /proc) this does nothing.
 */
export function lowerImageThreadPriority(): void {
  let tasks: string[];
  try {
    tasks = readdirSync(TASKS);
  } catch {
    return;
  }
  for (const task of tasks) {
    if (lowered.has(task)) continue;
    try {
      if (!readFileSync(`${TASKS}/${task}/comm`, 'utf8').startsWith('libvips')) continue;
      setPriority(Number(task), IMAGE_THREAD_NICE);
      lowered.add(task);
    } catch {
      // A thread that ended meanwhile, or a system that refuses: the image is still made, at normal priority.
    }
  }
}

/** Runs `job` (sharp work) with libvips' threads at the lowest priority, including any it starts meanwhile. */
export async function atLowPriority<T>(job: () => Promise<T>): Promise<T> {
  lowerImageThreadPriority();
  const timer = setInterval(lowerImageThreadPriority, LOOK_EVERY_MS);
  try {
    return await job();
  } finally {
    clearInterval(timer);
    // A thread libvips started within the last look would keep its normal priority until the next image.
    lowerImageThreadPriority();
  }
}
