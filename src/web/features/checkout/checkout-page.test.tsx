import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '@/shared/constants';
import { messages } from '@/web/i18n/messages';
import { format } from '@/web/i18n/language';
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
import type { DeliveryQuote } from '@/web/lib/api/get-delivery-quote';
import { queryKeys } from '@/web/lib/query-keys';
import type { GovernorateCode } from '@/shared/governorates';
import CheckoutPage from './checkout-page';

const m = messages.orders;
const d = messages.delivery;
const user = userEvent.setup({ applyAccept: false, delay: null });

/** GET /api/cart from `cart`; `onOrder` answers POST /api/order. */
/** POST /order's answer: the order twice, as the server sends it (DESIGN §2). */
function placedAnswer(order: OrderDto) {
  return { body: { success: true, message: m.orderCreated, order, results: order } };
}

/**
 * GET /api/delivery/quote as the contract (ISSUE36.md) answers it for the sample cart (1,021 EGP):
 * Cairo 70, Giza 40 (free from 1,500), Alexandria 90 with a 10 EGP cash fee, North Sinai without cash on
 * delivery, New Valley in no zone.
 */
function sampleQuote(governorate: string, paymentType: string, subtotal = 1021): DeliveryQuote {
  const zones: Record<
    string,
    Omit<DeliveryQuote, 'governorate' | 'subtotal' | 'grandTotal' | 'freeDelivery'>
  > = {
    'EG-C': zone('cairo', 'Cairo', 70, { freeOver: 1000 }),
    'EG-GZ': zone('giza', 'Giza', 40, { freeOver: 1500 }),
    'EG-ALX': zone('outside', 'Outside Cairo and Giza', 90, { cashFee: paymentType === 'cash' ? 10 : 0 }),
    'EG-SIN': zone('sinai', 'Sinai', 120, { cash: false }),
  };
  const found = zones[governorate];
  if (!found) {
    return {
      governorate: governorate as GovernorateCode,
      zone: null,
      deliverable: false,
      subtotal,
      shippingFee: 0,
      freeDelivery: false,
      freeOver: null,
      cashOnDeliveryAllowed: false,
      cashOnDeliveryFee: 0,
      estimateDays: null,
      grandTotal: subtotal,
    };
  }
  const freeDelivery = found.freeOver !== null && subtotal >= found.freeOver;
  const shippingFee = freeDelivery ? 0 : found.shippingFee;
  return {
    ...found,
    governorate: governorate as GovernorateCode,
    subtotal,
    shippingFee,
    freeDelivery,
    grandTotal: subtotal + shippingFee + found.cashOnDeliveryFee,
  };
}

function zone(
  id: string,
  name: string,
  fee: number,
  {
    freeOver = null,
    cash = true,
    cashFee = 0,
  }: { freeOver?: number | null; cash?: boolean; cashFee?: number },
) {
  return {
    zone: { id, name: { en: name, ar: name } },
    deliverable: true,
    shippingFee: fee,
    freeOver,
    cashOnDeliveryAllowed: cash,
    cashOnDeliveryFee: cash ? cashFee : 0,
    estimateDays: { min: 2, max: 5 },
  };
}

function serve(cart: CartDto, onOrder: (call: RecordedCall) => Answer | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/cart') return { body: { success: true, cart } };
    if (call.method === 'GET' && call.url.pathname === '/api/delivery/quote') {
      const { searchParams } = call.url;
      const quote = sampleQuote(searchParams.get('governorate') ?? '', searchParams.get('paymentType') ?? '');
      return { body: { success: true, quote } };
    }
    if (call.method === 'POST' && call.url.pathname === '/api/order') return onOrder(call);
    return undefined;
  });
}

const quoteCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.url.pathname === '/api/delivery/quote')
    .map((call) => Object.fromEntries(call.url.searchParams));

