import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { clearToasts, makeCategory, makeProduct, mockFetch, type RecordedCall } from '@/web/lib/testing';
import { renderAdmin } from './testing';

const m = messages.admin;

const categories = {
  success: true,
  categories: [makeCategory({ _id: 'cat-girls', name: 'Girls' })],
  page: 1,
  totalPages: 1,
  totalCount: 1,
};
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

function serve(onWrite: (call: RecordedCall) => { status?: number; body?: unknown } | undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/category') return { body: categories };
    if (call.method === 'GET' && call.url.pathname === '/api/product') {
      return { body: { success: true, products: [], page: 1, totalPages: 1, totalCount: 0, maxPrice: 0 } };
    }
    return onWrite(call);
  });
}

async function fillRequired() {
  await userEvent.type(screen.getByLabelText(`${m.name} *`), 'Rose Scarf');
  await userEvent.type(screen.getByLabelText(/^Price/), '250.5');
  await userEvent.type(screen.getByLabelText(/^Available Items/), '12');
  await screen.findByRole('option', { name: 'Girls' });
  await userEvent.selectOptions(screen.getByLabelText(/^Category/), 'Girls');
}

const writes = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' || call.method === 'PATCH');

beforeEach(() => {
  clearToasts();
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${(n += 1)}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

// Typing into every required field takes seconds when the machine's cores are shared, as the variants' tests do.
describe('admin product form, create mode', { timeout: 20_000 }, () => {
  it('asks for the required fields, then for the default image, and sends nothing until both are there', async () => {
    const { calls } = serve(() => undefined);
    renderAdmin('/dashboard/manage/create');
    expect(await screen.findByRole('heading', { name: m.createProduct })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect((await screen.findAllByText(m.fillRequired)).length).toBeGreaterThan(1);

    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect((await screen.findAllByText(m.uploadDefaultImage)).length).toBeGreaterThan(0);
    expect(writes(calls)).toHaveLength(0);
  });

  it('refuses a file that is not an image', async () => {
    serve(() => undefined);
    renderAdmin('/dashboard/manage/create');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      await screen.findByLabelText(/^Default Image/),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText(messages.orders.imageFileRule)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: m.defaultImagePreview })).not.toBeInTheDocument();
  });

  it('sends the multipart form once, shows "Saving..." meanwhile, then "Product created successfully" and the list', async () => {
    let answer: (value: Response) => void = () => undefined;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') return new Promise<Response>((resolve) => (answer = resolve));
      const body =
        url.pathname === '/api/category'
          ? categories
          : { success: true, products: [], page: 1, totalPages: 1, totalCount: 0, maxPrice: 0 };
      return Response.json(body);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderAdmin('/dashboard/manage/create');
    await screen.findByRole('heading', { name: m.createProduct });
    await fillRequired();
    await userEvent.upload(screen.getByLabelText(/^Default Image/), png('front.png'));
    expect(screen.getByRole('img', { name: m.defaultImagePreview })).toHaveAttribute('src', 'blob:preview-1');
    await userEvent.upload(screen.getByLabelText(m.additionalImages), [png('back.png'), png('side.png')]);
    await userEvent.click(
      screen.getByRole('button', {
        name: format(m.removeNamed, { name: format(m.additionalImagePreview, { n: 2 }) }),
      }),
    );

    const submit = screen.getByRole('button', { name: m.create });
    await userEvent.click(submit);
    expect(await screen.findByRole('button', { name: m.saving })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: m.saving }));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    const form = posts[0]![1]!.body as FormData;
    expect(String(posts[0]![0])).toBe('/api/product');
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      name: 'Rose Scarf',
      nameAr: '',
      description: '',
      descriptionAr: '',
      price: '250.5',
      avaliableItems: '12',
      category: 'cat-girls',
    });
    expect(form.has('discount')).toBe(false);
    expect((form.get('defaultImage') as File).name).toBe('front.png');
    expect(form.getAll('subImages').map((file) => (file as File).name)).toEqual(['back.png']);

    answer(Response.json({ success: true, message: m.productCreated }, { status: 201 }));
    expect(await screen.findByText(m.productCreated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage'));
  });

  it('says the server message, "Operation failed" without one, and "Failed to save product" when unreachable', async () => {
    let mode: 'conflict' | 'silent' | 'offline' = 'conflict';
    serve((call) => {
      if (call.method !== 'POST') return undefined;
      if (mode === 'conflict') return { status: 409, body: { success: false, message: 'Name taken' } };
      return { status: 500, body: {} };
    });
    renderAdmin('/dashboard/manage/create');
    await screen.findByRole('heading', { name: m.createProduct });
    await fillRequired();
    await userEvent.type(screen.getByLabelText(m.discount), '15');
    await userEvent.upload(screen.getByLabelText(/^Default Image/), png('front.png'));
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByText('Name taken')).toBeInTheDocument();

    mode = 'silent';
    clearToasts();
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByText(m.operationFailed)).toBeInTheDocument();

    mode = 'offline';
    clearToasts();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByText(m.failedToSaveProduct)).toBeInTheDocument();
  });
});

