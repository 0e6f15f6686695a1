import type { QueryClient } from '@tanstack/react-query';
import type { AuthResult } from '@/shared/schemas/auth';
import { queryKeys } from '@/web/lib/query-keys';
import { isAdminRole } from '@/web/session/session';
import { signIn } from '@/web/session/sign-in';
import { createCart } from './api/create-cart';

/**
 * Stores the session (never the password) from the answer of POST /auth/signin or /auth/signup, read
 * defensively since another server may leave fields out, and makes sure a shopper has a cart. The cart
 * call's failure is ignored: GET /cart creates one too (DESIGN §2), so nothing is lost. False when no
 * token came back.
 */
export async function completeSignIn(
  answer: Partial<AuthResult> | undefined,
  fallbackEmail: string,
  queryClient: QueryClient,
): Promise<boolean> {
  const token = answer?.results?.token;
  if (!token) return false;
  const role = answer.role ?? 'user';
  signIn({ results: { token }, role, username: answer.username ?? '', email: answer.email ?? fallbackEmail });
  if (!isAdminRole(role)) {
    await createCart().catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: queryKeys.cart });
  }
  return true;
}
