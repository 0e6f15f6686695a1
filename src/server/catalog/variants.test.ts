import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import type { CartDto } from '@/shared/schemas/cart';
import type { CategoryDto } from '@/shared/schemas/category';
import type { OrderDto } from '@/shared/schemas/order';
import type { ProductDetailDto, ProductListAnswer } from '@/shared/schemas/product';
import { sendForm } from '../admin/test-support';
import {
  cartLines,
  categories,
  outbox,
  products,
  productVariants,
  type ProductRow,
  type ProductVariantRow,
} from '../db/schema';
import { stockOf } from '../stock/test-products';
import { createTestApp, testDriver, type TestApp } from '../test/app';
import { createCategory, createProduct, createVariants } from '../test/catalog-fixtures';
import { makeImage } from '../test/images';
import { multipartBody } from '../test/multipart';
import { gizaShipping } from '../test/shipping';
import { createUser, type TestUser } from '../test/users';

// Issue 13: sizes and colours. Every rule of the variants contract through the API: the catalogue's
// answers and filters, the cart, orders and their stock, and the admin's writes.

const SIZE_COLOR = [
  { name: 'Size', values: ['S', 'M', 'L'] },
  { name: 'Color', values: ['Navy', 'Sand'] },
];

describe(`product variants (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const get = <T>(url: string) => t.app.inject({ method: 'GET', url }).then((res) => res.json<T>());
  const detail = (id: string) =>
    get<{ product: ProductDetailDto }>(`/api/product/${id}`).then((b) => b.product);
  const cartCall = (user: TestUser, method: 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const variantStock = async (id: string) => {
    const [row] = await t.database.db
      .select({ available: productVariants.availableItems, sold: productVariants.soldItems })
      .from(productVariants)
      .where(eq(productVariants.id, id));
    return row ?? null;
  };
  const placeOrder = async (user: TestUser) => {
    const body = multipartBody({ ...gizaShipping, paymentType: 'cash' });
    return t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const setStatus = (user: TestUser, orderId: string, status: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}/status`,
      headers: user.headers,
      payload: { status },
    });

  /** The Layla Dress: S/M/L × Navy/Sand, the S Navy sold out, the L Sand at its own price. */
  async function laylaDress(name = `Layla Dress ${randomUUID().slice(0, 6)}`) {
    const category = await createCategory(t, { name: `Women ${randomUUID().slice(0, 6)}` });
    const product = await createProduct(t, { name, price: 1000, discount: 10, category });
    const variants = await createVariants(t, product, SIZE_COLOR, [
      { sku: `${name}-S-NAVY`, options: { Size: 'S', Color: 'Navy' }, availableItems: 0 },
      { sku: `${name}-M-NAVY`, options: { Size: 'M', Color: 'Navy' }, availableItems: 5 },
      { sku: `${name}-M-SAND`, options: { Size: 'M', Color: 'Sand' }, availableItems: 2 },
      { sku: `${name}-L-SAND`, options: { Size: 'L', Color: 'Sand' }, availableItems: 3, price: 1200 },
    ]);
    const [sNavy, mNavy, mSand, lSand] = variants as [
      ProductVariantRow,
      ProductVariantRow,
      ProductVariantRow,
      ProductVariantRow,
    ];
    return { product, category, sNavy, mNavy, mSand, lSand };
  }

  describe('catalogue answers', () => {
    it('GET /product/{id} answers options and variants; the product totals them', async () => {
      const { product, sNavy, lSand } = await laylaDress();
      const answer = await detail(product.id);
      expect(answer.options).toEqual(SIZE_COLOR);
      // 0 + 5 + 2 + 3; in stock because some variant is.
      expect(answer).toMatchObject({ avaliableItems: 10, inStock: true, price: 1000, finalPrice: 900 });
      expect(answer.optionsInStock).toEqual({ Size: ['M', 'L'], Color: ['Navy', 'Sand'] });
      expect(answer.variants).toHaveLength(4);
      expect(answer.variants[0]).toEqual({
        _id: sNavy.id,
        id: sNavy.id,
        sku: sNavy.sku,
        options: { Size: 'S', Color: 'Navy' },
        price: 1000,
        finalPrice: 900,
        avaliableItems: 0,
        inStock: false,
      });
      // Its own price, with the product's discount.
      expect(answer.variants[3]).toMatchObject({
        _id: lSand.id,
        price: 1200,
        finalPrice: 1080,
        inStock: true,
      });
    });

    it("a product without options is today's product: no variants, no options", async () => {
      const plain = await createProduct(t, { name: 'Plain Bag' });
      const answer = await detail(plain.id);
      expect(answer).toMatchObject({ options: [], optionsInStock: {}, variants: [], avaliableItems: 10 });
    });

    it("answers the category's size guide on the product's category", async () => {
      const { product, category } = await laylaDress();
      const guide = {
        columns: ['Size', 'Chest (cm)'],
        rows: [
          ['S', '86-91'],
          ['M', '92-97'],
        ],
      };
      const res = await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, {
        sizeGuide: JSON.stringify(guide),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ category: CategoryDto }>().category.sizeGuide).toEqual(guide);
      expect((await detail(product.id)).category).toMatchObject({ id: category.id, sizeGuide: guide });
      expect(
        (await get<{ category: CategoryDto }>(`/api/category/${category.id}`)).category.sizeGuide,
      ).toEqual(guide);
      // Sent empty, the guide goes.
      await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, { sizeGuide: '' });
      expect((await detail(product.id)).category?.sizeGuide).toBeNull();
    });

    it('refuses a size guide whose rows do not fit its columns, or that is not JSON', async () => {
      const category = await createCategory(t);
      const uneven = await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, {
        sizeGuide: JSON.stringify({ columns: ['Size', 'Chest'], rows: [['S']] }),
      });
      expect(uneven.statusCode).toBe(400);
      expect(uneven.json()).toEqual({
        success: false,
        message: 'sizeGuide: Every size guide row must have one cell for each of its 2 columns',
      });
      const broken = await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, { sizeGuide: '{' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ success: false, message: messages.admin.sizeGuideJson });
    });
  });

  describe('listing filters and facets', () => {
    let search: string;
    let dress: ProductRow;
    let shirt: ProductRow;

    beforeAll(async () => {
      // A word of their own, so the other tests' products never count here.
      search = `facet${randomUUID().slice(0, 6)}`;
      dress = (await laylaDress(`${search} Dress`)).product;
      shirt = await createProduct(t, { name: `${search} Shirt` });
      await createVariants(
        t,
        shirt,
        [
          { name: 'size', values: ['M', 'XL'] },
          { name: 'Colour', values: ['White'] },
        ],
        [
          { options: { size: 'M', Colour: 'White' }, availableItems: 1 },
          { options: { size: 'XL', Colour: 'White' }, availableItems: 0 },
        ],
      );
      await createProduct(t, { name: `${search} Scarf` });
    });

    const list = (query: string) => get<ProductListAnswer>(`/api/product?search=${search}&page=1${query}`);

    it('answers facets: the in-stock values of Size and Color with their product counts', async () => {
      const answer = await list('');
      expect(answer.totalCount).toBe(3);
      // The shirt's option is 'size' (any case counts as Size); its XL is sold out, its colour is no 'Color'.
      expect(answer.facets.size).toEqual([
        { value: 'M', count: 2 },
        { value: 'L', count: 1 },
      ]);
      expect(answer.facets.color).toEqual([
        { value: 'Navy', count: 1 },
        { value: 'Sand', count: 1 },
      ]);
    });

    it('filters by size: a product matches when an in-stock variant has one of the values', async () => {
      const l = await list('&size=L');
      expect(l.products.map((p) => p.id)).toEqual([dress.id]);
      const both = await list('&size=L,M');
      expect(both.products.map((p) => p.id).sort()).toEqual([dress.id, shirt.id].sort());
      // S exists only sold out; XL too.
      expect((await list('&size=S')).totalCount).toBe(0);
      expect((await list('&size=XL')).totalCount).toBe(0);
    });

    it('counts each facet under every filter but its own, and listing cards carry options', async () => {
      const sand = await list('&color=Sand');
      expect(sand.products.map((p) => p.id)).toEqual([dress.id]);
      expect(sand.facets.size).toEqual([
        { value: 'L', count: 1 },
        { value: 'M', count: 1 },
      ]);
      // The colour facet ignores the colour filter, so Navy stays to add.
      expect(sand.facets.color.map((f) => f.value)).toEqual(['Navy', 'Sand']);
      expect(sand.products[0]).toMatchObject({
        options: SIZE_COLOR,
        optionsInStock: { Size: ['M', 'L'], Color: ['Navy', 'Sand'] },
      });
      expect(sand.products[0]).not.toHaveProperty('variants');
    });

    it('sees stock changes at once: a size sold out leaves the filter', async () => {
      const [variant] = await t.database.db
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, shirt.id));
      await t.database.db.transaction(async (tx) => {
        const { takeStock } = await import('../stock/stock');
        await takeStock(tx, [{ productId: shirt.id, variantId: variant!.id, quantity: 1 }]);
      });
      t.app.events.emit('productChanged', { productId: shirt.id, change: 'updated' });
      const m = await list('&size=M');
      expect(m.products.map((p) => p.id)).toEqual([dress.id]);
    });

    it('refuses an over-long filter with 400', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/product?size=${'M,'.repeat(300)}` });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('cart', () => {
    it('a product with variants added without one waits for its size, held to the total (issue 35)', async () => {
      const { product } = await laylaDress();
      const user = await createUser(t);
      const res = await cartCall(user, 'POST', '/api/cart', { productId: product.id });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ cart: CartDto }>().cart.products[0]).toMatchObject({
        variantId: null,
        variantToConfirm: true,
        productId: { avaliableItems: 10 },
      });
    });

    it('refuses a variant of another product, and a variant for a product without any, with 400', async () => {
      const first = await laylaDress();
      const second = await laylaDress();
      const user = await createUser(t);
      const res = await cartCall(user, 'POST', '/api/cart', {
        productId: first.product.id,
        variantId: second.mNavy.id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: `This choice is not one of ${first.product.name}`,
      });
      const plain = await createProduct(t, { name: 'Plain Belt' });
      const none = await cartCall(user, 'POST', '/api/cart', {
        productId: plain.id,
        variantId: second.mNavy.id,
      });
      expect(none.statusCode).toBe(400);
      const malformed = await cartCall(user, 'POST', '/api/cart', { productId: plain.id, variantId: 'nope' });
      expect(malformed.json()).toEqual({ success: false, message: 'Invalid variant ID' });
    });

    it('the same product in two sizes is two lines, each priced and limited by its variant', async () => {
      const { product, mNavy, lSand } = await laylaDress();
      const user = await createUser(t);
      await cartCall(user, 'POST', '/api/cart', { productId: product.id, variantId: mNavy.id, quantity: 2 });
      const res = await cartCall(user, 'POST', '/api/cart', { productId: product.id, variantId: lSand.id });
      const { cart } = res.json<{ cart: CartDto }>();
      expect(cart.products).toHaveLength(2);
      expect(cart.products[0]).toMatchObject({
        quantity: 2,
        variantId: mNavy.id,
        variant: {
          _id: mNavy.id,
          sku: mNavy.sku,
          options: { Size: 'M', Color: 'Navy' },
          finalPrice: 900,
          avaliableItems: 5,
        },
        productId: { id: product.id, finalPrice: 900, avaliableItems: 5 },
      });
      expect(cart.products[1]).toMatchObject({
        variantId: lSand.id,
        productId: { finalPrice: 1080, avaliableItems: 3 },
      });
      // 2 × 900 + 1080.
      expect(cart.subtotal).toBe(2880);
    });

    it('names the variant when its stock is short', async () => {
      const { product, mSand } = await laylaDress('Layla Dress');
      const user = await createUser(t);
      const res = await cartCall(user, 'POST', '/api/cart', {
        productId: product.id,
        variantId: mSand.id,
        quantity: 3,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        message: 'Only 2 items of Layla Dress (M / Sand) are available',
      });
      await t.database.db.delete(productVariants).where(eq(productVariants.productId, product.id));
    });

    it('PATCH /cart sets the line of the variant; without variantId the only line of the product', async () => {
      const { product, mNavy, lSand } = await laylaDress();
      const user = await createUser(t);
      await cartCall(user, 'POST', '/api/cart', { productId: product.id, variantId: mNavy.id });
      const only = await cartCall(user, 'PATCH', '/api/cart', { productId: product.id, quantity: 4 });
      expect(only.statusCode).toBe(200);
      expect(only.json<{ cart: CartDto }>().cart.products[0]!.quantity).toBe(4);
      await cartCall(user, 'POST', '/api/cart', { productId: product.id, variantId: lSand.id });
      const ambiguous = await cartCall(user, 'PATCH', '/api/cart', { productId: product.id, quantity: 1 });
      expect(ambiguous.statusCode).toBe(400);
      expect(ambiguous.json()).toEqual({ success: false, message: 'Please choose a Size' });
      const named = await cartCall(user, 'PATCH', '/api/cart', {
        productId: product.id,
        variantId: lSand.id,
        quantity: 3,
      });
      expect(named.json<{ cart: CartDto }>().cart.products.map((line) => line.quantity)).toEqual([4, 3]);
      const over = await cartCall(user, 'PATCH', '/api/cart', {
        productId: product.id,
        variantId: lSand.id,
        quantity: 4,
      });
      expect(over.statusCode).toBe(409);
    });

    it("PATCH /cart/{id} removes one line by its _id, or every line of a product by the product's id", async () => {
      const { product, mNavy, lSand } = await laylaDress();
      const user = await createUser(t);
      await cartCall(user, 'POST', '/api/cart', { productId: product.id, variantId: mNavy.id });
      const two = await cartCall(user, 'POST', '/api/cart', { productId: product.id, variantId: lSand.id });
      const [first] = two.json<{ cart: CartDto }>().cart.products;
      const one = await cartCall(user, 'PATCH', `/api/cart/${first!._id}`);
      expect(one.json<{ cart: CartDto }>().cart.products.map((line) => line.variantId)).toEqual([lSand.id]);
      await cartCall(user, 'POST', '/api/cart', { productId: product.id, variantId: mNavy.id });
      const none = await cartCall(user, 'PATCH', `/api/cart/${product.id}`);
      expect(none.json<{ cart: CartDto }>().cart.products).toEqual([]);
      const again = await cartCall(user, 'PATCH', `/api/cart/${product.id}`);
      expect(again.statusCode).toBe(404);
    });
  });

  describe('orders', () => {
    it('take stock per variant, snapshot it, and cancelling returns it per variant', async () => {
      const { product, mNavy, lSand, mSand } = await laylaDress();
      const user = await createUser(t);
      await cartCall(user, 'POST', '/api/cart', { productId: product.id, variantId: mNavy.id, quantity: 2 });
      await cartCall(user, 'POST', '/api/cart', { productId: product.id, variantId: lSand.id, quantity: 1 });
      const res = await placeOrder(user);
      expect(res.statusCode).toBe(201);
      const order = res.json<{ order: OrderDto }>().order;
      expect(order.products.map((line) => [line.variant, line.unitPrice, line.quantity])).toEqual([
        [
          { sku: mNavy.sku, options: { Size: 'M', Color: 'Navy' }, optionsAr: { Size: 'M', Color: 'Navy' } },
          900,
          2,
        ],
        [
          { sku: lSand.sku, options: { Size: 'L', Color: 'Sand' }, optionsAr: { Size: 'L', Color: 'Sand' } },
          1080,
          1,
        ],
      ]);
      expect(order.totalPrice).toBe(2880);
      // The confirmation e-mail names the sizes and colours bought.
      const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, user.email));
      expect(mail?.text).toContain(`${product.name} (M / Navy)`);
      expect(mail?.text).toContain(`${product.name} (L / Sand)`);
      expect(await variantStock(mNavy.id)).toEqual({ available: 3, sold: 2 });
      expect(await variantStock(lSand.id)).toEqual({ available: 2, sold: 1 });
      expect(await variantStock(mSand.id)).toEqual({ available: 2, sold: 0 });
      expect(await stockOf(t, product.id)).toEqual({ available: 7, sold: 3 });

      expect((await setStatus(user, order.id, 'cancelled')).statusCode).toBe(200);
      expect(await variantStock(mNavy.id)).toEqual({ available: 5, sold: 0 });
      expect(await variantStock(lSand.id)).toEqual({ available: 3, sold: 0 });
      expect(await stockOf(t, product.id)).toEqual({ available: 10, sold: 0 });

      // Leaving cancelled takes it again; with too little left it is refused, naming the variant.
      expect((await setStatus(admin, order.id, 'pending')).statusCode).toBe(200);
      expect(await variantStock(mNavy.id)).toEqual({ available: 3, sold: 2 });
      await setStatus(admin, order.id, 'cancelled');
      await t.database.db
        .update(productVariants)
        .set({ availableItems: 1 })
        .where(eq(productVariants.id, mNavy.id));
      const refused = await setStatus(admin, order.id, 'confirmed');
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(
        `Cannot reopen this order: only 1 items of ${product.name} (M / Navy) are left`,
      );
    });

    it('stores every field it answered: GET /order/{id} reads back what POST /order answered', async () => {
      // The POST answer is built from what the transaction wrote, not read back: this reads it back.
      const { product, lSand } = await laylaDress();
      const category = await createCategory(t, { name: `Bags ${randomUUID().slice(0, 6)}` });
      await t.database.db.update(categories).set({ nameAr: 'حقائب' }).where(eq(categories.id, category.id));
      const bag = await createProduct(t, { name: 'Straw Bag', nameAr: 'حقيبة قش', price: 250, category });
      const user = await createUser(t);
      await cartCall(user, 'POST', '/api/cart', { productId: product.id, variantId: lSand.id, quantity: 2 });
      await cartCall(user, 'POST', '/api/cart', { productId: bag.id, quantity: 1 });
      const body = multipartBody({ ...gizaShipping, paymentType: 'cash' });
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { ...user.headers, ...body.headers, 'idempotency-key': 'read-back-1' },
        payload: body.payload,
      });
      expect(placed.statusCode).toBe(201);
      const answered = placed.json<{ order: OrderDto }>().order;
      expect(
        answered.products.map((line) => [line.product.name, line.product.nameAr, line.quantity]),
      ).toEqual([
        [product.name, '', 2],
        ['Straw Bag', 'حقيبة قش', 1],
      ]);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/order/${answered.id}`,
        headers: user.headers,
      });
      expect(read.json<{ results: OrderDto }>().results).toEqual(answered);
    });

    it("keeps the in-stock sizes and colours in the options' order whichever variant sold", async () => {
      // A value that changes only in order is still a change: every order would rewrite the product's
      // filter indexes and move it in the listing index for nothing.
      const { product, mNavy, mSand, lSand } = await laylaDress();
      const inStockValues = async () => {
        const [row] = await t.database.db
          .select({ sizes: products.inStockSizes, colors: products.inStockColors })
          .from(products)
          .where(eq(products.id, product.id));
        return row;
      };
      expect(await inStockValues()).toEqual({ sizes: ['M', 'L'], colors: ['Navy', 'Sand'] });
      for (const variant of [mNavy, lSand, mSand, mNavy]) {
        const user = await createUser(t);
        await cartCall(user, 'POST', '/api/cart', {
          productId: product.id,
          variantId: variant.id,
          quantity: 1,
        });
        expect((await placeOrder(user)).statusCode).toBe(201);
        expect(await inStockValues()).toEqual({ sizes: ['M', 'L'], colors: ['Navy', 'Sand'] });
      }
    });

    it('a cart line without a variant of a product that has variants since is ordered with its size to confirm', async () => {
      const product = await createProduct(t, { name: 'Later Sized Tunic' });
      const user = await createUser(t);
      await cartCall(user, 'POST', '/api/cart', { productId: product.id });
      await createVariants(t, product, [{ name: 'Size', values: ['M'] }], [{ options: { Size: 'M' } }]);
      const res = await placeOrder(user);
      expect(res.statusCode).toBe(201);
      expect(res.json<{ order: OrderDto }>().order.products[0]).toMatchObject({
        variant: null,
        variantToConfirm: true,
      });
      // Nothing taken until the owner chooses the size.
      expect(await stockOf(t, product.id)).toEqual({ available: 5, sold: 0 });
    });

    it("20 buyers racing for a variant's last 5: exactly 5 orders; its sibling untouched", async () => {
      const { product, mNavy, mSand } = await laylaDress('Race Dress');
      const buyers: TestUser[] = [];
      for (let i = 0; i < 20; i++) {
        const user = await createUser(t);
        await cartCall(user, 'POST', '/api/cart', { productId: product.id, variantId: mNavy.id });
        buyers.push(user);
      }
      const answers = await Promise.all(buyers.map((user) => placeOrder(user)));
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(15);
      for (const res of answers.filter((r) => r.statusCode === 409)) {
        expect(res.json<{ message: string }>().message).toBe('Race Dress (M / Navy) is out of stock');
      }
      expect(await variantStock(mNavy.id)).toEqual({ available: 0, sold: 5 });
      expect(await variantStock(mSand.id)).toEqual({ available: 2, sold: 0 });
      expect(await stockOf(t, product.id)).toEqual({ available: 5, sold: 5 });
      expect((await detail(product.id)).optionsInStock).toEqual({ Size: ['M', 'L'], Color: ['Sand'] });
    });
  });

  describe('admin writes', () => {
    let category: { id: string };
    beforeAll(async () => {
      category = await createCategory(t, { name: `Admin Women ${randomUUID().slice(0, 6)}` });
    });

    const form = (extra: Record<string, string>) => ({
      name: `Admin Dress ${randomUUID().slice(0, 6)}`,
      price: '500',
      discount: '20',
      avaliableItems: '99',
      category: category.id,
      ...extra,
    });
    const create = async (extra: Record<string, string>) =>
      sendForm(t, admin, 'POST', '/api/product', form(extra), {
        defaultImage: await makeImage(40, 40, 'png'),
      });
    const sku = () => `SKU-${randomUUID().slice(0, 8)}`;

    it('creates a product with options and variants; its stock is theirs', async () => {
      const [a, b] = [sku(), sku()];
      const res = await create({
        options: JSON.stringify([{ name: 'Size', values: ['2Y', '4Y'] }]),
        variants: JSON.stringify([
          { sku: a, options: { Size: '2Y' }, avaliableItems: 4 },
          { sku: b, options: { Size: '4Y' }, avaliableItems: 0, price: 600 },
        ]),
      });
      expect(res.statusCode).toBe(201);
      const { product } = res.json<{ product: ProductDetailDto }>();
      expect(product).toMatchObject({
        options: [{ name: 'Size', values: ['2Y', '4Y'] }],
        optionsInStock: { Size: ['2Y'] },
        avaliableItems: 4,
        inStock: true,
      });
      expect(product.variants.map((v) => [v.sku, v.price, v.finalPrice, v.avaliableItems])).toEqual([
        [a, 500, 400, 4],
        [b, 600, 480, 0],
      ]);
    });

    it('saves automatic SKUs another product holds with the first free suffix; typed ones stay a 409', async () => {
      // Two products whose names share their first three words: the form suggests the same SKUs.
      const base = `AUTO-${randomUUID().slice(0, 6).toUpperCase()}-DRESS`;
      const options = JSON.stringify([{ name: 'Size', values: ['M', 'L'] }]);
      const automatic = (extra: object = {}) =>
        JSON.stringify([
          { sku: `${base}-M`, autoSku: true, options: { Size: 'M' }, avaliableItems: 1, ...extra },
          { sku: `${base}-L`, autoSku: true, options: { Size: 'L' }, avaliableItems: 1 },
        ]);
      const skus = (res: { json: <T>() => T }) =>
        res.json<{ product: ProductDetailDto }>().product.variants.map((variant) => variant.sku);

      const first = await create({ options, variants: automatic() });
      expect(first.statusCode).toBe(201);
      expect(skus(first)).toEqual([`${base}-M`, `${base}-L`]);
      const second = await create({ options, variants: automatic() });
      expect(second.statusCode).toBe(201);
      expect(skus(second)).toEqual([`${base}-M-2`, `${base}-L-2`]);
      // The third goes past -2; a suffix already in this save's own list is skipped too.
      const third = await create({ options, variants: automatic({ sku: `${base}-L-3`, autoSku: false }) });
      expect(third.statusCode).toBe(201);
      expect(skus(third)).toEqual([`${base}-L-3`, `${base}-L-4`]);

      // Saving the first again keeps its own SKUs (they are its, not another product's).
      const { product } = first.json<{ product: ProductDetailDto }>();
      const resaved = await sendForm(t, admin, 'PATCH', `/api/product/${product.id}`, {
        options,
        variants: JSON.stringify(
          product.variants.map((variant) => ({
            id: variant.id,
            sku: variant.sku,
            autoSku: true,
            options: variant.options,
            avaliableItems: variant.avaliableItems,
          })),
        ),
      });
      expect(resaved.statusCode).toBe(200);
      expect(skus(resaved)).toEqual([`${base}-M`, `${base}-L`]);

      // A SKU the owner typed is not renamed behind her back.
      const typed = await create({
        options,
        variants: JSON.stringify([
          { sku: `${base}-M`, options: { Size: 'M' }, avaliableItems: 1 },
          { sku: sku(), options: { Size: 'L' }, avaliableItems: 1 },
        ]),
      });
      expect(typed.statusCode).toBe(409);
      expect(typed.json()).toMatchObject({ message: `The SKU ${base}-M is already used by another product` });
    });

    it('gives products saved at the same moment with the same automatic SKUs each their own', async () => {
      const base = `RACE-${randomUUID().slice(0, 6).toUpperCase()}`;
      const variants = JSON.stringify([
        { sku: `${base}-M`, autoSku: true, options: { Size: 'M' }, avaliableItems: 1 },
      ]);
      const options = JSON.stringify([{ name: 'Size', values: ['M'] }]);
      const answers = await Promise.all([1, 2, 3].map(() => create({ options, variants })));
      expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
      const saved = answers.map((res) => res.json<{ product: ProductDetailDto }>().product.variants[0]!.sku);
      expect(saved.sort()).toEqual([`${base}-M`, `${base}-M-2`, `${base}-M-3`]);
    });

    it.each<[string, Record<string, string>, string]>([
      [
        'more than 3 options',
        {
          options: JSON.stringify([1, 2, 3, 4].map((n) => ({ name: `O${n}`, values: ['x'] }))),
          variants: '[]',
        },
        'A product can have at most 3 options',
      ],
      [
        'a repeated value',
        { options: JSON.stringify([{ name: 'Size', values: ['M', 'm'] }]), variants: '[]' },
        'The option Size lists m twice',
      ],
      [
        'an empty value',
        { options: JSON.stringify([{ name: 'Size', values: [''] }]), variants: '[]' },
        'Option values cannot be empty',
      ],
      [
        'options without variants',
        { options: JSON.stringify([{ name: 'Size', values: ['M'] }]), variants: '[]' },
        'A product with options needs at least one variant',
      ],
      [
        'a value not of the option',
        {
          options: JSON.stringify([{ name: 'Size', values: ['M'] }]),
          variants: JSON.stringify([{ sku: 'X-1', options: { Size: 'XL' }, avaliableItems: 1 }]),
        },
        'The variant X-1 chooses XL, which is not a value of Size',
      ],
      [
        'a missing option',
        {
          options: JSON.stringify(SIZE_COLOR),
          variants: JSON.stringify([{ sku: 'X-1', options: { Size: 'M' }, avaliableItems: 1 }]),
        },
        'The variant X-1 must choose one value of each option: Size, Color',
      ],
      [
        'a repeated combination',
        {
          options: JSON.stringify([{ name: 'Size', values: ['M'] }]),
          variants: JSON.stringify([
            { sku: 'X-1', options: { Size: 'M' }, avaliableItems: 1 },
            { sku: 'X-2', options: { Size: 'M' }, avaliableItems: 1 },
          ]),
        },
        'Two variants are both M',
      ],
      [
        'a repeated SKU',
        {
          options: JSON.stringify([{ name: 'Size', values: ['M', 'L'] }]),
          variants: JSON.stringify([
            { sku: 'X-1', options: { Size: 'M' }, avaliableItems: 1 },
            { sku: 'x-1', options: { Size: 'L' }, avaliableItems: 1 },
          ]),
        },
        'The SKU x-1 is listed twice',
      ],
      [
        'a negative stock',
        {
          options: JSON.stringify([{ name: 'Size', values: ['M'] }]),
          variants: JSON.stringify([{ sku: 'X-1', options: { Size: 'M' }, avaliableItems: -1 }]),
        },
        'Variant stock must be a whole number of at least 0',
      ],
      [
        'options alone',
        { options: JSON.stringify([{ name: 'Size', values: ['M'] }]) },
        'Send options and variants together',
      ],
      [
        'text that is not JSON',
        { options: '[{', variants: '[]' },
        'options must be a JSON list of options, each with a name and its values',
      ],
    ])('refuses %s with 400 and a clear message', async (_, fields, message) => {
      const res = await create(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    });

    it('refuses a SKU another product holds with 409', async () => {
      const { sNavy } = await laylaDress();
      const res = await create({
        options: JSON.stringify([{ name: 'Size', values: ['M'] }]),
        variants: JSON.stringify([
          { sku: sNavy.sku.toLowerCase(), options: { Size: 'M' }, avaliableItems: 1 },
        ]),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        message: `The SKU ${sNavy.sku} is already used by another product`,
      });
    });

    it('edits variants: kept ones keep their sales, a removed one leaves carts but past orders keep its snapshot', async () => {
      const { product, mNavy, mSand, lSand } = await laylaDress();
      const buyer = await createUser(t);
      await cartCall(buyer, 'POST', '/api/cart', { productId: product.id, variantId: mSand.id });
      const order = (await placeOrder(buyer)).json<{ order: OrderDto }>().order;
      const holder = await createUser(t);
      await cartCall(holder, 'POST', '/api/cart', { productId: product.id, variantId: mSand.id });

      const res = await sendForm(t, admin, 'PATCH', `/api/product/${product.id}`, {
        options: JSON.stringify([
          { name: 'Size', values: ['M', 'L'] },
          { name: 'Color', values: ['Navy', 'Sand'] },
        ]),
        variants: JSON.stringify([
          // SKUs swapped between two kept variants, and a new stock for one.
          { id: mNavy.id, sku: lSand.sku, options: { Size: 'M', Color: 'Navy' }, avaliableItems: 8 },
          {
            id: lSand.id,
            sku: mNavy.sku,
            options: { Size: 'L', Color: 'Sand' },
            avaliableItems: 3,
            price: null,
          },
        ]),
      });
      expect(res.statusCode).toBe(200);
      const saved = res.json<{ product: ProductDetailDto }>().product;
      expect(saved.variants.map((v) => [v.id, v.sku, v.avaliableItems, v.price])).toEqual([
        [mNavy.id, lSand.sku, 8, 1000],
        [lSand.id, mNavy.sku, 3, 1000],
      ]);
      expect(saved.avaliableItems).toBe(11);
      expect(await t.database.db.select().from(cartLines).where(eq(cartLines.variantId, mSand.id))).toEqual(
        [],
      );
      const kept = await t.app.inject({
        method: 'GET',
        url: `/api/order/${order.id}`,
        headers: buyer.headers,
      });
      expect(kept.json<{ results: OrderDto }>().results.products[0]!.variant).toEqual({
        sku: mSand.sku,
        options: { Size: 'M', Color: 'Sand' },
        optionsAr: { Size: 'M', Color: 'Sand' },
      });
      // Cancelling it returns nothing (there is no such shelf any more) and fails nothing.
      expect((await setStatus(buyer, order.id, 'cancelled')).statusCode).toBe(200);
      expect((await detail(product.id)).avaliableItems).toBe(11);
      // Reopening is refused: that variant is gone.
      const reopen = await setStatus(admin, order.id, 'pending');
      expect(reopen.statusCode).toBe(409);
    });

    it('refuses a variant id of another product with 400', async () => {
      const { product } = await laylaDress();
      const other = await laylaDress();
      const res = await sendForm(t, admin, 'PATCH', `/api/product/${product.id}`, {
        options: JSON.stringify([{ name: 'Size', values: ['M'] }]),
        variants: JSON.stringify([
          { id: other.mNavy.id, sku: sku(), options: { Size: 'M' }, avaliableItems: 1 },
        ]),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: `The variant ${other.mNavy.id} is not one of this product`,
      });
    });

    it('turns a product back into one stock figure with empty options and variants', async () => {
      const { product } = await laylaDress();
      const res = await sendForm(t, admin, 'PATCH', `/api/product/${product.id}`, {
        options: '[]',
        variants: '[]',
        avaliableItems: '6',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ product: ProductDetailDto }>().product).toMatchObject({
        options: [],
        optionsInStock: {},
        variants: [],
        avaliableItems: 6,
      });
    });

    it('is for admins only', async () => {
      const shopper = await createUser(t);
      const res = await sendForm(t, shopper, 'POST', '/api/product', form({}));
      expect(res.statusCode).toBe(403);
    });
  });
});
