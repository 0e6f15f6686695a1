import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '@/shared/constants';
import { messages } from '@/web/i18n/messages';
import type { CartDto } from '@/shared/schemas/cart';
import type { OrderDto } from '@/shared/schemas/order';
import {
  CART_ID,
  clearToasts,
  makeOrder,
  mockFetch,
  renderRoute,
  sampleCart,
  sampleCartLines,
  setStoredSession,
  type Answer,
  type RecordedCall,
} from '@/web/lib/testing';
import { queryKeys } from '@/web/lib/query-keys';
import CheckoutPage from './checkout-page';

const m = messages.orders;
const user = userEvent.setup({ applyAccept: false, delay: null });

/** GET /api/cart from `cart`; `onOrder` answers POST /api/order. */
/** POST /order's answer: the order twice, as the server sends it (DESIGN §2). */
function placedAnswer(order: OrderDto) {
  return { body: { success: true, message: m.orderCreated, order, results: order } };
}

function serve(cart: CartDto, onOrder: (call: RecordedCall) => Answer | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/cart') return { body: { success: true, cart } };
    if (call.method === 'POST' && call.url.pathname === '/api/order') return onOrder(call);
    return undefined;
  });
}

async function fillShipping(overrides: Partial<Record<string, string>> = {}) {
  const values = {
    [m.fullName]: 'Mariam Hassan',
    [m.phone]: '01012345678',
    [m.street]: 'El Nozha Street',
    [m.building]: '12',
    [m.floor]: '3',
    [m.apartment]: '7',
    [m.area]: 'Heliopolis',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

function summaryValue(label: string): string {
  const summary = screen.getByRole('region', { name: m.orderSummary });
  return within(summary).getByText(label).parentElement?.textContent?.replace(label, '') ?? '';
}

function png(name = 'proof.png', size = 1024): File {
  return new File([new Uint8Array(size)], name, { type: 'image/png' });
}

beforeEach(() => {
  setStoredSession('user');
  // jsdom has no object URLs; the preview only needs a stable one.
  URL.createObjectURL = vi.fn(() => 'blob:proof');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

// Typing a whole form through user-event takes seconds on a busy machine.
describe('checkout page', { timeout: 20_000 }, () => {
  it('shows a spinner, then the form and a summary of the cart', async () => {
    serve(sampleCart());
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    expect(screen.getByRole('status')).toHaveTextContent(m.loadingCheckout);
    expect(await screen.findByLabelText(m.fullName)).toBeInTheDocument();
    expect(summaryValue(m.subtotal)).toBe('1,021 EGP');
    expect(summaryValue(m.shippingFee)).toBe(m.chooseCity);
    expect(screen.getByText(m.chooseCityForAmount)).toBeInTheDocument();
    expect(screen.getByText('Linen Summer Dress × 2')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Cairo (70 EGP)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Giza (40 EGP)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Outside Cairo and Giza (90 EGP)' })).toBeInTheDocument();
  });

  it("names each line's size and colour in the summary", async () => {
    const [dress] = sampleCartLines();
    serve(
      sampleCart([
        {
          ...dress!,
          variantId: 'variant-m',
          variant: {
            _id: 'variant-m',
            sku: 'LD-M',
            options: { Size: 'M' },
            finalPrice: 450.5,
            avaliableItems: 3,
          },
        },
      ]),
    );
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    expect(await screen.findByText('Size: M')).toBeInTheDocument();
  });

  it('an empty form shows every rule of SPEC §5 and Please correct the form errors', async () => {
    const { calls } = serve(sampleCart());
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await screen.findByLabelText(m.fullName);
    await user.type(screen.getByLabelText(m.landmark), 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: m.placeOrder }));

    expect(await screen.findByText(m.correctFormErrors)).toBeInTheDocument();
    for (const rule of [
      m.nameRule,
      m.phoneRule,
      m.streetRule,
      m.buildingRule,
      m.floorRule,
      m.apartmentRule,
      m.landmarkRule,
      m.areaRule,
      m.cityRule,
    ]) {
      expect(screen.getByText(rule)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(m.fullName)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('rejects wrong values with their messages', async () => {
    serve(sampleCart());
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await screen.findByLabelText(m.fullName);
    await fillShipping({
      [m.fullName]: 'M4',
      [m.phone]: '01312345678',
      [m.street]: 'abc',
      [m.building]: '123456',
      [m.floor]: '1234',
      [m.apartment]: '12345',
      [m.area]: 'Zone 5',
    });
    await user.click(screen.getByRole('button', { name: m.placeOrder }));
    for (const rule of [
      m.nameRule,
      m.phoneRule,
      m.streetRule,
      m.buildingRule,
      m.floorRule,
      m.apartmentRule,
      m.areaRule,
    ]) {
      expect(await screen.findByText(rule)).toBeInTheDocument();
    }
  });

  it.each([
    ['Cairo', '70 EGP', '1,091 EGP', '70', '1,091'],
    ['Giza', '40 EGP', '1,061 EGP', '40', '1,061'],
    ['Outside Cairo and Giza', '90 EGP', '1,111 EGP', '90', '1,111'],
  ])(
    '%s: fee, total and the payment instructions for cash and InstaPay',
    async (city, fee, total, feeAmount, totalAmount) => {
      serve(sampleCart());
      renderRoute(<CheckoutPage />, { path: '/checkout' });
      await user.selectOptions(await screen.findByLabelText(m.city), city);
      expect(summaryValue(m.shippingFee)).toBe(fee);
      expect(summaryValue(m.total)).toBe(total);
      expect(
        screen.getByText(
          `Please send the shipping fee of ${feeAmount} EGP to the mobile wallet number 01012345678.`,
        ),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: m.instapay }));
      expect(
        screen.getByText(
          `Please send the total of ${totalAmount} EGP to the mobile wallet number 01012345678.`,
        ),
      ).toBeInTheDocument();
    },
  );

  it('checks the proof: an image, under 5MB, and required for InstaPay; a good one is previewed', async () => {
    const { calls } = serve(sampleCart());
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await screen.findByLabelText(m.fullName);
    await fillShipping();
    await user.selectOptions(screen.getByLabelText(m.city), 'Cairo');
    await user.click(screen.getByRole('radio', { name: m.instapay }));
    const proofInput = screen.getByLabelText(m.paymentProof);

    await user.click(screen.getByRole('button', { name: m.placeOrder }));
    expect(await screen.findByText(m.proofRequired)).toBeInTheDocument();
    expect(screen.getByText(m.correctFormErrors)).toBeInTheDocument();

    await user.upload(proofInput, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(m.imageFileRule)).toBeInTheDocument();

    await user.upload(proofInput, png('huge.png', MAX_IMAGE_BYTES + 1));
    expect(await screen.findByText(m.fileSizeRule)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: m.proofPreview })).not.toBeInTheDocument();

    await user.upload(proofInput, png());
    expect(await screen.findByRole('img', { name: m.proofPreview })).toHaveAttribute('src', 'blob:proof');
    expect(screen.queryByText(m.fileSizeRule)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.removeProof }));
    expect(screen.queryByRole('img', { name: m.proofPreview })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('cash needs no proof', async () => {
    const { calls } = serve(sampleCart(), () => placedAnswer(makeOrder({ paymentType: 'cash' })));
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await screen.findByLabelText(m.fullName);
    await fillShipping();
    await user.selectOptions(screen.getByLabelText(m.city), 'Giza');
    await user.click(screen.getByRole('button', { name: m.placeOrder }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const form = calls.find((call) => call.method === 'POST')?.body as FormData | undefined;
    expect(form?.get('paymentType')).toBe('cash');
    expect(form?.has('paymentImage')).toBe(false);
  });

  it("sends the multipart order once with an Idempotency-Key, shows Processing..., then goes to the order's confirmation page with an empty cart", async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const { calls } = serve(sampleCart(), () => new Promise((resolve) => (answer = resolve)));
    const { router, queryClient } = renderRoute(<CheckoutPage />, { path: '/checkout' });
    await screen.findByLabelText(m.fullName);
    await fillShipping();
    await user.type(screen.getByLabelText(m.landmark), 'Near Merryland Park');
    await user.selectOptions(screen.getByLabelText(m.city), 'Cairo');
    await user.click(screen.getByRole('radio', { name: m.instapay }));
    await user.upload(screen.getByLabelText(m.paymentProof), png());
    await user.click(screen.getByRole('button', { name: m.placeOrder }));

    const button = await screen.findByRole('button', { name: m.processing });
    expect(button).toBeDisabled();
    await user.click(button);
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    const { body, headers } = posts[0]!;
    const form = body as FormData;
    expect(headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(headers.get('token')).toBe('user-token');
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      cartId: CART_ID,
      name: 'Mariam Hassan',
      phone: '01012345678',
      address: '12 El Nozha Street, Floor 3, Apartment 7, Near Merryland Park, Heliopolis, Cairo',
      street: 'El Nozha Street',
      building: '12',
      floor: '3',
      apartment: '7',
      landmark: 'Near Merryland Park',
      area: 'Heliopolis',
      city: 'Cairo',
      paymentType: 'instapay',
    });
    const image = form.get('paymentImage');
    expect(image).toBeInstanceOf(File);
    expect((image as File).name).toBe('proof.png');

    const order = makeOrder();
    answer(placedAnswer(order));
    expect(await screen.findByText(m.orderPlaced)).toBeInTheDocument();
    // SPEC §2: after an order, My Orders; it shows the thanks for the order named in the router state.
    await waitFor(() => expect(router.state.location.pathname).toBe('/allorders'));
    expect(router.state.location.state).toEqual({ placedOrderId: order._id });
    expect(queryClient.getQueryData<CartDto>(queryKeys.cart)?.products).toEqual([]);
    // The thanks and the order's own page start from the order the answer carried.
    expect(queryClient.getQueryData(queryKeys.order(order._id))).toEqual(order);
  });

  it("shows the server's message on failure, or Something went wrong…, and retries with the same key", async () => {
    let attempt = 0;
    const { calls } = serve(sampleCart(), () => {
      attempt += 1;
      return attempt === 1
        ? { status: 409, body: { success: false, message: 'Only 1 items of Silk Scarf are available' } }
        : { status: 500, body: {} };
    });
    const { router } = renderRoute(<CheckoutPage />, { path: '/checkout' });
    await screen.findByLabelText(m.fullName);
    await fillShipping();
    await user.selectOptions(screen.getByLabelText(m.city), 'Cairo');
    await user.click(screen.getByRole('button', { name: m.placeOrder }));
    expect(await screen.findByText('Only 1 items of Silk Scarf are available')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: m.placeOrder }));
    expect(await screen.findByText(m.somethingWentWrong)).toBeInTheDocument();

    const keys = calls
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('an empty cart says so and links to the products', async () => {
    serve(sampleCart([]));
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    expect(await screen.findByRole('heading', { name: messages.cart.cartEmpty })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.browseProducts })).toHaveAttribute('href', '/products');
  });

  it('a cart that cannot be loaded offers Try Again', async () => {
    mockFetch(() => ({ status: 500, body: {} }));
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    expect(await screen.findByText(m.failedToLoadCart)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.layout.tryAgain })).toBeInTheDocument();
  });
});