/** Chooses a governorate the way a shopper types it: its name, then Enter on the list's first match. */
async function chooseGovernorate(name: string) {
  const input = await screen.findByRole('combobox', { name: d.governorate });
  await user.clear(input);
  await user.type(input, `${name}{Enter}`);
  expect(input).toHaveValue(name);
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
    expect(summaryValue(m.shippingFee)).toBe(d.chooseGovernorate);
    expect(summaryValue(m.total)).toBe('1,021 EGP');
    expect(screen.getByText(d.chooseGovernorateForFee)).toBeInTheDocument();
    expect(screen.getByText('Linen Summer Dress × 2')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: d.governorate })).toHaveValue('');
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
      d.governorateRule,
    ]) {
      expect(screen.getByText(rule)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(m.fullName)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: d.governorate })).toHaveAttribute('aria-invalid', 'true');
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

  it('lists the 27 governorates, filters them as she types (either language, any spelling) and chooses by keyboard', async () => {
    const { calls } = serve(sampleCart());
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    const input = await screen.findByRole('combobox', { name: d.governorate });
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: d.governorates });
    expect(within(list).getAllByRole('option')).toHaveLength(27);
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent('Cairo');

    await user.type(input, 'sinai');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['North Sinai', 'South Sinai']);
    // The first match is active; down moves to the next and wraps round, up comes back.
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByText('North Sinai').closest('li')?.id,
    );
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByText('South Sinai').closest('li')?.id,
    );
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByText('South Sinai').closest('li')?.id,
    );
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('South Sinai');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(quoteCalls(calls)).toHaveLength(1));

    // Arabic spellings meet: no hamza, heh for teh marbuta; Escape gives the chosen name back.
    await user.clear(input);
    await user.type(input, 'اسكندريه');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Alexandria']);
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('South Sinai');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'zzz');
    expect(screen.getByText(d.noGovernorateMatches)).toBeInTheDocument();
    await user.keyboard('{Escape}');

    // The list opens from the keyboard too, on the chosen one, which it marks.
    await user.keyboard('{ArrowDown}');
    const chosen = screen.getByRole('option', { name: 'South Sinai' });
    expect(chosen).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', chosen.id);
    await user.click(screen.getByRole('option', { name: 'Giza' }));
    expect(input).toHaveValue('Giza');
  });

  it("shows the server's quote: the fee, the cash-on-delivery fee, the estimate, the total and what to pay, for cash and InstaPay", async () => {
    const { calls } = serve(sampleCart());
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await chooseGovernorate('Alexandria');
    await waitFor(() => expect(summaryValue(m.shippingFee)).toBe('90 EGP'));
    expect(summaryValue(d.cashOnDeliveryFee)).toBe('10 EGP');
    expect(summaryValue(m.total)).toBe('1,121 EGP');
    expect(screen.getByText('Delivery in 2–5 days')).toBeInTheDocument();
    expect(
      screen.getByText('Please send the shipping fee of 90 EGP to the mobile wallet number 01012345678.'),
    ).toBeInTheDocument();
    expect(quoteCalls(calls)).toEqual([{ governorate: 'EG-ALX', paymentType: 'cash', cartId: CART_ID }]);

    await user.click(screen.getByRole('radio', { name: m.instapay }));
    await waitFor(() => expect(summaryValue(m.total)).toBe('1,111 EGP'));
    expect(screen.queryByText(d.cashOnDeliveryFee)).not.toBeInTheDocument();
    expect(
      screen.getByText('Please send the total of 1,111 EGP to the mobile wallet number 01012345678.'),
    ).toBeInTheDocument();
    expect(quoteCalls(calls).at(-1)).toEqual({
      governorate: 'EG-ALX',
      paymentType: 'instapay',
      cartId: CART_ID,
    });
  });

  it("says 'Free delivery' over the zone's threshold, and how much more reaches it below", async () => {
    serve(sampleCart());
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await chooseGovernorate('Cairo');
    await waitFor(() => expect(summaryValue(m.shippingFee)).toBe(d.freeDelivery));
    expect(summaryValue(m.total)).toBe('1,021 EGP');
    expect(screen.getByText(d.freeDeliveryCash)).toBeInTheDocument();
    expect(screen.queryByText(/more for free delivery/)).not.toBeInTheDocument();

    await chooseGovernorate('Giza');
    await waitFor(() => expect(summaryValue(m.shippingFee)).toBe('40 EGP'));
    expect(summaryValue(m.total)).toBe('1,061 EGP');
    expect(screen.getByText('Add 479 EGP more for free delivery')).toBeInTheDocument();
  });

  it('where cash on delivery is not offered, the cash option is disabled with its reason and InstaPay chosen', async () => {
    serve(sampleCart());
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await chooseGovernorate('North Sinai');
    const cash = screen.getByRole('radio', { name: m.cash });
    await waitFor(() => expect(cash).toBeDisabled());
    expect(screen.getByRole('radio', { name: m.instapay })).toBeChecked();
    expect(cash).toHaveAccessibleDescription(
      'Cash on delivery is not available in North Sinai: please pay with InstaPay.',
    );
    expect(screen.getByText(m.paymentProof)).toBeInTheDocument();

    await chooseGovernorate('Cairo');
    await waitFor(() => expect(cash).toBeEnabled());
  });

  it('a governorate the shop does not deliver to says so and the order cannot be placed', async () => {
    const { calls } = serve(sampleCart());
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await screen.findByLabelText(m.fullName);
    await fillShipping();
    await chooseGovernorate('New Valley');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We do not deliver to New Valley yet. Please choose another governorate.',
    );
    const button = screen.getByRole('button', { name: m.placeOrder });
    expect(button).toBeDisabled();
    expect(summaryValue(m.total)).toBe('1,021 EGP');
    await user.click(button);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('a quote that fails says the shop confirms the fee, and the order can still be placed', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/api/cart') return { body: { success: true, cart: sampleCart() } };
      if (call.url.pathname === '/api/delivery/quote') return { status: 500, body: {} };
      if (call.method === 'POST') return placedAnswer(makeOrder({ paymentType: 'cash' }));
      return undefined;
    });
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await screen.findByLabelText(m.fullName);
    await fillShipping();
    await chooseGovernorate('Giza');
    expect(await screen.findByText(d.quoteFailed)).toBeInTheDocument();
    expect(summaryValue(m.shippingFee)).toBe('—');
    await user.click(screen.getByRole('button', { name: m.placeOrder }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
  });

  it('starts with the governorate she chose last and remembers a new choice', async () => {
    serve(sampleCart());
    window.localStorage.setItem('deliveryGovernorate', 'EG-GZ');
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    expect(await screen.findByRole('combobox', { name: d.governorate })).toHaveValue('Giza');
    await waitFor(() => expect(summaryValue(m.shippingFee)).toBe('40 EGP'));
    await chooseGovernorate('Alexandria');
    expect(window.localStorage.getItem('deliveryGovernorate')).toBe('EG-ALX');
  });

  it('checks the proof: an image, under 5MB, and required for InstaPay; a good one is previewed', async () => {
    const { calls } = serve(sampleCart());
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await screen.findByLabelText(m.fullName);
    await fillShipping();
    await chooseGovernorate('Cairo');
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
    await chooseGovernorate('Giza');
    await user.click(screen.getByRole('button', { name: m.placeOrder }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const form = calls.find((call) => call.method === 'POST')?.body as FormData | undefined;
    expect(form?.get('paymentType')).toBe('cash');
    expect(form?.has('paymentImage')).toBe(false);
    expect(form?.get('governorate')).toBe('EG-GZ');
    expect(form?.get('city')).toBe('Giza');
  });

  it("keeps the shop's refusal of the number in sight, its WhatsApp link a link, until she pays otherwise", async () => {
    const refusal = format(messages.confirmation.cashBlockedChat, { link: 'https://wa.me/201098765432' });
    serve(sampleCart(), () => ({ status: 403, body: { success: false, message: refusal } }));
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await screen.findByLabelText(m.fullName);
    await fillShipping();
    await chooseGovernorate('Giza');
    await user.click(screen.getByRole('button', { name: m.placeOrder }));
    const shown = await screen.findByRole('alert');
    expect(shown).toHaveTextContent(refusal);
    expect(within(shown).getByRole('link', { name: 'https://wa.me/201098765432' })).toHaveAttribute(
      'href',
      'https://wa.me/201098765432',
    );
    await user.click(screen.getByRole('radio', { name: m.instapay }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it("sends a governorate outside Cairo and Giza with SPEC's third city", async () => {
    const { calls } = serve(sampleCart(), () => placedAnswer(makeOrder({ paymentType: 'cash' })));
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await screen.findByLabelText(m.fullName);
    await fillShipping();
    await chooseGovernorate('Alexandria');
    await user.click(screen.getByRole('button', { name: m.placeOrder }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const form = calls.find((call) => call.method === 'POST')?.body as FormData;
    expect(form.get('governorate')).toBe('EG-ALX');
    expect(form.get('city')).toBe('Outside Cairo and Giza');
    expect(form.get('address')).toBe('12 El Nozha Street, Floor 3, Apartment 7, Heliopolis, Alexandria');
  });

  it("sends the multipart order once with an Idempotency-Key, shows Processing..., then goes to the order's confirmation page with an empty cart", async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const { calls } = serve(sampleCart(), () => new Promise((resolve) => (answer = resolve)));
    const { router, queryClient } = renderRoute(<CheckoutPage />, { path: '/checkout' });
    await screen.findByLabelText(m.fullName);
    await fillShipping();
    await user.type(screen.getByLabelText(m.landmark), 'Near Merryland Park');
    await chooseGovernorate('Cairo');
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
      governorate: 'EG-C',
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
    await chooseGovernorate('Cairo');
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
