import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import {
  createMemoryRouter,
  RouterProvider,
  useLocation,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/shell-constants';
import type { OrderStatus } from '@/shared/constants';
import type { CartDto, CartLineDto } from '@/shared/schemas/cart';
import type { CategoryDto } from '@/shared/schemas/category';
import type { OrderDto } from '@/shared/schemas/order';
import type { ProductDetailDto, ProductDto, ProductListAnswer } from '@/shared/schemas/product';
import { reloadFavorites } from '@/web/session/favorites';
import { reloadSession } from '@/web/session/session';

/**
 * The web tests' one toolkit: a fetch double that records what was sent, a stored session, routed
 * renders with a fresh query client and a toaster, and sample answers of the API (DESIGN §2). Sample
 * data comes two ways, and the name says which: `sampleX` is always the same thing (the linen dress,
 * the Women category, the shopper's cart), `makeX` makes a new numbered one on each call (Piece 3,
 * Category 4, an order with its own id) for lists whose items must differ.
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

/**
 * Sets the page's WhatsApp number as the server writes it (`<meta name="whatsapp-number">`, the digits
 * of SHOP_WHATSAPP), or removes it (null) as for a shop without one.
 */
export function setWhatsappNumber(digits: string | null): void {
  document.querySelector('meta[name="whatsapp-number"]')?.remove();
  if (digits === null) return;
  const meta = document.createElement('meta');
  meta.name = 'whatsapp-number';
  meta.content = digits;
  document.head.append(meta);
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

/** Renders a route tree in a memory router with a query client (a fresh one unless given) and a toaster. */
export function renderRoutes(
  routes: RouteObject[],
  initialEntry: InitialEntry = '/',
  queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  }),
  /** The app router's (src/web/router.tsx: the admin area's routes are added on its first visit). */
  patchRoutesOnNavigation?: PatchRoutesOnNavigationFunction,
): RenderedRoutes {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry], patchRoutesOnNavigation });
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
  /** A query client holding data already, as the app's does after hydrating a page's first screen. */
  queryClient?: QueryClient;
}

/** Renders one screen at `path`, beside `routes`; any other path shows `page {pathname}`. */
export function renderRoute(element: ReactElement, options: RenderRouteOptions = {}): RenderedRoutes {
  const path = options.path ?? '/';
  return renderRoutes(
    [{ path, element }, { path: '*', Component: OtherPage }, ...(options.routes ?? [])],
    options.initialEntry ?? path,
    options.queryClient,
  );
}

/** Removes every toast, so one test's message is never read by the next. */
export function clearToasts(): void {
  act(() => {
    toast.remove();
  });
}

// ---- Fixed samples: the same thing on every call ----

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
    nameAr: 'فستان صيفي من الكتان',
    descriptionAr: 'فستان خفيف للأيام الدافئة.',
    price: 1000,
    discount: 0,
    finalPrice: 1000,
    defaultImage: {
      url: '/uploads/dress.webp',
      srcset: '/uploads/dress-320.webp 320w, /uploads/dress-640.webp 640w, /uploads/dress.webp 1200w',
    },
    subImages: [{ url: '/uploads/dress-back.webp' }],
    images: [{ url: '/uploads/dress.webp' }, { url: '/uploads/dress-back.webp' }],
    category: { _id: 'c1', id: 'c1', name: 'Women', nameAr: 'نسائي', slug: 'women' },
    avaliableItems: 5,
    soldItems: 0,
    inStock: true,
    averageRating: 4.5,
    ratingCount: 2,
    createdAt: '2026-11-01T10:00:00.000Z',
    options: [],
    optionsInStock: {},
    ...overrides,
  };
}

/**
 * The linen dress as `GET /product/{id}` answers it: no variants and no size guide unless told
 * (`sampleVariantDress` has both).
 */
export function sampleProductDetail(overrides: Partial<ProductDetailDto> = {}): ProductDetailDto {
  return {
    ...sampleProduct(),
    category: { _id: 'c1', id: 'c1', name: 'Women', nameAr: 'نسائي', slug: 'women', sizeGuide: null },
    variants: [],
    ...overrides,
  };
}

