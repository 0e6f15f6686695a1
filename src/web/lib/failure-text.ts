import { ApiError, messageOf } from '@/web/lib/api';

/**
 * SPEC §8's "the server message, or <fallback>" rule, except that an unreachable server says so:
 * "Failed to update quantity" would hide that the shopper is simply offline.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 0) return error.message;
  return messageOf(error, fallback);
}
