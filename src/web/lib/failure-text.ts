import { useEffect } from 'react';
import { ApiError, UnsuccessfulAnswer } from '@/web/lib/api';
import { notify } from '@/web/lib/notify';

/**
 * What a failure says (SPEC §8's "the server's message, or <text>" rules), for every screen:
 * - the server's own message when it sent one (a refusal, or an answer that says `success: false`);
 * - otherwise `failed`, the screen's text for an answer without words;
 * - when the server was not reached (or the code threw), `unreachable` if the screen has its own text
 *   for that ("Error fetching products"), else the client's "network error" for an unreachable server,
 *   since "Failed to update quantity" would hide that the shopper is simply offline.
 */
export function failureText(error: unknown, failed: string, unreachable?: string): string {
  if (error instanceof UnsuccessfulAnswer) return error.message || failed;
  if (error instanceof ApiError && error.status > 0) return error.serverMessage ?? failed;
  if (unreachable !== undefined) return unreachable;
  return error instanceof ApiError ? error.message : failed;
}

/** Toasts a query's failure once (the text is the toast's id), however often the screen re-renders. */
export function useFailureToast(error: unknown, failed: string, unreachable?: string): void {
  useEffect(() => {
    if (!error) return;
    const text = failureText(error, failed, unreachable);
    notify.error(text, { id: text });
  }, [error, failed, unreachable]);
}
