import { QueryClient } from '@tanstack/react-query';
import {
  QUERY_RETRIES,
  QUERY_RETRY_BASE_MS,
  QUERY_RETRY_MAX_MS,
  QUERY_STALE_MS,
} from '@/shared/shell-constants';
import { subscribeSession, getSession } from '@/web/session/session';
import { isClientError } from './api';
import { userScopedKeys } from './query-keys';

/** Retry a failed read up to 3 times, but never a 4xx: asking again cannot change the answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < QUERY_RETRIES;
}

/** 1 s, 2 s, 4 s … capped at 30 s (DESIGN §3). */
export function retryDelay(attemptIndex: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** attemptIndex, QUERY_RETRY_MAX_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_STALE_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Drops the previous user's cart and orders whenever someone signs in or out. */
export function clearUserDataOnSessionChange(client: QueryClient): () => void {
  let token = getSession().token;
  return subscribeSession(() => {
    const next = getSession().token;
    if (next === token) return;
    token = next;
    for (const queryKey of userScopedKeys) client.removeQueries({ queryKey });
  });
}

export const queryClient = createQueryClient();
