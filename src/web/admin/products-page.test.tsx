import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import type { ProductDto } from '@/shared/schemas/product';
import { clearToasts, makeCategory, makeProduct, mockFetch, type RecordedCall } from '@/web/lib/testing';
import { stockTone } from './admin-ui';
import { renderAdmin } from './testing';

const m = messages.admin;

function serve(
  products: () => ProductDto[],
  { totalPages = 1, onDelete }: { totalPages?: number; onDelete?: (call: RecordedCall) => unknown } = {},
) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/product') {
      return {
        body: {
          success: true,
          products: products(),
          page: Number(call.url.searchParams.get('page') ?? 1),
          totalPages,
          totalCount: products().length,
          maxPrice: 0,
        },
      };
    }
    if (call.method === 'GET' && call.url.pathname === '/api/category') {
      return {
        body: {
          success: true,
          categories: [makeCategory({ _id: 'cat-girls', name: 'Girls' })],
          page: 1,
          totalPages: 1,
          totalCount: 1,
        },
      };
    }
    if (call.method === 'DELETE' && onDelete) return onDelete(call) as { status?: number; body?: unknown };
    return undefined;
  });
}

const productRequests = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/product');

beforeEach(() => clearToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('admin product list', () => {
  it('colours stock as SPEC §9 says: above 10 green, 1 to 10 yellow, 0 red', async () => {
    expect([stockTone(11), stockTone(10), stockTone(1), stockTone(0)]).toEqual([
      'success',
      'warning',
      'warning',
      'danger',
    ]);
    serve(() => [
      makeProduct({ name: 'Plenty', avaliableItems: 11 }),
      makeProduct({ name: 'Few', avaliableItems: 3 }),
      makeProduct({ name: 'None', avaliableItems: 0 }),
    ]);
    renderAdmin('/dashboard/manage');
    const table = await screen.findByRole('table');
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(within(row('Plenty')).getByText('11')).toHaveAttribute('data-tone', 'success');
    expect(within(row('Few')).getByText('3')).toHaveAttribute('data-tone', 'warning');
    expect(within(row('None')).getByText('0')).toHaveAttribute('data-tone', 'danger');
    for (const column of [
      m.colProduct,
      m.colCategory,
      m.colPrice,
      m.colDiscount,
      m.colFinalPrice,
      m.colStock,
    ]) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
  });

  it('asks for 10 a page, searches on the server, and pages with "Showing page x of y"', async () => {
    const { calls } = serve(() => [makeProduct({ name: 'Linen Dress' })], { totalPages: 3 });
    renderAdmin('/dashboard/manage');
    expect(await screen.findByText(format(m.showingPage, { x: 1, y: 3 }))).toBeInTheDocument();
    expect(productRequests(calls)[0]!.url.searchParams.get('limit')).toBe('10');
    expect(screen.getByRole('button', { name: m.previous })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: m.next }));
    expect(await screen.findByText(format(m.showingPage, { x: 2, y: 3 }))).toBeInTheDocument();
    expect(productRequests(calls).at(-1)!.url.searchParams.get('page')).toBe('2');

    await userEvent.type(screen.getByRole('searchbox', { name: m.searchProducts }), '  linen ');
    await userEvent.click(screen.getByRole('button', { name: m.search }));
    await waitFor(() => expect(productRequests(calls).at(-1)!.url.searchParams.get('search')).toBe('linen'));
    expect(productRequests(calls).at(-1)!.url.searchParams.get('page')).toBe('1');
  });

  it('filters by category with a badge, and says "Filters applied" and "Filters cleared"', async () => {
    const { calls } = serve(() => [makeProduct()]);
    renderAdmin('/dashboard/manage');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: m.filters }));
    const select = screen.getByRole('combobox', { name: m.category });
    expect(within(select).getByRole('option', { name: m.allCategories })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'Girls');
    await userEvent.click(screen.getByRole('button', { name: m.applyFilters }));
    expect(await screen.findByText(m.filtersApplied)).toBeInTheDocument();
    expect(screen.getByText(format(m.categoryBadge, { name: 'Girls' }))).toBeInTheDocument();
    await waitFor(() =>
      expect(productRequests(calls).at(-1)!.url.searchParams.get('category')).toBe('cat-girls'),
    );

    await userEvent.click(screen.getByRole('button', { name: m.clearFilters }));
    expect(await screen.findByText(m.filtersCleared)).toBeInTheDocument();
    expect(screen.queryByText(format(m.categoryBadge, { name: 'Girls' }))).not.toBeInTheDocument();
    await waitFor(() => expect(productRequests(calls).at(-1)!.url.searchParams.has('category')).toBe(false));
  });

  it('deletes only after the browser confirmation, then says so and reloads', async () => {
    const scarf = makeProduct({ name: 'Old Scarf' });
    let products = [scarf];
    const { calls } = serve(() => products, {
      onDelete: () => {
        products = [];
        return { body: { success: true, message: m.productDeleted } };
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderAdmin('/dashboard/manage');
    const table = await screen.findByRole('table');
    await userEvent.click(
      within(table).getByRole('button', { name: format(m.deleteNamed, { name: 'Old Scarf' }) }),
    );
    expect(confirm).toHaveBeenCalledWith(m.confirmDeleteProduct);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(
      within(table).getByRole('button', { name: format(m.deleteNamed, { name: 'Old Scarf' }) }),
    );
    expect(await screen.findByText(m.productDeleted)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')!.url.pathname).toBe(`/api/product/${scarf._id}`);
    expect(await screen.findByText(m.noProductsFound)).toBeInTheDocument();
  });

  it('shows the server message for a refused delete and "Error deleting product" when the server is out of reach', async () => {
    serve(() => [makeProduct({ name: 'Kept' })], {
      onDelete: () => ({ status: 404, body: { success: false, message: 'Product not found' } }),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdmin('/dashboard/manage');
    const table = await screen.findByRole('table');
    const deleteButton = within(table).getByRole('button', { name: format(m.deleteNamed, { name: 'Kept' }) });
    await userEvent.click(deleteButton);
    expect(await screen.findByText('Product not found')).toBeInTheDocument();

    clearToasts();
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', failing);
    await userEvent.click(deleteButton);
    expect(await screen.findByText(m.errorDeletingProduct)).toBeInTheDocument();
  });

  it('shows "No Products Found" with add, clear and dashboard actions', async () => {
    serve(() => []);
    renderAdmin('/dashboard/manage');
    expect(await screen.findByRole('heading', { name: m.noProductsFound })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: m.addProduct }).at(-1)).toHaveAttribute(
      'href',
      '/dashboard/manage/create',
    );
    expect(screen.getByRole('button', { name: m.clearFilters })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.returnToDashboard })).toHaveAttribute('href', '/dashboard');
  });

  it('says "Failed to fetch products" for an unsuccessful answer and "Error fetching products" for no answer', async () => {
    mockFetch((call) =>
      call.url.pathname === '/api/product'
        ? { body: { success: false } }
        : { body: { success: true, categories: [], page: 1, totalPages: 1, totalCount: 0 } },
    );
    const first = renderAdmin('/dashboard/manage');
    expect(await screen.findByText(m.failedToFetchProducts)).toBeInTheDocument();

    first.unmount();
    clearToasts();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderAdmin('/dashboard/manage');
    expect(await screen.findByText(m.errorFetchingProducts)).toBeInTheDocument();
  });
});

