import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/shared/messages';
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

    await userEvent.type(screen.getByLabelText(/^Category Name/), 'Scarves');
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect((await screen.findAllByText(m.uploadCategoryImage)).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.upload(screen.getByLabelText(/^Category Image/), png);
    expect(screen.getByRole('img', { name: m.categoryImagePreview })).toHaveAttribute('src', 'blob:category');
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByText(m.categoryCreated)).toBeInTheDocument();
    const form = calls.find((call) => call.method === 'POST')!.body as FormData;
    expect(form.get('name')).toBe('Scarves');
    expect((form.get('category') as File).name).toBe('women.png');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage_category'));
  });

  it('edits without a new image, and shows the server message when the name is taken', async () => {
    const women = makeCategory({ _id: 'cat-women', name: 'Women' });
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
    const name = await screen.findByLabelText(/^Category Name/);
    await waitFor(() => expect(name).toHaveValue('Women'));
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
  });

  it('says "Failed to save category" when the server cannot be reached', async () => {
    mockFetch(() => undefined);
    renderAdmin('/dashboard/manage_category/new');
    await userEvent.type(await screen.findByLabelText(/^Category Name/), 'Scarves');
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
