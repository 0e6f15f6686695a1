import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/shell-constants';
import ProductsPage from './products-page';
import {
  listAnswer,
  mockFetch,
  renderRoute,
  sampleCategory,
  makeProducts,
  setStoredSession,
  type RecordedCall,
} from '@/web/lib/testing';

const categories = [
  sampleCategory(),
  sampleCategory({ _id: 'c2', name: 'Accessories', slug: 'accessories' }),
  sampleCategory({ _id: 'c3', name: 'Summer Edit', slug: 'summer-edit' }),
];

/** Answers categories, and the product list with whatever `list` returns for the call. */
function serve(
  list: (call: RecordedCall) => ReturnType<typeof listAnswer> = () => listAnswer(makeProducts(3)),
) {
  return mockFetch((call) => {
    if (call.url.pathname === '/api/category') return { body: { success: true, categories } };
    if (call.url.pathname === '/api/product') return list(call);
    return undefined;
  });
}

function productCalls(calls: RecordedCall[]) {
  return calls.filter((call) => call.url.pathname === '/api/product').map((call) => call.url.searchParams);
}

function renderListing(initialEntry: string | { pathname: string; state?: unknown } = '/products') {
  return renderRoute(<ProductsPage />, { path: '/products', initialEntry });
}

describe('ProductsPage', () => {
  beforeEach(() => {
    setStoredSession('visitor');
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server with the filters of the URL, 12 a page, and shows the count', async () => {
    const { calls } = serve(() => listAnswer(makeProducts(3), { totalCount: 27, totalPages: 3, page: 2 }));
    renderListing(
      '/products?search=dress&category=women&minPrice=100&maxPrice=900&availability=inStock&sort=priceAsc&page=2',
    );
    expect(await screen.findByText('27 products found')).toBeInTheDocument();
    const query = productCalls(calls).at(-1);
    expect(Object.fromEntries(query ?? [])).toEqual({
      search: 'dress',
      category: 'Women',
      minPrice: '100',
      maxPrice: '900',
      availability: 'inStock',
      sort: 'priceAsc',
      page: '2',
      limit: '12',
    });
    expect(screen.getByLabelText('Search')).toHaveValue('dress');
    expect(screen.getByLabelText('Sort by')).toHaveValue('priceAsc');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it("says 'product found' for exactly one", async () => {
    serve(() => listAnswer(makeProducts(1)));
    renderListing();
    expect(await screen.findByText('1 product found')).toBeInTheDocument();
  });

  it('ignores a category that the shop does not have', async () => {
    const { calls } = serve();
    renderListing('/products?category=Shoes');
    await screen.findByText('3 products found');
    expect(productCalls(calls).every((query) => !query.has('category'))).toBe(true);
    expect(screen.queryByRole('button', { name: /Remove filter/ })).not.toBeInTheDocument();
  });

  it("treats 'All categories' as no category", async () => {
    const { calls } = serve();
    renderListing('/products?category=All%20categories');
    await screen.findByText('3 products found');
    expect(productCalls(calls).at(-1)?.has('category')).toBe(false);
  });

  it('accepts a category the shop added beyond the fixed names', async () => {
    const { calls } = serve();
    renderListing('/products?category=summer%20edit');
    await screen.findByText('3 products found');
    expect(productCalls(calls).map((query) => query.get('category'))).toEqual(['Summer Edit']);
  });

  it('writes a chosen category, sort, search and price into the URL', async () => {
    serve();
    const { router } = renderListing();
    await screen.findByText('3 products found');

    await userEvent.click(screen.getByRole('button', { name: 'Accessories' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=Accessories'));

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'newest');
    await waitFor(() => expect(router.state.location.search).toBe('?category=Accessories&sort=newest'));

    await userEvent.type(screen.getByLabelText('Search'), 'silk');
    await userEvent.type(screen.getByLabelText('Min price'), '50');
    await userEvent.type(screen.getByLabelText('Max price'), '400');
    await userEvent.click(screen.getByRole('button', { name: /Apply Filters/ }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        search: 'silk',
        category: 'Accessories',
        minPrice: '50',
        maxPrice: '400',
        sort: 'newest',
      }),
    );
  });

  it('shows a chip per active filter; each removes its own, Clear All removes all but the sort', async () => {
    serve(() => listAnswer(makeProducts(2), { maxPrice: 1200 }));
    const { router } = renderListing(
      '/products?search=silk&category=Women&maxPrice=500&availability=outOfStock&sort=newest',
    );
    expect(await screen.findByRole('button', { name: 'Remove filter Search: silk' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter Women' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter Price: 0 EGP – 500 EGP' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter Out of stock' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Women' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('category'));
    expect(router.state.location.search).toContain('search=silk');

    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=newest'));
    expect(screen.queryByRole('button', { name: /Remove filter/ })).not.toBeInTheDocument();
  });

  it('offers the sizes and colours of the answer, and keeps the chosen ones in the URL and the query', async () => {
    const { calls } = serve((call) =>
      listAnswer(makeProducts(3), {
        facets: {
          size: [
            { value: 'S', count: 4 },
            { value: 'M', count: 2 },
          ],
          // Navy is chosen through the URL below; the answer (filtered by it) lists only Sand.
          color: call.url.searchParams.get('size')
            ? [{ value: 'Sand', count: 1 }]
            : [{ value: 'Sand', count: 3 }],
        },
      }),
    );
    const { router } = renderListing('/products?color=Navy');
    await screen.findByText('3 products found');
    const navy = screen.getByRole('button', { name: 'Navy (0)' });
    expect(navy).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Sand (3)' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'M (2)' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        size: 'M',
        color: 'Navy',
      }),
    );
    await waitFor(() => expect(productCalls(calls).at(-1)?.get('size')).toBe('M'));
    expect(productCalls(calls).at(-1)?.get('color')).toBe('Navy');
    expect(await screen.findByRole('button', { name: 'M (2)' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Size: M' }));
    await waitFor(() => expect(router.state.location.search).toBe('?color=Navy'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('takes a category from navigation state', async () => {
    const { calls } = serve();
    const { router } = renderListing({ pathname: '/products', state: { selectedCategory: 'Accessories' } });
    await waitFor(() => expect(router.state.location.search).toBe('?category=Accessories'));
    await screen.findByText('3 products found');
    expect(productCalls(calls).map((query) => query.get('category'))).toEqual(['Accessories']);
  });

  it('uses the stored selectedCategory once and removes it', async () => {
    window.localStorage.setItem(STORAGE_KEYS.selectedCategory, 'Women');
    serve();
    const { router } = renderListing();
    await waitFor(() => expect(router.state.location.search).toBe('?category=Women'));
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedCategory)).toBeNull();
  });

  it('goes back to page 1 when the number of results changes', async () => {
    let total = 40;
    serve(() =>
      listAnswer(makeProducts(12), { totalCount: total, totalPages: Math.ceil(total / 12), page: 2 }),
    );
    const { router } = renderListing('/products?page=2');
    expect(await screen.findByText('40 products found')).toBeInTheDocument();
    total = 30;
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'priceDesc');
    // Changing the sort keeps the page at 1 already; a new count from the same page also resets it.
    await waitFor(() => expect(router.state.location.search).toBe('?sort=priceDesc'));
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=priceDesc&page=2'));
    total = 13;
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=priceDesc'));
  });

  it('shows the empty state with the searched text', async () => {
    serve(() => listAnswer([]));
    renderListing('/products?search=velvet');
    expect(await screen.findByRole('heading', { name: 'No Products Found' })).toBeInTheDocument();
    expect(screen.getByText('velvet').tagName).toBe('MARK');
    expect(screen.getByRole('link', { name: 'Reset Filters' })).toHaveAttribute('href', '/products');
  });

  it("shows 'Failed to load products' with 'Try Again' when the list fails", async () => {
    serve(
      () =>
        ({ status: 500, body: { success: false, message: 'Boom' } }) as unknown as ReturnType<
          typeof listAnswer
        >,
    );
    renderListing();
    expect(await screen.findByRole('heading', { name: 'Failed to load products' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it("toggles the mobile panel with 'Show Filters'/'Hide Filters', closing on an outside click and on Apply", async () => {
    serve();
    window.innerWidth = 390;
    renderListing();
    await screen.findByText('3 products found');
    const toggle = screen.getByRole('button', { name: 'Show Filters' });
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide Filters' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByLabelText('Search'));
    expect(screen.getByRole('button', { name: 'Hide Filters' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('3 products found'));
    expect(screen.getByRole('button', { name: 'Show Filters' })).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Show Filters' }));
    await userEvent.click(screen.getByRole('button', { name: /Apply Filters/ }));
    expect(screen.getByRole('button', { name: 'Show Filters' })).toBeInTheDocument();
    window.innerWidth = 1024;
  });
});