describe('admin product list, sizes and low stock', () => {
  const v = messages.adminVariants;

  it("shows a product's stock as the total of its variants", async () => {
    serve(() => [
      makeProduct({ name: 'Layla Dress', avaliableItems: 9, options: [{ name: 'Size', values: ['M'] }] }),
    ]);
    renderAdmin('/dashboard/manage');
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Layla Dress/ });
    expect(row).toHaveTextContent('9');
    expect(within(row).getByText(v.stockTotal)).toBeInTheDocument();
  });

  it("lists the variants and products at or under the shop's threshold, then under the one typed", async () => {
    const dress = makeProduct({ name: 'Layla Dress' });
    const { calls } = mockFetch((call) => {
      if (call.method === 'GET' && call.url.pathname === '/api/dashboard/low-stock') {
        const threshold = Number(call.url.searchParams.get('threshold') ?? 3);
        const items = [
          {
            productId: dress._id,
            variantId: '10000000-0000-4000-8000-000000000001',
            name: 'Layla Dress',
            slug: 'layla-dress',
            sku: 'LD-M-NAVY',
            options: { Size: 'M', Color: 'Navy' },
            avaliableItems: 0,
          },
          {
            productId: 'p-scarf',
            variantId: null,
            name: 'Silk Scarf',
            slug: 'silk-scarf',
            sku: null,
            options: null,
            avaliableItems: 2,
          },
        ].filter((item) => item.avaliableItems <= threshold);
        return { body: { success: true, threshold, items } };
      }
      if (call.method === 'GET' && call.url.pathname === '/api/product') {
        return {
          body: { success: true, products: [dress], page: 1, totalPages: 1, totalCount: 1, maxPrice: 0 },
        };
      }
      if (call.method === 'GET' && call.url.pathname === '/api/category') {
        return { body: { success: true, categories: [], page: 1, totalPages: 1, totalCount: 0 } };
      }
      return undefined;
    });
    renderAdmin('/dashboard/manage');
    const toggle = await screen.findByRole('button', { name: v.lowStock });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const panel = await screen.findByRole('region', { name: format(v.lowStockTitle, { n: 3 }) });
    expect(await within(panel).findByText('Size: M · Color: Navy')).toBeInTheDocument();
    expect(within(panel).getByText('SKU LD-M-NAVY')).toBeInTheDocument();
    expect(within(panel).getByText('Silk Scarf')).toBeInTheDocument();
    expect(
      within(panel).getByRole('link', { name: format(m.editNamed, { name: 'Layla Dress' }) }),
    ).toHaveAttribute('href', `/dashboard/manage/edit/${dress._id}`);

    await userEvent.type(within(panel).getByLabelText(v.lowStockThreshold), '1');
    await waitFor(() => expect(within(panel).queryByText('Silk Scarf')).not.toBeInTheDocument());
    expect(within(panel).getByText('Layla Dress')).toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.url.pathname === '/api/dashboard/low-stock')
        .map((call) => call.url.searchParams.get('threshold')),
    ).toEqual([null, '1']);
  });
});
