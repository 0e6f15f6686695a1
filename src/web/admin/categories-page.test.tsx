import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import type { CategoryDto } from '@/shared/schemas/category';
import { clearToasts, makeCategory, mockFetch, type RecordedCall } from '@/web/lib/testing';
import { renderAdmin } from './testing';

const m = messages.admin;

function serve(
  categories: () => CategoryDto[],
  {
    totalPages = 1,
    onDelete,
    onMove,
  }: {
    totalPages?: number;
    onDelete?: () => { status?: number; body?: unknown };
    onMove?: (call: RecordedCall) => { status?: number; body?: unknown };
  } = {},
) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/category') {
      return {
        body: {
          success: true,
          categories: categories(),
          page: Number(call.url.searchParams.get('page') ?? 1),
          totalPages,
          totalCount: categories().length,
        },
      };
    }
    if (call.method === 'DELETE') return onDelete?.();
    if (call.method === 'POST' && call.url.pathname.endsWith('/move')) return onMove?.(call);
    return undefined;
  });
}

const categoryRequests = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.pathname === '/api/category');

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('admin category list', () => {
  it('shows cards with image or "No image", name and slug, and no pager for one page', async () => {
    serve(() => [
      makeCategory({ name: 'Women', slug: 'women' }),
      makeCategory({ name: 'Boys', slug: 'boys', image: { url: '' } }),
    ]);
    renderAdmin('/dashboard/manage_category');
    expect(await screen.findByRole('heading', { name: 'Women' })).toBeInTheDocument();
    expect(screen.getByText('women')).toBeInTheDocument();
    expect(screen.getByText(m.noImage)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: format(m.editNamed, { name: 'Boys' }) })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/dashboard\/manage_category\/edit\//),
    );
    expect(screen.queryByText(/^Page \d+ of/)).not.toBeInTheDocument();
  });

  it('pages with "Page x of y" when there is more than one page, and searches by name on the server', async () => {
    const { calls } = serve(() => [makeCategory()], { totalPages: 2 });
    renderAdmin('/dashboard/manage_category');
    expect(await screen.findByText(format(m.pageXofY, { x: 1, y: 2 }))).toBeInTheDocument();
    expect(categoryRequests(calls)[0]!.url.searchParams.get('limit')).toBe('10');
    await userEvent.click(screen.getByRole('button', { name: m.next }));
    expect(await screen.findByText(format(m.pageXofY, { x: 2, y: 2 }))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.prev })).toBeEnabled();

    await userEvent.type(screen.getByRole('searchbox', { name: m.searchCategories }), 'gir');
    await waitFor(() => expect(categoryRequests(calls).at(-1)!.url.searchParams.get('search')).toBe('gir'));
    expect(categoryRequests(calls).at(-1)!.url.searchParams.get('page')).toBe('1');
  });

  it('asks in an accessible dialog before deleting, and cancelling sends nothing', async () => {
    let categories = [makeCategory({ name: 'Women' })];
    const { calls } = serve(() => categories, {
      onDelete: () => {
        categories = [];
        return { body: { success: true, message: m.categoryDeleted } };
      },
    });
    renderAdmin('/dashboard/manage_category');
    const deleteButton = await screen.findByRole('button', {
      name: format(m.deleteNamed, { name: 'Women' }),
    });
    await userEvent.click(deleteButton);
    const dialog = screen.getByRole('dialog', { name: m.deleteCategory });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(format(m.confirmDeleteCategory, { name: 'Women' }));
    expect(within(dialog).getByRole('button', { name: m.cancel })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(deleteButton);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: m.delete }));
    expect(await screen.findByText(m.categoryDeleted)).toBeInTheDocument();
    expect(await screen.findByText(m.noCategoriesFound)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the 409 answer of a category that still has products, and "Error deleting category" offline', async () => {
    const refusal = format(m.categoryHasProducts, { n: 3 });
    serve(() => [makeCategory({ name: 'Women' })], {
      onDelete: () => ({ status: 409, body: { success: false, message: refusal } }),
    });
    renderAdmin('/dashboard/manage_category');
    await userEvent.click(
      await screen.findByRole('button', { name: format(m.deleteNamed, { name: 'Women' }) }),
    );
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: m.delete }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();

    clearToasts();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: format(m.deleteNamed, { name: 'Women' }) }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: m.delete }));
    expect(await screen.findByText(m.errorDeletingCategory)).toBeInTheDocument();
  });

  it('says "No categories found" for an empty answer', async () => {
    serve(() => []);
    renderAdmin('/dashboard/manage_category');
    expect(await screen.findByText(m.noCategoriesFound)).toBeInTheDocument();
  });

  it('moves a category up or down with named buttons (issue 16), the first not up, the last not down', async () => {
    let categories = [
      makeCategory({ _id: 'women', name: 'Women' }),
      makeCategory({ _id: 'girls', name: 'Girls' }),
      makeCategory({ _id: 'boys', name: 'Boys' }),
    ];
    const { calls } = serve(() => categories, {
      onMove: (call) => {
        const [first, second, third] = categories as [CategoryDto, CategoryDto, CategoryDto];
        categories = [first, third, second];
        expect(call.url.pathname).toBe('/api/category/boys/move');
        return { body: { success: true, message: m.categoryMoved } };
      },
    });
    renderAdmin('/dashboard/manage_category');
    const up = (name: string) => screen.getByRole('button', { name: format(m.moveCategoryUp, { name }) });
    const down = (name: string) => screen.getByRole('button', { name: format(m.moveCategoryDown, { name }) });
    expect(await screen.findByRole('heading', { name: 'Boys' })).toBeInTheDocument();
    expect(up('Women')).toBeDisabled();
    expect(down('Women')).toBeEnabled();
    expect(down('Boys')).toBeDisabled();

    await userEvent.click(up('Boys'));
    expect(await screen.findByText(m.categoryMoved)).toBeInTheDocument();
    const move = calls.find((call) => call.method === 'POST');
    expect(move?.body).toEqual({ direction: 'up' });
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
        'Women',
        'Boys',
        'Girls',
      ]),
    );
    await waitFor(() => expect(up('Boys')).toHaveFocus());
    expect(down('Girls')).toBeDisabled();
  });

  it("shows a refused move in the server's words, and offers no moves while searching", async () => {
    serve(() => [makeCategory({ name: 'Women' }), makeCategory({ name: 'Girls' })], {
      onMove: () => ({ status: 404, body: { success: false, message: 'Category not found' } }),
    });
    renderAdmin('/dashboard/manage_category');
    await userEvent.click(
      await screen.findByRole('button', { name: format(m.moveCategoryDown, { name: 'Women' }) }),
    );
    expect(await screen.findByText('Category not found')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: m.searchCategories }), 'wo');
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: format(m.moveCategoryDown, { name: 'Women' }) }),
      ).not.toBeInTheDocument(),
    );
  });
});
