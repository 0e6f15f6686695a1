import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/constants';
import type { CartDto, CartLineDto } from '@/shared/schemas/cart';
import type { CategoryDto } from '@/shared/schemas/category';
import type { ProductDto } from '@/shared/schemas/product';
import { reloadFavorites } from '@/web/session/favorites';
import { reloadSession } from '@/web/session/session';

/**
 * The web tests' one toolkit: a fetch double that records what was sent, a stored session, routed
 * renders with a fresh query client and a toaster, and sample answers of the API (DESIGN §2).
 */

// ---- Fetch double ----

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  /** A JSON body parsed; any other body (FormData for multipart) as it was sent; undefined for none. */
  body: unknown;
}

export interface AnswerBody {
  status?: number;
  body?: unknown;
}

/** What a responder gives back; a promise lets a test hold the answer to see the screen while it waits. */
export type Answer = AnswerBody | Promise<AnswerBody>;

export type Responder = (call: RecordedCall) => Answer | undefined;

/** Replaces fetch; an unanswered call is a 500, so a test notices a request it did not expect. */
export function mockFetch(respond: Responder) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url: new URL(String(input), 'http://localhost'),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined),
    };
    calls.push(call);
    const answer = (await respond(call)) ?? {
      status: 500,
      body: { success: false, message: 'Unexpected call' },
    };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

// ---- Browser state ----

export type TestRole = 'visitor' | 'user' | 'admin';

/** Stores a session (and favourites) the way a returning browser would have it, and tells the stores to re-read. */
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

// ---- Rendering ----

export interface RenderedRoutes extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

type InitialEntry = string | { pathname: string; search?: string; state?: unknown };

/** Renders a route tree in a memory router with a fresh query client and a toaster. */
export function renderRoutes(routes: RouteObject[], initialEntry: InitialEntry = '/'): RenderedRoutes {
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

/** Where a link or redirect led when no test route matches: it names the path. */
function OtherPage() {
  return <p>page {useLocation().pathname}</p>;
}

interface RenderRouteOptions {
  /** The route pattern `element` is mounted at; '/' by default. */
  path?: string;
  /** Extra routes beside the one under test, e.g. the page a link leads to. */
  routes?: RouteObject[];
  /** Where the router starts; `path` by default. */
  initialEntry?: InitialEntry;
}

/** Renders one screen at `path`, beside `routes`; any other path shows `page {pathname}`. */
export function renderRoute(element: ReactElement, options: RenderRouteOptions = {}): RenderedRoutes {
  const path = options.path ?? '/';
  return renderRoutes(
    [{ path, element }, { path: '*', Component: OtherPage }, ...(options.routes ?? [])],
    options.initialEntry ?? path,
  );
}

/** Removes every toast, so one test's message is never read by the next. */
export function clearToasts(): void {
  act(() => {
    toast.remove();
  });
}

// ---- Sample answers ----

export const DRESS_ID = '11111111-1111-4111-8111-111111111111';
export const SCARF_ID = '22222222-2222-4222-8222-222222222222';
export const CART_ID = '33333333-3333-4333-8333-333333333333';

export function sampleProduct(overrides: Partial<ProductDto> = {}): ProductDto {
  const id = overrides._id ?? overrides.id ?? DRESS_ID;
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
      srcset: '/uploads/dress-320.webp 320w, /uploads/dress-640.webp 640w, /uploads/dress.webp 1200w',
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

export function sampleLine(overrides: Partial<CartLineDto['productId']> = {}, quantity = 1): CartLineDto {
  const id = overrides._id ?? DRESS_ID;
  return {
    _id: `line-${id}`,
    productId: {
      _id: id,
      id,
      name: 'Linen Summer Dress',
      slug: 'linen-summer-dress',
      finalPrice: 450.5,
      defaultImage: { url: '/uploads/dress.webp' },
      avaliableItems: 5,
      ...overrides,
    },
    quantity,
  };
}

export function defaultLines(): CartLineDto[] {
  return [
    sampleLine({}, 2),
    sampleLine({ _id: SCARF_ID, id: SCARF_ID, name: 'Silk Scarf', slug: 'silk-scarf', finalPrice: 120 }, 1),
  ];
}

/** A cart whose subtotal is computed as the server does (piastres, then EGP). */
export function sampleCart(lines: CartLineDto[] = defaultLines()): CartDto {
  const piastres = lines.reduce(
    (sum, line) => sum + Math.round(line.productId.finalPrice * 100) * line.quantity,
    0,
  );
  return { _id: CART_ID, id: CART_ID, products: lines, subtotal: piastres / 100 };
}

/** A cart change's answer (DESIGN §2: the whole cart). */
export function cartAnswer(cart: CartDto, message = 'ok') {
  return { body: { success: true, message, cart } };
}