export function sampleCategory(overrides: Partial<CategoryDto> = {}): CategoryDto {
  const id = overrides._id ?? overrides.id ?? 'c1';
  return {
    _id: id,
    id,
    name: 'Women',
    nameAr: 'نسائي',
    description: '',
    descriptionAr: '',
    slug: 'women',
    image: { url: '/uploads/women.webp' },
    productCount: 12,
    sizeGuide: null,
    ...overrides,
  };
}

/** A list answer as GET /api/product gives it. */
export function listAnswer(
  products: ProductDto[],
  extra: Partial<Omit<ProductListAnswer, 'success' | 'products'>> = {},
) {
  return {
    body: {
      success: true,
      products,
      page: 1,
      totalPages: 1,
      totalCount: products.length,
      maxPrice: Math.max(0, ...products.map((product) => product.finalPrice)),
      facets: { size: [], color: [] },
      ...extra,
    },
  };
}

/** One line of the shopper's cart: the linen dress unless told. */
export function sampleCartLine(overrides: Partial<CartLineDto['productId']> = {}, quantity = 1): CartLineDto {
  const id = overrides._id ?? DRESS_ID;
  return {
    _id: `line-${id}`,
    productId: {
      _id: id,
      id,
      name: 'Linen Summer Dress',
      nameAr: 'فستان صيفي من الكتان',
      slug: 'linen-summer-dress',
      finalPrice: 450.5,
      defaultImage: { url: '/uploads/dress.webp' },
      avaliableItems: 5,
      ...overrides,
    },
    quantity,
    variantId: null,
    variantToConfirm: false,
    variant: null,
  };
}

/** The shopper's cart lines: two dresses and a scarf. */
export function sampleCartLines(): CartLineDto[] {
  return [
    sampleCartLine({}, 2),
    sampleCartLine(
      {
        _id: SCARF_ID,
        id: SCARF_ID,
        name: 'Silk Scarf',
        nameAr: 'إيشارب حرير',
        slug: 'silk-scarf',
        finalPrice: 120,
      },
      1,
    ),
  ];
}

