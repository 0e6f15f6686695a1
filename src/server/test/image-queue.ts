import { configureImageQueue, DEFAULT_IMAGE_QUEUE, imageQueue } from '../images/queue';

/**
 * Makes the shared image queue one slot with no room to wait, and holds that slot, so the next image
 * job is refused with 503 with no timing involved. Answers the function that frees the slot and puts
 * the default queue back.
 */
export async function fillImageQueue(): Promise<() => Promise<void>> {
  configureImageQueue({ concurrency: 1, maxWaiting: 0 });
  let release!: () => void;
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const held = imageQueue().run(
    () =>
      new Promise<void>((resolve) => {
        started();
        release = resolve;
      }),
  );
  await running;
  return async () => {
    release();
    await held;
    configureImageQueue(DEFAULT_IMAGE_QUEUE);
  };
}
