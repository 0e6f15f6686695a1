import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/constants';
import type { CategoryDto } from '@/shared/schemas/category';
import type { ProductDto } from '@/shared/schemas/product';
import { reloadFavorites } from '@/web/session/favorites';
import { reloadSession } from '@/web/session/session';

/** Test helpers for the storefront screens: sample data, a fetch double and a routed render. */

export function sampleProduct(overrides: Partial<ProductDto> = {}): ProductDto {
  const id = overrides._id ?? overrides.id ?? '11111111-1111-4111-8111-111111111111';
  return {
    _id: id,
    id,
    name: 'Linen Summer Dress',
    slug: 'linen-summer-dress',
    description: 'A light dress for warm days.',
    price: 1000,
    discount: 0,
    finalPrice: 1000,
    defaultImage: {
      url: '/uploads/dress.webp',
      srcset: '/uploads/dress-320.webp 320w, /uploads/dress-640.webp 640w',
    },
    subImages: [{ url: '/uploads/dress-back.webp' }],
    images: [{ url: '/uploads/dress.webp' }, { url: '/uploads/dress-back.webp' }],
    category: { _id: 'c1', id: 'c1', name: 'Women', slug: 'women' },
    avaliableItems: 5,
    soldItems: 0,
    inStock: true,
    averageRating: 4.5,
    ratingCount: 2,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function sampleCategory(overrides: Partial<CategoryDto> = {}): CategoryDto {
  const id = overrides._id ?? overrides.id ?? 'c1';
  return {
    _id: id,
    id,
    name: 'Women',
    slug: 'women',
    image: { url: '/uploads/women.webp' },
    productCount: 12,
    ...overrides,
  };
}

export interface RecordedCall {
  method: string;
  url: URL;
  body: unknown;
}

type Responder = (call: RecordedCall) => { status?: number; body: unknown } | undefined;

/**
 * Replaces fetch: each call goes to `respond`, which answers with a status and JSON body; an unanswered
 * call is a 500, so a test notices a request it did not expect. `calls` records what was asked.
 */
export function mockFetch(respond: Responder) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = respond(call) ?? { status: 500, body: { success: false, message: 'Unexpected call' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A list answer as GET /api/product gives it. */
export function listAnswer(
  products: ProductDto[],
  extra: Partial<{ page: number; totalPages: number; totalCount: number; maxPrice: number }> = {},
) {
  return {
    body: {
      success: true,
      products,
      page: 1,
      totalPages: 1,
      totalCount: products.length,
      maxPrice: Math.max(0, ...products.map((product) => product.finalPrice)),
      ...extra,
    },
  };
}

export type Role = 'visitor' | 'user' | 'admin';

/** Sets the stored session and favourites the way a returning browser would have them. */
export function setBrowserState(role: Role, favorites: unknown[] = []): void {
  window.localStorage.clear();
  if (role !== 'visitor') {
    window.localStorage.setItem(STORAGE_KEYS.token, 'test-token');
    window.localStorage.setItem(STORAGE_KEYS.role, role);
    window.localStorage.setItem(STORAGE_KEYS.username, role);
    window.localStorage.setItem(STORAGE_KEYS.email, `${role}@example.com`);
  }
  window.localStorage.setItem(STORAGE_KEYS.favorites, JSON.stringify(favorites));
  reloadSession();
  reloadFavorites();
}

interface RenderOptions {
  path?: string;
  /** Extra routes beside the one under test, e.g. the page a link leads to. */
  routes?: RouteObject[];
  initialEntry?: string | { pathname: string; search?: string; state?: unknown };
}

export interface Rendered extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

/** Renders `element` at `path` inside a memory router, a fresh query client and a toaster. */
export function renderRoute(element: ReactElement, options: RenderOptions = {}): Rendered {
  const path = options.path ?? '/';
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [{ path, element }, { path: '*', element: <p>other page</p> }, ...(options.routes ?? [])],
    { initialEntries: [options.initialEntry ?? path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Clears toasts between tests, so one test's message is never read by the next. */
export function dismissToasts(): void {
  act(() => {
    toast.remove();
  });
}

/** jsdom lacks the observers Embla watches the page with; inert ones are enough for these tests. */
export function stubObservers(): void {
  class Inert {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', Inert);
  vi.stubGlobal('IntersectionObserver', Inert);
}
