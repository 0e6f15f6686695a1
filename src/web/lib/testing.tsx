import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/constants';
import { reloadFavorites } from '@/web/session/favorites';
import { reloadSession } from '@/web/session/session';

/** Test helpers of the web shell: a fetch double, a stored session, and a routed render. */

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type Responder = (call: RecordedCall) => { status?: number; body?: unknown } | undefined;

/** Replaces fetch; an unanswered call is a 500 so an unexpected request shows up. */
export function mockFetch(respond: Responder) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url: new URL(String(input), 'http://localhost'),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const answer = respond(call) ?? { status: 500, body: { success: false, message: 'Unexpected call' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export type TestRole = 'visitor' | 'user' | 'admin';

/** Stores a session the way a returning browser would have it, and tells the stores to re-read. */
export function setStoredSession(role: TestRole, favorites: unknown[] = []): void {
  window.localStorage.clear();
  if (role !== 'visitor') {
    window.localStorage.setItem(STORAGE_KEYS.token, `${role}-token`);
    window.localStorage.setItem(STORAGE_KEYS.role, role);
    window.localStorage.setItem(STORAGE_KEYS.username, role === 'admin' ? 'Amira' : 'salma');
    window.localStorage.setItem(STORAGE_KEYS.email, `${role}@example.com`);
  }
  if (favorites.length) window.localStorage.setItem(STORAGE_KEYS.favorites, JSON.stringify(favorites));
  reloadSession();
  reloadFavorites();
}

export interface RenderedRoutes extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

/** Renders a route tree in a memory router with a fresh query client and a toaster. */
export function renderRoutes(
  routes: RouteObject[],
  initialEntry: string | { pathname: string; state?: unknown } = '/',
): RenderedRoutes {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Removes every toast, so one test's message is never read by the next. */
export function clearToasts(): void {
  act(() => {
    toast.remove();
  });
}
