import { STORAGE_KEYS } from '@/shared/shell-constants';
import { reloadSession, showSession } from './session';

// Apart from ./session.ts: only the account pages sign in, and every first screen carries the session.

/** The fields of a sign-in or sign-up answer that the session keeps (DESIGN §2). */
export interface SignInResult {
  results: { token: string };
  role: string;
  username: string;
  email: string;
}

/** Keeps the session of a sign-in or sign-up answer under SPEC §3's keys. */
export function signIn(result: SignInResult): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.token, result.results.token);
    window.localStorage.setItem(STORAGE_KEYS.role, result.role);
    window.localStorage.setItem(STORAGE_KEYS.username, result.username);
    window.localStorage.setItem(STORAGE_KEYS.email, result.email);
    // A password an older client left behind must not outlive a new sign-in.
    window.localStorage.removeItem(STORAGE_KEYS.legacyPassword);
  } catch {
    // Without storage the session lives in memory for this tab only.
    showSession({
      token: result.results.token,
      role: result.role,
      username: result.username,
      email: result.email,
    });
    return;
  }
  reloadSession();
}