/** A cart whose subtotal is computed as the server does (piastres, then EGP). */
export function sampleCart(lines: CartLineDto[] = sampleCartLines()): CartDto {
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

/** One line of an order: the linen dress, two at 450.50 EGP unless told. */
export function sampleOrderLine(
  overrides: Partial<OrderDto['products'][number]> = {},
): OrderDto['products'][number] {
  return {
    _id: 'line-dress',
    product: {
      _id: DRESS_ID,
      id: DRESS_ID,
      name: 'Linen Summer Dress',
      nameAr: 'فستان صيفي من الكتان',
      slug: 'linen-summer-dress',
      finalPrice: 450.5,
      images: [{ url: '/uploads/dress.webp' }],
      defaultImage: { url: '/uploads/dress.webp' },
      category: { name: 'Women', nameAr: 'نسائي' },
    },
    quantity: 2,
    unitPrice: 450.5,
    variant: null,
    variantToConfirm: false,
    ...overrides,
  };
}

// ---- Numbered samples: a new one on every call ----

let sequence = 0;
const uuid = (n: number) => `${String(n).padStart(8, '0')}-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`;

/** A new product, 'Piece n', with its own id: for lists and tables of several. */
export function makeProduct(overrides: Partial<ProductDto> = {}): ProductDto {
  sequence += 1;
  const id = overrides._id ?? uuid(sequence);
  return {
    _id: id,
    id,
    name: `Piece ${sequence}`,
    slug: `piece-${sequence}`,
    description: 'Soft cotton.',
    // No Arabic texts: an Arabic page shows the English ones.
    nameAr: '',
    descriptionAr: '',
    price: 500,
    discount: 0,
    finalPrice: 500,
    defaultImage: { url: `/uploads/piece-${sequence}.webp` },
    subImages: [],
    images: [{ url: `/uploads/piece-${sequence}.webp` }],
    category: { _id: 'cat-women', id: 'cat-women', name: 'Women', nameAr: '', slug: 'women' },
    avaliableItems: 20,
    soldItems: 0,
    inStock: true,
    averageRating: 0,
    ratingCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    options: [],
    optionsInStock: {},
    ...overrides,
  };
}

/** `count` new products, for a listing's page. */
export function makeProducts(count: number): ProductDto[] {
  return Array.from({ length: count }, () => makeProduct());
}

/** A new category, 'Category n', with its own id. */
export function makeCategory(overrides: Partial<CategoryDto> = {}): CategoryDto {
  sequence += 1;
  const id = overrides._id ?? `cat-${sequence}`;
  return {
    _id: id,
    id,
    name: `Category ${sequence}`,
    nameAr: '',
    description: '',
    descriptionAr: '',
    slug: `category-${sequence}`,
    image: { url: `/uploads/category-${sequence}.webp` },
    productCount: 0,
    sizeGuide: null,
    ...overrides,
  };
}

/** `count` order lines, 'Item 1' to 'Item <count>', one piece at 100 EGP each. */
export function makeOrderLines(count: number): OrderDto['products'] {
  return Array.from({ length: count }, (_, index) => ({
    _id: `line-${index}`,
    product: {
      _id: `p${index + 1}`,
      id: `p${index + 1}`,
      name: `Item ${index + 1}`,
      nameAr: '',
      slug: `item-${index + 1}`,
      finalPrice: 100,
      images: [{ url: `/uploads/item-${index + 1}.webp` }],
      defaultImage: { url: `/uploads/item-${index + 1}.webp` },
      category: { name: 'Women', nameAr: '' },
    },
    quantity: 1,
    unitPrice: 100,
    variant: null,
    variantToConfirm: false,
  }));
}

/**
 * A new pending InstaPay order with its own id, one 'Item 1' line and fixed totals (100 + 70 EGP
 * shipping); overrides replace fields as they are, totals included.
 */
export function makeOrder(overrides: Partial<OrderDto> & { status?: OrderStatus } = {}): OrderDto {
  sequence += 1;
  const id = overrides._id ?? `abcdef${String(sequence).padStart(2, '0')}-1234-4aaa-8aaa-aaaaaaaaaaaa`;
  return {
    _id: id,
    id,
    number: `N-${10000 + sequence}`,
    createdAt: '2026-11-20T10:30:00.000Z',
    status: 'pending',
    name: 'Mariam Hassan',
    phone: '01012345678',
    address: 'El Nozha Street, Heliopolis, Cairo',
    street: 'El Nozha Street',
    building: '12',
    floor: '3',
    apartment: '7',
    landmark: '',
    area: 'Heliopolis',
    city: 'Cairo',
    governorate: 'EG-C',
    deliveryZone: { id: 'cairo', name: { en: 'Cairo', ar: 'القاهرة' } },
    products: makeOrderLines(1),
    totalPrice: 100,
    shippingFee: 70,
    cashOnDeliveryFee: 0,
    grandTotal: 170,
    paymentType: 'instapay',
    paymentImage: { url: '/files/proof.webp?sig=x' },
    createdBy: { _id: 'u1', username: 'mariam', email: 'mariam@example.com' },
    history: [
      {
        status: 'pending',
        at: overrides.createdAt ?? '2026-11-20T10:30:00.000Z',
        by: { _id: 'u1', username: 'mariam' },
        note: null,
      },
    ],
    payment: { verified: false, at: null, by: null },
    deliveryState: 'notShipped',
    shipment: null,
    deliveryHistory: [],
    confirmation: { awaiting: false, confirmBy: null, contacts: [], messages: [] },
    customerRecord: {
      phone: '01012345678',
      orders: 1,
      delivered: 0,
      refused: 0,
      returned: 0,
      cancelled: 0,
      open: 1,
      note: '',
      blocked: null,
      risks: [],
    },
    ...overrides,
  };
}
