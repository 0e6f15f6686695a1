/** How often a waiting test asks again. */
const POLL_MS = 20;

/**
 * Reads until `holds` says the state has arrived and answers that value; fails naming `what` once
 * `withinMs` has passed. For state that arrives on its own time (another process, a reconnect, a
 * worker), so a test waits for what it means to read instead of sleeping a fixed time.
 */
export async function eventually<T>(
  what: string,
  read: () => T | Promise<T>,
  holds: (value: T) => boolean = (value) => value === true,
  withinMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