describe('admin product form, edit mode', () => {
  it('loads the product, lets an existing sub-image go (removeSubImages), sends the discount and PATCHes', async () => {
    const product = makeProduct({
      name: 'Linen Dress',
      nameAr: 'فستان كتان',
      descriptionAr: 'فستان صيفي.',
      price: 900,
      discount: 10,
      finalPrice: 810,
      avaliableItems: 4,
      category: { _id: 'cat-girls', id: 'cat-girls', name: 'Girls', nameAr: '', slug: 'girls' },
      subImages: [{ url: '/uploads/a.webp' }, { url: '/uploads/b.webp' }],
    });
    const { calls, fetchMock } = mockFetch((call) => {
      if (call.method === 'GET' && call.url.pathname === '/api/category') return { body: categories };
      if (call.method === 'GET' && call.url.pathname === `/api/product/${product._id}`) {
        return { body: { success: true, product: { ...product, variants: [] } } };
      }
      if (call.method === 'GET' && call.url.pathname === '/api/product') {
        return {
          body: { success: true, products: [product], page: 1, totalPages: 1, totalCount: 1, maxPrice: 0 },
        };
      }
      if (call.method === 'PATCH') return { body: { success: true, message: m.productUpdated } };
      return undefined;
    });
    // The categories arrive after the product, as they may on a slow line: the select must still get its value.
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/category')) await new Promise((resolve) => setTimeout(resolve, 150));
      return answer(input, init);
    });
    const { router } = renderAdmin(`/dashboard/manage/edit/${product._id}`);
    expect(await screen.findByRole('heading', { name: m.editProduct })).toBeInTheDocument();
    expect(screen.getByLabelText(`${m.name} *`)).toHaveValue('Linen Dress');
    // The Arabic texts beside the English ones, written right to left; the owner clears the description.
    const nameAr = screen.getByLabelText(m.nameAr);
    expect(nameAr).toHaveValue('فستان كتان');
    expect(nameAr).toHaveAttribute('dir', 'rtl');
    expect(nameAr).toHaveAttribute('lang', 'ar');
    await userEvent.clear(screen.getByLabelText(m.descriptionAr));
    await userEvent.clear(nameAr);
    await userEvent.type(nameAr, 'فستان كتان صيفي');
    expect(screen.getByLabelText(m.discount)).toHaveValue(10);
    await waitFor(() => expect(screen.getByLabelText(/^Category/)).toHaveValue('cat-girls'));
    expect(screen.getByRole('img', { name: m.defaultImagePreview })).toHaveAttribute(
      'src',
      product.defaultImage.url,
    );

    await userEvent.click(
      screen.getByRole('button', {
        name: format(m.removeNamed, { name: format(m.additionalImagePreview, { n: 1 }) }),
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: m.update }));
    expect(await screen.findByText(m.productUpdated)).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url.pathname).toBe(`/api/product/${product._id}`);
    const form = patch.body as FormData;
    expect(form.getAll('removeSubImages')).toEqual(['/uploads/a.webp']);
    expect(form.get('discount')).toBe('10');
    expect(form.get('nameAr')).toBe('فستان كتان صيفي');
    expect(form.get('descriptionAr')).toBe('');
    expect(form.has('defaultImage')).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage'));
  });

  it('says "Failed to load product" and goes back to the list when the product cannot be read', async () => {
    mockFetch((call) => {
      if (call.url.pathname === '/api/category') return { body: categories };
      if (call.url.pathname === '/api/product') {
        return { body: { success: true, products: [], page: 1, totalPages: 1, totalCount: 0, maxPrice: 0 } };
      }
      return { status: 404, body: { success: false, message: 'Product not found' } };
    });
    const { router } = renderAdmin('/dashboard/manage/edit/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByText(m.failedToLoadProduct)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage'));
  });
});

