import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createImageQueue } from './queue';

/** A job that runs until the test lets it finish, and says when it started. */
function heldJob() {
  let release!: () => void;
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const finish = new Promise<void>((resolve) => (release = resolve));
  return {
    job: async () => {
      started();
      await finish;
      return 'done';
    },
    running,
    release: () => release(),
  };
}

describe('image queue', () => {
  it('runs at most `concurrency` jobs at once; the others wait their turn', async () => {
    const queue = createImageQueue({ concurrency: 2, maxWaiting: 5 });
    const jobs = Array.from({ length: 4 }, heldJob);
    let startedCount = 0;
    for (const job of jobs) void job.running.then(() => (startedCount += 1));
    const results = jobs.map((job) => queue.run(job.job));
    await Promise.all([jobs[0]!.running, jobs[1]!.running]);
    expect(startedCount).toBe(2);
    expect(queue.size).toBe(4);

    jobs[0]!.release();
    await jobs[2]!.running;
    expect(startedCount).toBe(3);
    for (const job of jobs) job.release();
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done', 'done']);
    expect(queue.size).toBe(0);
  });

  it('refuses a job with 503 at once when `maxWaiting` jobs already wait, and takes jobs again after', async () => {
    const queue = createImageQueue({ concurrency: 1, maxWaiting: 1 });
    const running = heldJob();
    const waiting = heldJob();
    const first = queue.run(running.job);
    const second = queue.run(waiting.job);

    const refused = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 503,
      message: 'Too many images are being processed right now. Please try again in a moment.',
    });

    running.release();
    waiting.release();
    await Promise.all([first, second]);
    expect(await queue.run(async () => 'later')).toBe('later');
  });

  it('frees the slot of a job that fails', async () => {
    const queue = createImageQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(queue.size).toBe(0);
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
