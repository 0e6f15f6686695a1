import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CategoryPage from './category-page';
import { mockFetch, renderRoute, sampleCategory, sampleProduct, setStoredSession } from '@/web/lib/testing';

function renderCategory(slug = 'women', search = '') {
  return renderRoute(<CategoryPage />, {
    path: '/category/:slug',
    initialEntry: `/category/${slug}${search}`,
  });
}

/** One page of the category's products as the API answers it. */
function pageAnswer(products: unknown[], page = 1, totalCount = products.length) {
  return {
    success: true,
    category: sampleCategory(),
    products,
    page,
    totalPages: Math.max(1, Math.ceil(totalCount / 12)),
    totalCount,
  };
}

const facets = { size: [], color: [] };

describe('CategoryPage', () => {
  beforeEach(() => setStoredSession('visitor'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the name as its heading and products linking to /product/{slug}', async () => {
    const { calls } = mockFetch(() => ({ body: pageAnswer([sampleProduct()]) }));
    renderCategory();
    expect(await screen.findByRole('heading', { level: 1, name: 'Women' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Linen Summer Dress' })).toHaveAttribute(
      'href',
      '/product/linen-summer-dress',
    );
    expect(calls[0]?.url.pathname).toBe('/api/category/women/products');
    expect(calls[0]?.url.search).toBe('?page=1&limit=12');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('pages through a large category twelve at a time, the page in the URL', async () => {
    const { calls } = mockFetch((call) => {
      const page = Number(call.url.searchParams.get('page'));
      return { body: pageAnswer([sampleProduct({ name: `Dress on page ${page}` })], page, 40) };
    });
    const { router } = renderCategory('women', '?page=2');
    expect(await screen.findByRole('heading', { name: 'Dress on page 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(await screen.findByRole('heading', { name: 'Dress on page 4' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=4');
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByRole('heading', { name: 'Dress on page 1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(
      calls
        .filter((call) => call.url.pathname === '/api/category/women/products')
        .map((call) => call.url.searchParams.get('page')),
    ).toEqual(['2', '4', '1']);
  });

  it('goes back to the first page from a page past the end', async () => {
    mockFetch((call) => {
      const page = Number(call.url.searchParams.get('page'));
      return {
        body: pageAnswer(page > 2 ? [] : [sampleProduct({ name: `Dress on page ${page}` })], page, 20),
      };
    });
    const { router } = renderCategory('women', '?page=9');
    expect(await screen.findByRole('heading', { name: 'Dress on page 1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('There are no products in this category yet.')).toBeNull();
  });

  it("offers the category's sizes and colours, and shows the products in the ones chosen, kept in the URL", async () => {
    const sizeFacets = {
      size: [
        { value: 'L', count: 2 },
        { value: 'S', count: 5 },
      ],
      color: [{ value: 'Navy', count: 3 }],
    };
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/api/category/women/products') {
        return { body: pageAnswer([sampleProduct({ name: 'Every dress' })]) };
      }
      if (call.url.pathname === '/api/product') {
        const sized = call.url.searchParams.get('size') === 'L';
        const products = sized ? [sampleProduct({ name: 'A dress in L' })] : [sampleProduct()];
        return {
          body: {
            success: true,
            products,
            page: 1,
            totalPages: 1,
            totalCount: 1,
            maxPrice: 0,
            facets: sizeFacets,
          },
        };
      }
      return undefined;
    });
    const { router } = renderCategory();
    expect(await screen.findByRole('heading', { name: 'Every dress' })).toBeInTheDocument();
    // Sizes in wearing order.
    const sizes = await screen.findAllByRole('button', { name: / \(\d+\)$/ });
    expect(sizes.map((button) => button.textContent)).toEqual(['S (5)', 'L (2)', 'Navy (3)']);

    await userEvent.click(screen.getByRole('button', { name: 'L (2)' }));
    expect(await screen.findByRole('heading', { name: 'A dress in L' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?size=L');
    expect(screen.getByRole('button', { name: 'L (2)' })).toHaveAttribute('aria-pressed', 'true');
    const asked = calls.filter((call) => call.url.pathname === '/api/product').at(-1)!;
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({
      category: 'women',
      size: 'L',
      sort: 'newest',
      page: '1',
      limit: '12',
    });
  });

  it('sorts and filters by price through the listing API for this category, kept in the URL (issue 16)', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/api/category/women/products') {
        return { body: pageAnswer([sampleProduct({ name: 'Newest dress' })]) };
      }
      if (call.url.pathname === '/api/product') {
        const sorted = call.url.searchParams.get('sort') === 'priceAsc';
        const products = [sampleProduct({ name: sorted ? 'Cheapest dress' : 'Newest dress' })];
        return {
          body: { success: true, products, page: 1, totalPages: 1, totalCount: 1, maxPrice: 2000, facets },
        };
      }
      return undefined;
    });
    const { router } = renderCategory();
    expect(await screen.findByRole('heading', { name: 'Newest dress' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(trail).getByText('Women')).toHaveAttribute('aria-current', 'page');
    // The category's own order is the default; no list of categories to choose from.
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('newest');
    expect(screen.queryByRole('group', { name: 'Category' })).toBeNull();

    await userEvent.selectOptions(sort, 'priceAsc');
    expect(await screen.findByRole('heading', { name: 'Cheapest dress' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=priceAsc');
    await userEvent.type(screen.getByLabelText('Max price'), '900{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?maxPrice=900&sort=priceAsc'));
    await waitFor(() =>
      expect(
        Object.fromEntries(
          calls.filter((call) => call.url.pathname === '/api/product').at(-1)!.url.searchParams,
        ),
      ).toEqual({ category: 'women', maxPrice: '900', sort: 'priceAsc', page: '1', limit: '12' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=priceAsc'));
  });

  it("shows the category's own description under its name (issue 35)", async () => {
    const description = 'Easy dresses and linen sets for long summer days.';
    mockFetch(() => ({
      body: {
        ...pageAnswer([sampleProduct()]),
        category: sampleCategory({ description, descriptionAr: 'فساتين.' }),
      },
    }));
    renderCategory();
    expect(await screen.findByText(description)).toBeInTheDocument();
    expect(screen.queryByText('فساتين.')).toBeNull();
  });

  it("keeps SPEC's heading in a line under the name, and adds nothing when there is no description (issue 35)", async () => {
    mockFetch(() => ({ body: pageAnswer([sampleProduct()]) }));
    renderCategory();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Women' });
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Browse our collection of products in the Women category',
      }),
    ).toBeInTheDocument();
    expect(heading.closest('header')?.querySelectorAll('p')).toHaveLength(0);
  });

  it("shows 'Category not found' with 'Return to Home' for a missing category", async () => {
    mockFetch(() => ({ status: 404, body: { success: false, message: 'Category not found' } }));
    renderCategory('gone');
    expect(await screen.findByRole('heading', { name: 'Category not found' })).toBeInTheDocument();
    expect(
      screen.getByText('The category you are looking for does not exist or has been removed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it("offers 'Browse Other Categories' and 'Return to Home' when the category is empty", async () => {
    mockFetch(() => ({ body: pageAnswer([]) }));
    renderCategory();
    expect(await screen.findByRole('link', { name: 'Browse Other Categories' })).toHaveAttribute(
      'href',
      '/categories',
    );
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});