// Typing options, values and a table of variants through user-event takes seconds on a busy machine.
describe('admin product form, sizes and colours', { timeout: 20_000 }, () => {
  const v = messages.adminVariants;
  const stringFields = (form: FormData) =>
    Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));

  it('adds options, generates the variant matrix, sets stock for all, and sends options and variants as JSON', async () => {
    const { calls } = serve((call) =>
      call.method === 'POST'
        ? { status: 201, body: { success: true, message: m.productCreated } }
        : undefined,
    );
    renderAdmin('/dashboard/manage/create');
    await screen.findByRole('heading', { name: m.createProduct });
    await fillRequired();
    await userEvent.upload(screen.getByLabelText(/^Default Image/), png('front.png'));

    await userEvent.click(screen.getByRole('button', { name: v.addOption }));
    await userEvent.type(screen.getByLabelText('Option 1 name'), 'Size');
    await userEvent.type(screen.getByLabelText('Option 1 values'), 'S, M');
    await userEvent.click(screen.getByRole('button', { name: v.addOption }));
    await userEvent.type(screen.getByLabelText('Option 2 name'), 'Color');
    await userEvent.type(screen.getByLabelText('Option 2 values'), 'Navy,Sand');
    // Each value has its Arabic field (issue 35); one left empty is said as written.
    await userEvent.type(screen.getByLabelText(/Navy\W* in Arabic/), 'كحلي');
    expect(screen.getByLabelText(/Sand\W* in Arabic/)).toHaveValue('');
    expect(screen.getByLabelText(/^\W*M\W* in Arabic/)).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText(v.generateFirst)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: v.generateVariants }));

    const rows = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(rows).toEqual(['S / Navy', 'S / Sand', 'M / Navy', 'M / Sand']);
    expect(screen.getByLabelText('SKU of M / Sand')).toHaveValue('ROSE-SCARF-M-SAND');

    await userEvent.type(screen.getByLabelText(v.setStockForAll), '5');
    await userEvent.click(screen.getByRole('button', { name: v.applyStockToAll }));
    await userEvent.clear(screen.getByLabelText('Stock of S / Sand'));
    await userEvent.type(screen.getByLabelText('Stock of S / Sand'), '0');
    await userEvent.type(screen.getByLabelText('Price of M / Navy'), '300');
    await userEvent.click(screen.getByRole('button', { name: 'Remove M / Sand' }));
    // A SKU the owner types is hers: only the suggested ones go as automatic (the server may suffix them).
    await userEvent.clear(screen.getByLabelText('SKU of S / Sand'));
    await userEvent.type(screen.getByLabelText('SKU of S / Sand'), 'RS-SAND-S');
    // The product's stock is the variants' sum, and cannot be typed over.
    expect(screen.getByLabelText(/^Available Items/)).toHaveValue(10);
    expect(screen.getByLabelText(/^Available Items/)).toHaveAttribute('readonly');
    expect(screen.getByText(format(v.stockFromVariants, { n: 10 }))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByText(m.productCreated)).toBeInTheDocument();
    const fields = stringFields(writes(calls)[0]!.body as FormData);
    expect(JSON.parse(fields.options as string)).toEqual([
      { name: 'Size', values: ['S', 'M'], valuesAr: ['', ''] },
      { name: 'Color', values: ['Navy', 'Sand'], valuesAr: ['كحلي', ''] },
    ]);
    expect(JSON.parse(fields.variants as string)).toEqual([
      {
        sku: 'ROSE-SCARF-S-NAVY',
        autoSku: true,
        options: { Size: 'S', Color: 'Navy' },
        avaliableItems: 5,
        price: null,
      },
      { sku: 'RS-SAND-S', options: { Size: 'S', Color: 'Sand' }, avaliableItems: 0, price: null },
      {
        sku: 'ROSE-SCARF-M-NAVY',
        autoSku: true,
        options: { Size: 'M', Color: 'Navy' },
        avaliableItems: 5,
        price: 300,
      },
    ]);
    expect(fields.avaliableItems).toBe('10');
  });

  it('shows the rule the variants break, with the shared message, and sends nothing', async () => {
    const { calls } = serve(() => undefined);
    renderAdmin('/dashboard/manage/create');
    await screen.findByRole('heading', { name: m.createProduct });
    await fillRequired();
    await userEvent.upload(screen.getByLabelText(/^Default Image/), png('front.png'));
    await userEvent.click(screen.getByRole('button', { name: v.addOption }));
    await userEvent.type(screen.getByLabelText('Option 1 name'), 'Size');
    await userEvent.type(screen.getByLabelText('Option 1 values'), 'S, M');
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.optionsNeedVariants);

    await userEvent.click(screen.getByRole('button', { name: v.generateVariants }));
    await userEvent.clear(screen.getByLabelText('SKU of M'));
    await userEvent.type(screen.getByLabelText('SKU of M'), 'rose-scarf-s');
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      format(m.duplicateSku, { sku: 'rose-scarf-s' }),
    );

    // A value added after the matrix was made is flagged until the matrix is made again.
    await userEvent.type(screen.getByLabelText('Option 1 values'), ', L');
    expect(screen.getByText(v.variantsOutOfDate)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: v.generateVariants }));
    expect(screen.queryByText(v.variantsOutOfDate)).not.toBeInTheDocument();
    expect(screen.getByLabelText('SKU of M')).toHaveValue('rose-scarf-s');
    expect(screen.getByLabelText('SKU of L')).toHaveValue('ROSE-SCARF-L');
    expect(writes(calls)).toHaveLength(0);
  });

  it("loads a product's variants with their ids and saves them with their ids", async () => {
    const product = makeProduct({
      name: 'Layla Dress',
      price: 900,
      avaliableItems: 7,
      category: { _id: 'cat-girls', id: 'cat-girls', name: 'Girls', nameAr: '', slug: 'girls' },
      options: [{ name: 'Size', values: ['M', 'L'], valuesAr: ['وسط', ''] }],
    });
    const variant = (size: string, stock: number, price: number) => ({
      _id: `10000000-0000-4000-8000-00000000000${size === 'M' ? 1 : 2}`,
      id: `10000000-0000-4000-8000-00000000000${size === 'M' ? 1 : 2}`,
      sku: `LD-${size}`,
      options: { Size: size },
      price,
      finalPrice: price,
      avaliableItems: stock,
      inStock: stock > 0,
    });
    const detail = {
      ...product,
      category: { ...product.category!, sizeGuide: null },
      variants: [variant('M', 3, 900), variant('L', 4, 950)],
    };
    const { calls } = mockFetch((call) => {
      if (call.method === 'GET' && call.url.pathname === '/api/category') return { body: categories };
      if (call.method === 'GET' && call.url.pathname === `/api/product/${product._id}`) {
        return { body: { success: true, product: detail } };
      }
      if (call.method === 'GET' && call.url.pathname === '/api/product') {
        return { body: { success: true, products: [], page: 1, totalPages: 1, totalCount: 0, maxPrice: 0 } };
      }
      if (call.method === 'PATCH') return { body: { success: true, message: m.productUpdated } };
      return undefined;
    });
    renderAdmin(`/dashboard/manage/edit/${product._id}`);
    await screen.findByRole('heading', { name: m.editProduct });
    expect(await screen.findByLabelText('Option 1 values')).toHaveValue('M, L');
    expect(screen.getByLabelText(/^\W*M\W* in Arabic/)).toHaveValue('وسط');
    expect(screen.getByLabelText(/^\W*L\W* in Arabic/)).toHaveValue('');
    expect(screen.getByLabelText('SKU of L')).toHaveValue('LD-L');
    // Only a price of its own shows; M sells at the product's.
    expect(screen.getByLabelText('Price of M')).toHaveValue(null);
    expect(screen.getByLabelText('Price of L')).toHaveValue(950);

    await userEvent.clear(screen.getByLabelText('Stock of M'));
    await userEvent.type(screen.getByLabelText('Stock of M'), '6');
    await userEvent.click(screen.getByRole('button', { name: m.update }));
    expect(await screen.findByText(m.productUpdated)).toBeInTheDocument();
    const first = stringFields(writes(calls)[0]!.body as FormData);
    expect(JSON.parse(first.variants as string)).toEqual([
      { id: detail.variants[0]!._id, sku: 'LD-M', options: { Size: 'M' }, avaliableItems: 6, price: null },
      { id: detail.variants[1]!._id, sku: 'LD-L', options: { Size: 'L' }, avaliableItems: 4, price: 950 },
    ]);
  });

  it('turns a product with sizes back into one stock figure by sending empty lists', async () => {
    const product = makeProduct({
      name: 'Layla Dress',
      category: { _id: 'cat-girls', id: 'cat-girls', name: 'Girls', nameAr: '', slug: 'girls' },
      options: [{ name: 'Size', values: ['M'] }],
    });
    const detail = {
      ...product,
      category: { ...product.category!, sizeGuide: null },
      variants: [
        {
          _id: '10000000-0000-4000-8000-000000000001',
          id: '10000000-0000-4000-8000-000000000001',
          sku: 'LD-M',
          options: { Size: 'M' },
          price: product.price,
          finalPrice: product.price,
          avaliableItems: 3,
          inStock: true,
        },
      ],
    };
    const { calls } = mockFetch((call) => {
      if (call.method === 'GET' && call.url.pathname === '/api/category') return { body: categories };
      if (call.method === 'GET' && call.url.pathname === `/api/product/${product._id}`) {
        return { body: { success: true, product: detail } };
      }
      if (call.method === 'GET' && call.url.pathname === '/api/product') {
        return { body: { success: true, products: [], page: 1, totalPages: 1, totalCount: 0, maxPrice: 0 } };
      }
      if (call.method === 'PATCH') return { body: { success: true, message: m.productUpdated } };
      return undefined;
    });
    renderAdmin(`/dashboard/manage/edit/${product._id}`);
    await userEvent.click(await screen.findByRole('button', { name: format(v.removeOption, { n: 1 }) }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const stock = screen.getByLabelText(/^Available Items/);
    expect(stock).not.toHaveAttribute('readonly');
    await userEvent.clear(stock);
    await userEvent.type(stock, '8');
    await userEvent.click(screen.getByRole('button', { name: m.update }));
    expect(await screen.findByText(m.productUpdated)).toBeInTheDocument();
    const fields = stringFields(writes(calls)[0]!.body as FormData);
    expect([fields.options, fields.variants, fields.avaliableItems]).toEqual(['[]', '[]', '8']);
  });
});
