import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/shared/shell-constants';
import { getSession, reloadSession, signOut, useSession } from './session';
import { signIn } from './sign-in';

const answer = {
  results: { token: 'jwt-token' },
  role: 'user',
  username: 'salma',
  email: 'salma@example.com',
};

describe('session store', () => {
  beforeEach(() => {
    window.localStorage.clear();
    reloadSession();
  });
  afterEach(() => window.localStorage.clear());

  it('starts from what the browser stored', () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored');
    window.localStorage.setItem(STORAGE_KEYS.role, 'admin');
    window.localStorage.setItem(STORAGE_KEYS.username, 'Amira');
    window.localStorage.setItem(STORAGE_KEYS.email, 'amira@example.com');
    reloadSession();
    const { result } = renderHook(() => useSession());
    expect(result.current).toMatchObject({
      token: 'stored',
      role: 'admin',
      username: 'Amira',
      email: 'amira@example.com',
      isAdmin: true,
      isSignedIn: true,
    });
  });

  it('signIn stores token, role, username and email under the SPEC keys and never a password', () => {
    const { result } = renderHook(() => useSession());
    act(() => signIn(answer));

    expect(window.localStorage.getItem('userToken')).toBe('jwt-token');
    expect(window.localStorage.getItem('userRole')).toBe('user');
    expect(window.localStorage.getItem('username')).toBe('salma');
    expect(window.localStorage.getItem('email')).toBe('salma@example.com');
    expect(window.localStorage.getItem('userPassword')).toBeNull();
    const stored = Object.keys(window.localStorage).map((key) => window.localStorage.getItem(key));
    expect(stored.join(' ').toLowerCase()).not.toContain('password');
    expect(result.current.isSignedIn).toBe(true);
    expect(result.current.isAdmin).toBe(false);
  });

  it('signIn removes a password an older client left behind', () => {
    window.localStorage.setItem('userPassword', 'Secret123');
    signIn(answer);
    expect(window.localStorage.getItem('userPassword')).toBeNull();
  });

  it('only the role admin makes an admin', () => {
    signIn({ ...answer, role: 'Admin' });
    expect(renderHook(() => useSession()).result.current.isAdmin).toBe(false);
    signIn({ ...answer, role: 'admin' });
    expect(renderHook(() => useSession()).result.current.isAdmin).toBe(true);
  });

  it('signOut removes all five keys and resets the state', () => {
    signIn(answer);
    window.localStorage.setItem('userPassword', 'Secret123');
    window.localStorage.setItem(STORAGE_KEYS.favorites, '[]');
    const { result } = renderHook(() => useSession());

    act(() => result.current.signOut());

    for (const key of ['userToken', 'userPassword', 'username', 'userRole', 'email']) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    // Favourites belong to the browser, not the session (DESIGN §3).
    expect(window.localStorage.getItem(STORAGE_KEYS.favorites)).toBe('[]');
    expect(result.current).toMatchObject({
      token: null,
      role: null,
      username: null,
      email: null,
      isAdmin: false,
      isSignedIn: false,
    });
  });

  it('follows a sign-out made in another tab', () => {
    signIn(answer);
    window.localStorage.removeItem(STORAGE_KEYS.token);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    });
    expect(getSession().token).toBeNull();
  });

  it('keeps the same snapshot object while nothing changed', () => {
    signIn(answer);
    const first = getSession();
    reloadSession();
    expect(getSession()).toBe(first);
    signOut();
    expect(getSession()).not.toBe(first);
  });
});
