import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '@/shared/api-url';
import { messages } from '@/web/i18n/messages';
import { getSession } from '@/web/session/session';
import { api, ApiError, setUnauthorizedHandler } from './api';
import { retryDelay, shouldRetry } from './query-client';
import { mockFetch, setStoredSession } from './testing';
import { failureText } from '@/web/lib/failure-text';

describe('api client', () => {
  const onUnauthorized = vi.fn();
  beforeEach(() => {
    setStoredSession('visitor');
    onUnauthorized.mockReset();
    setUnauthorizedHandler(onUnauthorized);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('calls /api with JSON and the session token in the token header', async () => {
    setStoredSession('user');
    const { calls } = mockFetch(() => ({ body: { success: true, cart: { products: [] } } }));

    const answer = await api.post<{ success: boolean }>('/cart', { body: { productId: 'p1', quantity: 1 } });

    expect(answer.success).toBe(true);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.pathname).toBe('/api/cart');
    expect(calls[0]?.headers.get('token')).toBe('user-token');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ productId: 'p1', quantity: 1 });
  });

  it('sends no token header for a visitor', async () => {
    const { calls } = mockFetch(() => ({ body: { success: true } }));
    await api.get('/product');
    expect(calls[0]?.headers.has('token')).toBe(false);
  });

  it('builds the query string and leaves out empty values', async () => {
    const { calls } = mockFetch(() => ({ body: {} }));
    await api.get('/product', { query: { search: 'linen dress', page: 2, category: '', slug: undefined } });
    expect(calls[0]?.url.searchParams.get('search')).toBe('linen dress');
    expect(calls[0]?.url.searchParams.get('page')).toBe('2');
    expect(calls[0]?.url.searchParams.has('category')).toBe(false);
    expect(apiUrl('order/user/orders')).toBe('/api/order/user/orders');
  });

  it('sends multipart forms as they are, letting the browser set the boundary', async () => {
    const { calls } = mockFetch(() => ({ body: { success: true } }));
    const form = new FormData();
    form.set('name', 'Scarves');
    await api.patch('/category/c1', { formData: form });
    expect(calls[0]?.method).toBe('PATCH');
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers.has('content-type')).toBe(false);
  });

  it('throws ApiError with the status and the server message', async () => {
    mockFetch(() => ({
      status: 409,
      body: { success: false, message: 'Only 2 items of Dress are available' },
    }));
    const error = await api.put('/cart/clear').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Only 2 items of Dress are available' });
    expect(failureText(error, 'Failed to clear cart')).toBe('Only 2 items of Dress are available');
  });

  it('falls back to the screen text when the server sent no message', async () => {
    mockFetch(() => ({ status: 500, body: undefined }));
    const error = await api.delete('/product/p1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 500, serverMessage: undefined });
    expect(failureText(error, 'Failed to delete product')).toBe('Failed to delete product');
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await api.get('/product').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, message: messages.layout.networkError });
  });

  it('a 401 on a call with a token clears the session and sends the user to login', async () => {
    setStoredSession('user');
    window.localStorage.setItem('userPassword', 'legacy');
    mockFetch(() => ({ status: 401, body: { success: false, message: 'Your session has expired.' } }));

    await expect(api.get('/order/user/orders')).rejects.toMatchObject({ status: 401 });

    expect(getSession().token).toBeNull();
    for (const key of ['userToken', 'userPassword', 'username', 'userRole', 'email']) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 401 without a token (a wrong password) is only an answer', async () => {
    mockFetch(() => ({ status: 401, body: { success: false, message: 'Invalid email or password' } }));
    await expect(api.post('/auth/signin', { body: {} })).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('query retries', () => {
  it('retries up to 3 times, never for a 4xx answer', () => {
    const serverError = new ApiError(503, undefined, 'x');
    expect(shouldRetry(0, serverError)).toBe(true);
    expect(shouldRetry(2, serverError)).toBe(true);
    expect(shouldRetry(3, serverError)).toBe(false);
    expect(shouldRetry(0, new ApiError(0, undefined, 'offline'))).toBe(true);
    expect(shouldRetry(0, new ApiError(404, 'Not found', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, undefined, 'x'))).toBe(false);
  });

  it('waits 1 s doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
