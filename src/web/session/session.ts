import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/shared/shell-constants';

/** What the browser keeps of a signed-in user (SPEC §3). Never a password (DESIGN §3). */
export interface SessionSnapshot {
  token: string | null;
  role: string | null;
  username: string | null;
  email: string | null;
}

/** The fields of a sign-in or sign-up answer that the session keeps (DESIGN §2). */
export interface SignInResult {
  results: { token: string };
  role: string;
  username: string;
  email: string;
}

export interface Session extends SessionSnapshot {
  isAdmin: boolean;
  isSignedIn: boolean;
  signIn: (result: SignInResult) => void;
  signOut: () => void;
}

const ADMIN_ROLE = 'admin';

/** Everything logout removes (SPEC §4), including the password key older clients wrote. */
const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.legacyPassword,
  STORAGE_KEYS.username,
  STORAGE_KEYS.role,
  STORAGE_KEYS.email,
] as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled (private mode, blocked cookies): the shop then works without a session.
    return null;
  }
}

function readSnapshot(): SessionSnapshot {
  return {
    token: read(STORAGE_KEYS.token),
    role: read(STORAGE_KEYS.role),
    username: read(STORAGE_KEYS.username),
    email: read(STORAGE_KEYS.email),
  };
}

function sameSnapshot(a: SessionSnapshot, b: SessionSnapshot): boolean {
  return a.token === b.token && a.role === b.role && a.username === b.username && a.email === b.email;
}

// useSyncExternalStore needs the same object until something really changed.
let snapshot: SessionSnapshot = readSnapshot();
const listeners = new Set<() => void>();

function refresh(): void {
  const next = readSnapshot();
  if (sameSnapshot(next, snapshot)) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function isAdminRole(role: string | null | undefined): boolean {
  return role === ADMIN_ROLE;
}

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
    snapshot = {
      token: result.results.token,
      role: result.role,
      username: result.username,
      email: result.email,
    };
    for (const listener of listeners) listener();
    return;
  }
  refresh();
}

export function signOut(): void {
  try {
    for (const key of SESSION_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
  snapshot = { token: null, role: null, username: null, email: null };
  for (const listener of listeners) listener();
}

/** Re-reads storage; tests that write localStorage directly call this, as the storage event does. */
export function reloadSession(): void {
  refresh();
}

if (typeof window !== 'undefined') {
  // Signing in or out in another tab updates this one.
  window.addEventListener('storage', (event) => {
    if (event.key === null || (SESSION_KEYS as readonly string[]).includes(event.key)) refresh();
  });
}

export function useSession(): Session {
  const current = useSyncExternalStore(subscribeSession, getSession, getSession);
  return {
    ...current,
    isAdmin: isAdminRole(current.role),
    isSignedIn: current.token !== null,
    signIn,
    signOut,
  };
}
