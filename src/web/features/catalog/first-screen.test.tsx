import { dehydrate, QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUERY_STALE_MS } from '@/shared/shell-constants';
import { catalogQueryKeys, FIRST_SCREEN_SCRIPT_ID } from '@/shared/first-screen';
import { apiQueryOf, readFilters } from '@/shared/listing';
import ProductDetailsPage from './product-details-page';
import ProductsPage from './products-page';
import { hydrateFirstScreen } from '@/web/lib/first-screen';
import { createQueryClient } from '@/web/lib/query-client';
import {
  listAnswer,
  makeProducts,
  mockFetch,
  renderRoute,
  sampleCategory,
  sampleProductDetail,
  setStoredSession,
  stubObservers,
} from '@/web/lib/testing';

const product = sampleProductDetail({ name: 'Sent with the page' });

/**
 * A page as the server sends it (src/server/catalog/first-screen.ts): `data` under `queryKey`,
 * dehydrated by TanStack Query itself, read `age` ms ago.
 */
function pageWith(queryKey: QueryKey, data: unknown, age = 0): void {
  const server = new QueryClient();
  server.setQueryData(queryKey, data, { updatedAt: Date.now() - age });
  setElement(JSON.stringify(dehydrate(server)));
}

function setElement(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_SCREEN_SCRIPT_ID;
  element.textContent = text;
  document.head.append(element);
}

/** The app's own client, with the page's first screen hydrated into it as main.tsx does. */
function appClient(): QueryClient {
  const client = createQueryClient();
  hydrateFirstScreen(client);
  return client;
}

describe("the page's first screen", () => {
  beforeEach(() => {
    setStoredSession('visitor');
    stubObservers();
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.getElementById(FIRST_SCREEN_SCRIPT_ID)?.remove();
  });

  it('gives a product page its product without a request, and is read once', async () => {
    pageWith(catalogQueryKeys.product(product.slug), product);
    const { calls } = mockFetch((call) =>
      call.url.pathname === '/api/product' ? listAnswer([]) : undefined,
    );
    renderRoute(<ProductDetailsPage />, {
      path: '/product/:slug',
      initialEntry: `/product/${product.slug}`,
      queryClient: appClient(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeInTheDocument();
    // Only the related products are asked for.
    await waitFor(() => expect(calls.map((call) => call.url.pathname)).toEqual(['/api/product']));
    expect(document.getElementById(FIRST_SCREEN_SCRIPT_ID)).toBeNull();
  });

  it("gives the listing the products of its URL under the key the listing asks with (the shared helpers')", async () => {
    const search = '?category=women&sort=priceAsc&maxPrice=900';
    const params = apiQueryOf(readFilters(new URLSearchParams(search), ['Women']));
    const sent = listAnswer(makeProducts(3), { totalCount: 3 }).body;
    pageWith(catalogQueryKeys.products.list(params), sent);
    const { calls } = mockFetch((call) =>
      call.url.pathname === '/api/category'
        ? { body: { success: true, categories: [sampleCategory()] } }
        : undefined,
    );
    renderRoute(<ProductsPage />, {
      path: '/products',
      initialEntry: `/products${search}`,
      queryClient: appClient(),
    });
    expect(await screen.findByText('3 products found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: sent.products[0]!.name })).toBeInTheDocument();
    await waitFor(() => expect(calls.map((call) => call.url.pathname)).toEqual(['/api/category']));
  });

  it('asks again for data that is stale, showing what came with the page meanwhile', async () => {
    pageWith(catalogQueryKeys.product(product.slug), product, QUERY_STALE_MS + 1);
    const fresh = { ...product, name: 'Asked again' };
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === `/api/product/${product.slug}`)
        return { body: { success: true, product: fresh } };
      return call.url.pathname === '/api/product' ? listAnswer([]) : undefined;
    });
    renderRoute(<ProductDetailsPage />, {
      path: '/product/:slug',
      initialEntry: `/product/${product.slug}`,
      queryClient: appClient(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: fresh.name })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname === `/api/product/${product.slug}`)).toHaveLength(1);
  });

  it('leaves the cache empty when the page has none or a damaged one', () => {
    expect(appClient().getQueryCache().getAll()).toEqual([]);
    setElement('{not json');
    expect(appClient().getQueryCache().getAll()).toEqual([]);
    expect(document.getElementById(FIRST_SCREEN_SCRIPT_ID)).toBeNull();
  });
});
