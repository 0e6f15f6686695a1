import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/constants';
import type { CartDto, CartLineDto } from '@/shared/schemas/cart';
import { reloadSession } from '@/web/session/session';

/** Test helpers for the cart, checkout and orders screens: sample carts, a fetch double, a routed render. */

export const DRESS_ID = '11111111-1111-4111-8111-111111111111';
export const SCARF_ID = '22222222-2222-4222-8222-222222222222';
export const CART_ID = '33333333-3333-4333-8333-333333333333';

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

/** A cart whose subtotal is computed as the server does (piastres, then EGP). */
export function sampleCart(lines: CartLineDto[] = defaultLines()): CartDto {
  const piastres = lines.reduce(
    (sum, line) => sum + Math.round(line.productId.finalPrice * 100) * line.quantity,
    0,
  );
  return { _id: CART_ID, id: CART_ID, products: lines, subtotal: piastres / 100 };
}

export function defaultLines(): CartLineDto[] {
  return [
    sampleLine({}, 2),
    sampleLine({ _id: SCARF_ID, id: SCARF_ID, name: 'Silk Scarf', slug: 'silk-scarf', finalPrice: 120 }, 1),
  ];
}

export interface RecordedCall {
  method: string;
  url: URL;
  /** The JSON body, parsed; undefined for none or multipart. */
  body: unknown;
  /** The multipart body, when the call sent one. */
  form: FormData | undefined;
  headers: Headers;
}

export type Answer = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;
type Responder = (call: RecordedCall) => Answer | undefined;

/**
 * Replaces fetch: `respond` answers each call with a status and JSON body (possibly later, to test
 * what a screen does while waiting); an unanswered call is a 500 so a test notices what it did not expect.
 */
export function mockFetch(respond: Responder) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url: new URL(String(input), 'http://localhost'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init?.body instanceof FormData ? init.body : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const answer = (await respond(call)) ?? {
      status: 500,
      body: { success: false, message: 'Unexpected call' },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A cart change's answer (DESIGN §2: the whole cart). */
export function cartAnswer(cart: CartDto, message = 'ok') {
  return { body: { success: true, message, cart } };
}

/** Sets the stored session the way a returning browser would have it. */
export function setSession(role: 'visitor' | 'user' | 'admin'): void {
  window.localStorage.clear();
  if (role !== 'visitor') {
    window.localStorage.setItem(STORAGE_KEYS.token, 'test-token');
    window.localStorage.setItem(STORAGE_KEYS.role, role);
    window.localStorage.setItem(STORAGE_KEYS.username, role);
    window.localStorage.setItem(STORAGE_KEYS.email, `${role}@example.com`);
  }
  reloadSession();
}

export interface Rendered extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

/** Renders `element` at `path` in a memory router with a fresh query client and a toaster; other paths show their name. */
export function renderAt(element: ReactElement, path: string): Rendered {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', Component: OtherPage },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

function OtherPage() {
  const location = useLocation();
  return <p>page {location.pathname}</p>;
}

/** Clears toasts between tests, so one test's message is never read by the next. */
export function dismissToasts(): void {
  act(() => {
    toast.remove();
  });
}
