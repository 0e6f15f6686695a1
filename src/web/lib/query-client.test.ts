import { afterEach, describe, expect, it } from 'vitest';
import { signOut } from '@/web/session/session';
import { signIn } from '@/web/session/sign-in';
import { clearUserDataOnSessionChange, createQueryClient } from './query-client';
import { queryKeys } from './query-keys';
import { setStoredSession } from './testing';

describe('query client', () => {
  afterEach(() => window.localStorage.clear());

  it('keeps data 5 minutes by default', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.staleTime).toBe(5 * 60 * 1000);
    expect(client.getDefaultOptions().queries?.gcTime).toBe(5 * 60 * 1000);
  });

  it("drops the previous user's cart and orders when the session changes hands, and keeps the catalogue", () => {
    setStoredSession('user');
    const client = createQueryClient();
    const stop = clearUserDataOnSessionChange(client);
    client.setQueryData(queryKeys.cart, { products: [1, 2] });
    client.setQueryData(queryKeys.orders.mine, [{ _id: 'o1' }]);
    client.setQueryData(queryKeys.order('o1'), { _id: 'o1' });
    client.setQueryData(queryKeys.products.list({ page: 1 }), { products: [] });

    signOut();

    expect(client.getQueryData(queryKeys.cart)).toBeUndefined();
    expect(client.getQueryData(queryKeys.orders.mine)).toBeUndefined();
    expect(client.getQueryData(queryKeys.order('o1'))).toBeUndefined();
    expect(client.getQueryData(queryKeys.products.list({ page: 1 }))).toEqual({ products: [] });

    client.setQueryData(queryKeys.cart, { products: [] });
    signIn({ results: { token: 'other' }, role: 'user', username: 'b', email: 'b@example.com' });
    expect(client.getQueryData(queryKeys.cart)).toBeUndefined();
    stop();
  });
});
