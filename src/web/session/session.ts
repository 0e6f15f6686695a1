import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/shared/shell-constants';

/** What the browser keeps of a signed-in user (SPEC §3). Never a password (DESIGN §3). */
export interface SessionSnapshot {
  token: string | null;
  role: string | null;
  username: string | null;
  email: string | null;
}

export interface Session extends SessionSnapshot {
  isAdmin: boolean;
  isSignedIn: boolean;
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

/**
 * Every screen shows `next` as the session: signing out, and signing in without storage, where the session
 * lives in memory for this tab only (./sign-in.ts).
 */
export function showSession(next: SessionSnapshot): void {
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

export function signOut(): void {
  try {
    for (const key of SESSION_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
  showSession({ token: null, role: null, username: null, email: null });
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
    signOut,
  };
}
