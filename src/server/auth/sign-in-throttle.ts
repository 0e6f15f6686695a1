import type { SharedState } from '../shared-state';

/**
 * OWASP ASVS 2.2.1 (issue 35): guesses at one account are slowed down whatever address they come
 * from, not only per address (the rate limit). FAILURES wrong passwords within WINDOW_MS shut the
 * account's sign-in for a short while; each further wrong password after a pause doubles the pause,
 * up to MAX_PAUSE_MS, so the owner is never locked out for good. A sign-in that succeeds forgets it all.
 * The state lives in SharedState: in Redis with REDIS_URL, for every process of the shop.
 */
export const SIGN_IN_THROTTLE = {
  FAILURES: 5,
  WINDOW_MS: 15 * 60_000,
  FIRST_PAUSE_MS: 60_000,
  MAX_PAUSE_MS: 15 * 60_000,
} as const;

interface Record {
  /** Wrong passwords since `since`. */
  failures: number;
  since: number;
  /** Pauses so far: the next one lasts FIRST_PAUSE_MS · 2^pauses. */
  pauses: number;
  pausedUntil: number;
}

function isRecord(value: unknown): value is Record {
  const { failures, since, pauses, pausedUntil } = (value ?? {}) as Partial<Record>;
  return [failures, since, pauses, pausedUntil].every((field) => typeof field === 'number');
}

export interface SignInThrottle {
  /**
   * Before the password is checked: the milliseconds this account must still wait (nothing is
   * counted then), or 0 once this attempt is counted as a failure, which a success then forgets.
   * Counted first, so guesses sent all at once are counted as they come, not after their checks.
   */
  attempt(email: string): Promise<number>;
  succeeded(email: string): Promise<void>;
}

export function signInThrottle(state: SharedState, now: () => number = Date.now): SignInThrottle {
  const key = (email: string) => `sign-in-failures:${email.toLowerCase()}`;
  const read = async (email: string): Promise<Record | null> => {
    const raw = await state.get(key(email));
    if (raw === null) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      return isRecord(parsed) ? parsed : null;
    } catch {
      return null;
    }
  };
  // This process's attempts at one account, one after the other (the read and the write are two steps).
  const queues = new Map<string, Promise<unknown>>();
  const inTurn = <T>(email: string, work: () => Promise<T>): Promise<T> => {
    const previous = queues.get(email) ?? Promise.resolve();
    const turn = previous.then(work, work);
    const settled = turn.catch(() => undefined);
    queues.set(email, settled);
    void settled.then(() => {
      if (queues.get(email) === settled) queues.delete(email);
    });
    return turn;
  };

  const attempt = async (email: string): Promise<number> => {
    const at = now();
    let record = await read(email);
    if (record && record.pausedUntil > at) return record.pausedUntil - at;
    // Forgotten a window after its last failure or pause (the store's expiry says the same).
    if (record && at - Math.max(record.since, record.pausedUntil) > SIGN_IN_THROTTLE.WINDOW_MS) {
      record = null;
    }
    record ??= { failures: 0, since: at, pauses: 0, pausedUntil: 0 };
    if (record.pauses === 0 && at - record.since > SIGN_IN_THROTTLE.WINDOW_MS) {
      record = { ...record, failures: 0, since: at };
    }
    record.failures += 1;
    // Once paused, the next wrong password within the window pauses it again, for longer.
    if (record.failures >= SIGN_IN_THROTTLE.FAILURES || record.pauses > 0) {
      const pause = Math.min(
        SIGN_IN_THROTTLE.FIRST_PAUSE_MS * 2 ** record.pauses,
        SIGN_IN_THROTTLE.MAX_PAUSE_MS,
      );
      record.pausedUntil = at + pause;
      record.pauses += 1;
    }
    const keepMs = Math.max(record.since, record.pausedUntil) - at + SIGN_IN_THROTTLE.WINDOW_MS;
    await state.set(key(email), JSON.stringify(record), keepMs);
    return 0;
  };

  return {
    attempt: (email) => inTurn(email.toLowerCase(), () => attempt(email)),
    succeeded: (email) => inTurn(email.toLowerCase(), () => state.delete(key(email))),
  };
}
