import pLimit, { type LimitFunction } from 'p-limit';
import { messages } from '@/shared/messages';
import { AppError } from '../errors';
import { atLowPriority } from './thread-priority';

export interface ImageQueueOptions {
  /** Images decoded and encoded at the same time, across the whole process. */
  concurrency: number;
  /** Jobs that may wait for a turn; one more is refused with 503 instead of piling up in memory. */
  maxWaiting: number;
}

/**
 * One at a time by default: a 40 MP decode takes 60–110 MB and a core for about a second, and on the
 * two cores the shop is sized for a second one at once took the server past 400 MB (bench/RESULTS.md)
 * and left nothing for the other visitors. Machines with more cores raise IMAGE_CONCURRENCY.
 */
export const DEFAULT_IMAGE_QUEUE: ImageQueueOptions = { concurrency: 1, maxWaiting: 8 };

export interface ImageQueue {
  /** Runs `job` when a slot is free; throws the 503 at once when `maxWaiting` jobs already wait. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs accepted and not finished yet: running or waiting. */
  readonly size: number;
}

export function createImageQueue({ concurrency, maxWaiting }: ImageQueueOptions): ImageQueue {
  const limit: LimitFunction = pLimit(concurrency);
  // Counted here rather than read from p-limit, whose counts change a microtask after a job is added:
  // the refusal must not depend on timing.
  let accepted = 0;
  return {
    async run(job) {
      if (accepted >= concurrency + maxWaiting) throw new AppError('UNAVAILABLE', messages.admin.imagesBusy);
      accepted += 1;
      try {
        return await limit(() => atLowPriority(job));
      } finally {
        accepted -= 1;
      }
    },
    get size() {
      return accepted;
    },
  };
}

let shared = createImageQueue(DEFAULT_IMAGE_QUEUE);

/**
 * The one queue every uploaded image goes through, so the bound holds for the process whatever route
 * the image came by (product, category, payment proof). Decoding a large image takes hundreds of MB and
 * whole cores; a burst of uploads must wait its turn rather than starve every other request.
 */
export function imageQueue(): ImageQueue {
  return shared;
}

/** Replaces the shared queue (start-up from the configuration; tests with a bound of their own). */
export function configureImageQueue(options: ImageQueueOptions): ImageQueue {
  shared = createImageQueue(options);
  return shared;
}
