import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { SIZE_GUIDE_CELL_MAX } from '@/shared/schemas/variants';
import { clearToasts, makeCategory, mockFetch } from '@/web/lib/testing';
import { renderAdmin } from './testing';

const m = messages.admin;
const png = new File([new Uint8Array([137, 80, 78, 71])], 'women.png', { type: 'image/png' });
const emptyList = { body: { success: true, categories: [], page: 1, totalPages: 1, totalCount: 0 } };

beforeEach(() => {
  clearToasts();
  URL.createObjectURL = vi.fn(() => 'blob:category');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('admin category form', () => {
  it('asks for a name, then for an image, then creates with the picture under "category"', async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') return { status: 201, body: { success: true, message: m.categoryCreated } };
      if (call.url.pathname === '/api/category') return emptyList;
      return undefined;
    });
    const { router } = renderAdmin('/dashboard/manage_category/new');
    expect(await screen.findByRole('heading', { name: m.createCategory })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect((await screen.findAllByText(m.enterCategoryName)).length).toBeGreaterThan(0);

    await userEvent.type(screen.getByLabelText(`${m.categoryName} *`), 'Scarves');
    await userEvent.type(screen.getByLabelText(m.categoryNameAr), 'إيشاربات');
    await userEvent.type(screen.getByLabelText(m.categoryDescription), 'Silk and cotton scarves.');
    await userEvent.type(screen.getByLabelText(m.categoryDescriptionAr), 'إيشاربات حرير وقطن.');
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect((await screen.findAllByText(m.uploadCategoryImage)).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.upload(screen.getByLabelText(/^Category Image/), png);
    expect(screen.getByRole('img', { name: m.categoryImagePreview })).toHaveAttribute('src', 'blob:category');
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByText(m.categoryCreated)).toBeInTheDocument();
    const form = calls.find((call) => call.method === 'POST')!.body as FormData;
    expect(form.get('name')).toBe('Scarves');
    expect(form.get('nameAr')).toBe('إيشاربات');
    expect(form.get('description')).toBe('Silk and cotton scarves.');
    expect(form.get('descriptionAr')).toBe('إيشاربات حرير وقطن.');
    expect((form.get('category') as File).name).toBe('women.png');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage_category'));
  });

  it('says a name that is too long beside the field, in English', async () => {
    const { calls } = mockFetch((call) => (call.url.pathname === '/api/category' ? emptyList : undefined));
    renderAdmin('/dashboard/manage_category/new');
    await userEvent.type(await screen.findByLabelText(`${m.categoryName} *`), 'x'.repeat(61));
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    const tooLong = 'Category name must be at most 60 characters';
    expect((await screen.findAllByText(tooLong)).length).toBeGreaterThan(1);
    expect(screen.getByLabelText(`${m.categoryName} *`)).toHaveAccessibleDescription(tooLong);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('edits without a new image, and shows the server message when the name is taken', async () => {
    const women = makeCategory({
      _id: 'cat-women',
      name: 'Women',
      description: 'For her.',
      descriptionAr: 'لها.',
    });
    let taken = true;
    const { calls } = mockFetch((call) => {
      if (call.method === 'GET' && call.url.pathname === '/api/category/cat-women') {
        return { body: { success: true, category: women } };
      }
      if (call.method === 'PATCH') {
        return taken
          ? { status: 409, body: { success: false, message: 'A category named "Girls" already exists' } }
          : { body: { success: true, message: m.categoryUpdated } };
      }
      if (call.url.pathname === '/api/category') return emptyList;
      return undefined;
    });
    renderAdmin('/dashboard/manage_category/edit/cat-women');
    const name = await screen.findByLabelText(`${m.categoryName} *`);
    await waitFor(() => expect(name).toHaveValue('Women'));
    expect(screen.getByLabelText(m.categoryDescription)).toHaveValue('For her.');
    expect(screen.getByLabelText(m.categoryDescriptionAr)).toHaveValue('لها.');
    expect(screen.getByRole('img', { name: m.categoryImagePreview })).toHaveAttribute(
      'src',
      women.image!.url,
    );
    await userEvent.clear(name);
    await userEvent.type(name, 'Girls');
    await userEvent.click(screen.getByRole('button', { name: m.update }));
    expect(await screen.findByText('A category named "Girls" already exists')).toBeInTheDocument();

    taken = false;
    await userEvent.click(screen.getByRole('button', { name: m.update }));
    expect(await screen.findByText(m.categoryUpdated)).toBeInTheDocument();
    const patch = calls.filter((call) => call.method === 'PATCH').at(-1)!;
    expect(patch.url.pathname).toBe('/api/category/cat-women');
    expect((patch.body as FormData).has('category')).toBe(false);
    expect((patch.body as FormData).get('description')).toBe('For her.');
    expect((patch.body as FormData).get('descriptionAr')).toBe('لها.');
  });

  it('says a description that is too long beside the field, and sends nothing (issue 35)', async () => {
    const { calls } = mockFetch((call) => (call.url.pathname === '/api/category' ? emptyList : undefined));
    renderAdmin('/dashboard/manage_category/new');
    await userEvent.type(await screen.findByLabelText(`${m.categoryName} *`), 'Scarves');
    const field = screen.getByLabelText(m.categoryDescriptionAr);
    await userEvent.click(field);
    await userEvent.paste('ح'.repeat(501));
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    const tooLong = 'The Arabic category description must be at most 500 characters';
    expect((await screen.findAllByText(tooLong)).length).toBeGreaterThan(1);
    expect(field).toHaveAccessibleDescription(tooLong);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says "Failed to save category" when the server cannot be reached', async () => {
    mockFetch(() => undefined);
    renderAdmin('/dashboard/manage_category/new');
    await userEvent.type(await screen.findByLabelText(`${m.categoryName} *`), 'Scarves');
    await userEvent.upload(screen.getByLabelText(/^Category Image/), png);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByText(m.failedToSaveCategory)).toBeInTheDocument();
  });

  it('says "Failed to load category" and goes to /categories when the category cannot be read', async () => {
    mockFetch(() => ({ status: 404, body: { success: false, message: 'Category not found' } }));
    const { router } = renderAdmin('/dashboard/manage_category/edit/missing');
    expect(await screen.findByText(m.failedToLoadCategory)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/categories'));
  });
});

describe('admin category form, size guide', { timeout: 20_000 }, () => {
  const v = messages.adminVariants;

  function serveCategory(category: ReturnType<typeof makeCategory>) {
    return mockFetch((call) => {
      if (call.method === 'GET' && call.url.pathname === `/api/category/${category._id}`) {
        return { body: { success: true, category } };
      }
      if (call.method === 'PATCH') return { body: { success: true, message: m.categoryUpdated } };
      if (call.url.pathname === '/api/category') return emptyList;
      return undefined;
    });
  }
  const sentGuide = (calls: { method: string; body: unknown }[]) =>
    (calls.find((call) => call.method === 'PATCH')!.body as FormData).get('sizeGuide');

  it('builds a chart of headings and rows, adding and removing rows and columns, and sends it as JSON', async () => {
    const { calls } = serveCategory(makeCategory({ _id: 'cat-women', name: 'Women' }));
    renderAdmin('/dashboard/manage_category/edit/cat-women');
    await userEvent.click(await screen.findByRole('button', { name: v.addSizeGuide }));
    expect(screen.getByLabelText('Column 1 heading')).toHaveValue('Size');
    await userEvent.type(screen.getByLabelText('Column 2 heading'), 'Bust (cm)');
    // Each heading has its Arabic (issue 35); one left empty is said as written.
    await userEvent.type(screen.getByLabelText('Column 1 heading in Arabic'), 'المقاس');
    await userEvent.click(screen.getByRole('button', { name: v.addColumn }));
    await userEvent.type(screen.getByLabelText('Column 3 heading in Arabic'), 'الورك');
    await userEvent.type(screen.getByLabelText('Column 3 heading'), 'Hip');
    await userEvent.type(screen.getByLabelText('Row 1, Size'), 'S');
    await userEvent.type(screen.getByLabelText('Row 1, Bust (cm)'), '82-86');
    await userEvent.click(screen.getByRole('button', { name: v.addRow }));
    await userEvent.type(screen.getByLabelText('Row 2, Size'), 'M');
    await userEvent.type(screen.getByLabelText('Row 2, Bust (cm)'), '87-91');
    await userEvent.click(screen.getByRole('button', { name: v.addRow }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove row 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove column 3' }));

    await userEvent.click(screen.getByRole('button', { name: m.update }));
    expect(await screen.findByText(m.categoryUpdated)).toBeInTheDocument();
    expect(JSON.parse(sentGuide(calls) as string)).toEqual({
      columns: ['Size', 'Bust (cm)'],
      columnsAr: ['المقاس', ''],
      rows: [
        ['S', '82-86'],
        ['M', '87-91'],
      ],
    });
  });

  it('loads the chart a category has, and removing it sends an empty field', async () => {
    const { calls } = serveCategory(
      makeCategory({
        _id: 'cat-women',
        name: 'Women',
        sizeGuide: { columns: ['Size', 'Age'], rows: [['2Y', '2']] },
      }),
    );
    renderAdmin('/dashboard/manage_category/edit/cat-women');
    expect(await screen.findByLabelText('Row 1, Age')).toHaveValue('2');
    await userEvent.click(screen.getByRole('button', { name: v.removeSizeGuide }));
    expect(screen.getByRole('button', { name: v.addSizeGuide })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: m.update }));
    expect(await screen.findByText(m.categoryUpdated)).toBeInTheDocument();
    expect(sentGuide(calls)).toBe('');
  });

  it('leaves the field out for a category that has no chart and gets none, and refuses a cell that is too long', async () => {
    const { calls } = serveCategory(makeCategory({ _id: 'cat-women', name: 'Women' }));
    renderAdmin('/dashboard/manage_category/edit/cat-women');
    await userEvent.click(await screen.findByRole('button', { name: v.addSizeGuide }));
    await userEvent.type(screen.getByLabelText('Row 1, Size'), 'x'.repeat(SIZE_GUIDE_CELL_MAX + 1));
    await userEvent.click(screen.getByRole('button', { name: m.update }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      format(m.sizeGuideCellTooLong, { max: SIZE_GUIDE_CELL_MAX }),
    );
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: v.removeSizeGuide }));
    await userEvent.click(screen.getByRole('button', { name: m.update }));
    expect(await screen.findByText(m.categoryUpdated)).toBeInTheDocument();
    expect((calls.find((call) => call.method === 'PATCH')!.body as FormData).has('sizeGuide')).toBe(false);
  });
});
