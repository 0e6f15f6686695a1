import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import type { ProductDto } from '@/shared/schemas/product';
import { clearToasts, makeProduct, mockFetch } from '@/web/lib/testing';
import { renderAdmin } from './testing';

const m = messages.admin;

function serve(
  recent: ProductDto[],
  all: ProductDto[],
  totalProducts = all.length,
  backupLink?: { status?: number; body: unknown },
) {
  return mockFetch((call) => {
    if (call.url.pathname === '/api/admin/backup/link') return backupLink;
    if (call.url.pathname === '/api/dashboard/stats') {
      return {
        body: {
          success: true,
          totalProducts,
          totalCategories: 7,
          totalOrders: 3,
          ordersByStatus: { pending: 1, confirmed: 1, completed: 1, cancelled: 0 },
          revenue: 1250.5,
          revenueCounts: { label: m.revenueCounts, statuses: ['confirmed', 'completed'] },
          today: { orders: 2, total: 340 },
          pendingOrders: 1,
          proofsToCheck: 3,
          cashWithCouriers: { amount: 0, orders: 0 },
          ordersByDelivery: { notShipped: 3, shipped: 0, delivered: 0, refused: 0, returned: 0 },
          recentProducts: recent,
        },
      };
    }
    if (call.url.pathname === '/api/dashboard/low-stock') {
      return {
        body: {
          success: true,
          threshold: 3,
          items: [
            {
              productId: 'p-dress',
              variantId: 'v-dress-m',
              name: 'Linen Dress',
              slug: 'linen-dress',
              sku: 'LD-M',
              options: { Size: 'M', Color: 'Rose' },
              avaliableItems: 0,
            },
            {
              productId: 'p-hat',
              variantId: null,
              name: 'Straw Hat',
              slug: 'straw-hat',
              sku: null,
              options: null,
              avaliableItems: 2,
            },
          ],
        },
      };
    }
    if (call.url.pathname === '/api/product') {
      return {
        body: { success: true, products: all, page: 1, totalPages: 1, totalCount: all.length, maxPrice: 0 },
      };
    }
    return undefined;
  });
}

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('admin dashboard', () => {
  it('shows the figures, relative shortcuts and the 5 recent products, then toggles to all with "x of total"', async () => {
    const all = Array.from({ length: 8 }, (_, index) => makeProduct({ name: `Piece ${index + 1}` }));
    const { calls } = serve(all.slice(0, 5), all);
    renderAdmin('/dashboard');

    expect(await screen.findByRole('heading', { name: m.dashboardTitle })).toBeInTheDocument();
    expect(screen.getByText(format(m.welcome, { name: 'Amira' }))).toBeInTheDocument();
    const shortcuts = screen.getByRole('navigation', { name: m.dashboardTitle });
    expect(within(shortcuts).getByRole('link', { name: m.manageProducts })).toHaveAttribute(
      'href',
      '/dashboard/manage',
    );
    expect(within(shortcuts).getByRole('link', { name: m.manageCategories })).toHaveAttribute(
      'href',
      '/dashboard/manage_category',
    );
    expect(within(shortcuts).getByRole('link', { name: m.manageOrders })).toHaveAttribute(
      'href',
      '/dashboard/manage_orders',
    );
    expect(await screen.findByText(m.totalProducts)).toBeInTheDocument();
    expect(screen.getByText('1,250.50 EGP')).toBeInTheDocument();
    expect(screen.getByText(format(m.xOfTotal, { x: 5, total: 8 }))).toBeInTheDocument();
    expect(
      screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('Piece')),
    ).toHaveLength(5);
    expect(calls.some((call) => call.url.pathname === '/api/product')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: m.viewAllProducts }));
    expect(await screen.findByText(format(m.xOfTotal, { x: 8, total: 8 }))).toBeInTheDocument();
    expect(screen.getByText('Piece 8')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: m.showRecentOnly }));
    expect(screen.getByText(format(m.xOfTotal, { x: 5, total: 8 }))).toBeInTheDocument();
    expect(screen.queryByText('Piece 8')).not.toBeInTheDocument();
  });

  it("leads from today's orders, pending orders and proofs to check to those orders, and says what revenue counts", async () => {
    serve([makeProduct()], [makeProduct()]);
    renderAdmin('/dashboard');
    const today = await screen.findByRole('link', { name: /Today's orders/ });
    expect(today).toHaveAttribute('href', '/dashboard/manage_orders?date=today');
    expect(today).toHaveTextContent(format(m.todayTotal, { total: '340 EGP' }));
    expect(screen.getByRole('link', { name: `${m.pendingOrders} 1` })).toHaveAttribute(
      'href',
      '/dashboard/manage_orders?status=pending',
    );
    expect(screen.getByRole('link', { name: `${m.proofsToCheck} 3` })).toHaveAttribute(
      'href',
      '/dashboard/manage_orders?proof=toCheck',
    );
    expect(screen.getByText('Confirmed and delivered orders')).toBeInTheDocument();
    const byStatus = screen.getByRole('region', { name: m.ordersByStatus });
    expect(within(byStatus).getByRole('link', { name: 'Delivered: 1 order' })).toHaveAttribute(
      'href',
      '/dashboard/manage_orders?status=completed',
    );
  });

  it('lists what is running low, each leading to its product', async () => {
    serve([makeProduct()], [makeProduct()]);
    renderAdmin('/dashboard');
    const low = await screen.findByRole('region', { name: m.lowStock });
    expect(within(low).getByText(format(m.lowStockIntro, { threshold: 3 }))).toBeInTheDocument();
    const items = within(low).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Linen DressM · Rose · LD-M0 left',
      'Straw Hat2 left',
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/dashboard/manage/edit/p-dress');
  });

  it('keeps the list in a scroll box of at most 500 px', async () => {
    serve([makeProduct()], [makeProduct()]);
    renderAdmin('/dashboard');
    const item = await screen.findByText(/^Piece/);
    expect(item.closest('ul')).toHaveClass('max-h-[500px]', 'overflow-y-auto');
  });

  it('says "No Products Available" with an "Add Product" link for an empty shop', async () => {
    serve([], [], 0);
    renderAdmin('/dashboard');
    expect(await screen.findByText(m.noProductsAvailable)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.addProduct })).toHaveAttribute(
      'href',
      '/dashboard/manage/create',
    );
  });

  describe('Download backup', () => {
    const serveWithBackup = (answer: { status?: number; body: unknown }) => serve([], [], 0, answer);

    it('asks for a link with the session and lets the browser download it as a file', async () => {
      const url = '/api/admin/backup?expires=1893456000&signature=' + 'a'.repeat(43);
      const { calls } = serveWithBackup({ body: { success: true, url } });
      const downloads: Array<{ href: string; download: string }> = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        downloads.push({ href: this.getAttribute('href') ?? '', download: this.download });
      });
      renderAdmin('/dashboard');
      const backups = await screen.findByRole('region', { name: m.backupsTitle });
      expect(within(backups).getByText(m.backupsIntro)).toBeInTheDocument();
      // What the file holds, said beside its button: whoever has it can sign in as anyone (issue 35).
      expect(within(backups).getByText(m.backupSecrets)).toBeInTheDocument();
      expect(m.backupSecrets).toMatch(/password hash.*session secret/);
      await userEvent.click(within(backups).getByRole('button', { name: m.downloadBackup }));
      expect(await screen.findByText(m.backupStarting)).toBeInTheDocument();
      expect(downloads).toEqual([{ href: url, download: '' }]);
      const asked = calls.find((call) => call.url.pathname === '/api/admin/backup/link')!;
      expect(asked.method).toBe('POST');
      expect(asked.headers.get('token')).toBeTruthy();
      click.mockRestore();
    });

    it("says the server's refusal, and nothing is downloaded", async () => {
      serveWithBackup({ status: 403, body: { success: false, message: 'Only admins can do this' } });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
      renderAdmin('/dashboard');
      await userEvent.click(await screen.findByRole('button', { name: m.downloadBackup }));
      expect(await screen.findByText('Only admins can do this')).toBeInTheDocument();
      expect(click).not.toHaveBeenCalled();
      click.mockRestore();
    });
  });
});
