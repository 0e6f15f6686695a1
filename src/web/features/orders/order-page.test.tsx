import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/web/i18n/dates';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import type { OrderDto, OrderHistoryEntry } from '@/shared/schemas/order';
import {
  clearToasts,
  makeOrder,
  mockFetch,
  renderRoute,
  sampleOrderLine,
  setStoredSession,
  setWhatsappNumber,
  type TestRole,
} from '@/web/lib/testing';
import { createQueryClient } from '@/web/lib/query-client';
import { queryKeys } from '@/web/lib/query-keys';
import { walletNumber } from '@/web/lib/shop';
import type { DeliveryHistoryEntry, OrderDeliveryFields } from './order-delivery';
import OrderPage from './order-page';

const m = messages.orders;
const d = messages.delivery;

const PLACED = '2026-11-20T10:30:00.000Z';
const CONFIRMED = '2026-11-21T09:00:00.000Z';
const DELIVERED = '2026-11-23T16:45:00.000Z';

const shopper = { _id: 'u1', username: 'mariam' };
const owner = { _id: 'a1', username: 'Amira' };

function step(
  status: OrderHistoryEntry['status'],
  at: string,
  note: string | null = null,
): OrderHistoryEntry {
  return { status, at, by: status === 'pending' ? shopper : owner, note };
}

/** Mariam's order of two linen dresses (901 EGP) to Heliopolis, Cairo (70 EGP shipping). */
function dressOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  return makeOrder({
    number: 'N-10042',
    createdAt: PLACED,
    address: '12 El Nozha Street, Floor 3, Apartment 7, Heliopolis, Cairo',
    products: [sampleOrderLine()],
    totalPrice: 901,
    shippingFee: 70,
    grandTotal: 971,
    paymentType: 'cash',
    paymentImage: null,
    history: [step('pending', PLACED)],
    ...overrides,
  });
}

function serve(order: OrderDto) {
  return mockFetch((call) =>
    call.method === 'GET' && call.url.pathname === `/api/order/${order._id}`
      ? { body: { success: true, results: order } }
      : undefined,
  );
}

/** The order's page; `justPlaced` as My Orders' thanks opens it right after checkout. */
function open(order: OrderDto, role: TestRole = 'user', { justPlaced = false } = {}) {
  setStoredSession(role);
  const calls = serve(order);
  const pathname = `/orders/${order._id}`;
  const rendered = renderRoute(<OrderPage />, {
    path: '/orders/:id',
    initialEntry: justPlaced ? { pathname, state: { placedOrderId: order._id } } : pathname,
  });
  return { ...calls, router: rendered.router };
}

async function thanks(order: OrderDto) {
  return screen.findByRole('heading', { level: 1, name: `${m.thankYou} ${order.number}` });
}

/** The heading of every visit but the first: the order named, no thanks. */
async function named(order: OrderDto) {
  return screen.findByRole('heading', { level: 1, name: `${m.orderHeading} ${order.number}` });
}

function timeline() {
  return within(screen.getByRole('region', { name: m.statusTimeline }));
}

/** Each step of the timeline as its text: label, then date or 'Not yet', then the note. */
function steps(): string[] {
  return timeline()
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

function currentStep() {
  return timeline()
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step');
}

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setWhatsappNumber(null);
});

describe('order confirmation page', () => {
  it('thanks the shopper with the number, and shows the lines, totals and address', async () => {
    const order = dressOrder();
    open(order, 'user', { justPlaced: true });
    expect(screen.getByRole('status')).toHaveTextContent(m.loadingOrder);
    await thanks(order);
    expect(screen.getByText(format(m.placedOn, { date: formatDateTime(PLACED) }))).toBeInTheDocument();
    expect(screen.getByText(m.pending, { selector: 'span' })).toHaveClass('text-warning');

    const items = within(screen.getByRole('region', { name: m.items }));
    const [line] = items.getAllByRole('listitem');
    expect(within(line!).getByText('Linen Summer Dress')).toBeInTheDocument();
    expect(within(line!).getByText('2 × 450.50 EGP')).toBeInTheDocument();
    expect(within(line!).getByText('901 EGP')).toBeInTheDocument();
    expect(line!.querySelector('img')).toHaveAttribute('src', '/uploads/dress.webp');
    const totals = Object.fromEntries(
      items.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(totals).toEqual({ [m.subtotal]: '901 EGP', [m.shippingFee]: '70 EGP', [m.total]: '971 EGP' });

    const delivery = screen.getByRole('region', { name: m.deliverTo });
    expect(delivery).toHaveTextContent('Mariam Hassan');
    expect(delivery).toHaveTextContent('01012345678');
    expect(delivery).toHaveTextContent('12 El Nozha Street, Floor 3, Apartment 7, Heliopolis, Cairo');
    expect(screen.getByRole('link', { name: m.viewAllOrders })).toHaveAttribute('href', '/allorders');
    expect(document.title).toContain(format(m.orderNumber, { number: order.number }));
  });

  it('cash: asks for the shipping fee to the wallet, with the number to copy', async () => {
    open(dressOrder({ paymentType: 'cash' }));
    await screen.findByRole('heading', { level: 1 });
    const payment = within(screen.getByRole('region', { name: m.payment }));
    expect(payment.getByText(m.cash)).toBeInTheDocument();
    expect(
      payment.getByText(format(m.cashInstructions, { fee: '70', phone: walletNumber })),
    ).toBeInTheDocument();
    expect(payment.getByText(walletNumber)).toBeInTheDocument();
    expect(payment.getByRole('button', { name: m.copyWalletNumber })).toBeInTheDocument();
    expect(payment.queryByRole('link', { name: m.viewPaymentProof })).not.toBeInTheDocument();
  });

  it('InstaPay: asks for the total to the wallet and links the proof the shopper sent', async () => {
    open(dressOrder({ paymentType: 'instapay', paymentImage: { url: '/files/proof.webp?sig=abc' } }));
    await screen.findByRole('heading', { level: 1 });
    const payment = within(screen.getByRole('region', { name: m.payment }));
    expect(payment.getByText(m.instapay)).toBeInTheDocument();
    expect(
      payment.getByText(format(m.onlineInstructions, { total: '971', phone: walletNumber })),
    ).toBeInTheDocument();
    const proof = payment.getByRole('link', { name: m.viewPaymentProof });
    expect(proof).toHaveAttribute('href', '/files/proof.webp?sig=abc');
    expect(proof).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('copies the wallet number and says Copied', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    open(dressOrder());
    await user.click(await screen.findByRole('button', { name: m.copyWalletNumber }));
    expect(writeText).toHaveBeenCalledWith(walletNumber);
    expect(await navigator.clipboard.readText()).toBe(walletNumber);
    expect(await screen.findByText(m.copied)).toBeInTheDocument();
  });

  it('says so when the browser refuses to copy', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    open(dressOrder());
    await user.click(await screen.findByRole('button', { name: m.copyWalletNumber }));
    expect(await screen.findByText(m.copyFailed)).toBeInTheDocument();
    expect(screen.queryByText(m.copied)).not.toBeInTheDocument();
  });

  it('a payment the shop received says when, instead of the instructions', async () => {
    const at = '2026-11-20T12:00:00.000Z';
    open(dressOrder({ paymentType: 'instapay', payment: { verified: true, at, by: owner } }));
    await screen.findByRole('heading', { level: 1 });
    const payment = within(screen.getByRole('region', { name: m.payment }));
    expect(payment.getByText(format(m.paymentReceived, { date: formatDateTime(at) }))).toBeInTheDocument();
    expect(payment.queryByRole('button', { name: m.copyWalletNumber })).not.toBeInTheDocument();
    expect(payment.queryByText(/Please send/)).not.toBeInTheDocument();
  });

  it('a placed order: placed with its date, confirmed and delivered still to come', async () => {
    open(dressOrder());
    await screen.findByRole('heading', { level: 1 });
    expect(steps()).toEqual([
      `${m.orderPlacedStep}${formatDateTime(PLACED)}`,
      `${m.confirmed}${m.stepToCome}`,
      `${d.deliveryStates.shipped}${m.stepToCome}`,
      `${m.delivered}${m.stepToCome}`,
    ]);
    expect(currentStep()).toHaveTextContent(m.orderPlacedStep);
  });

  it('a confirmed order shows when, with the shop’s note; delivery is next', async () => {
    open(
      dressOrder({
        status: 'confirmed',
        history: [step('pending', PLACED), step('confirmed', CONFIRMED, 'Ships Sunday')],
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(steps()).toEqual([
      `${m.orderPlacedStep}${formatDateTime(PLACED)}`,
      `${m.confirmed}${formatDateTime(CONFIRMED)}${format(m.stepNote, { note: 'Ships Sunday' })}`,
      `${d.deliveryStates.shipped}${m.stepToCome}`,
      `${m.delivered}${m.stepToCome}`,
    ]);
    expect(currentStep()).toHaveTextContent(m.confirmed);
  });

  it('a delivered order (completed) has every step dated and nothing to come', async () => {
    open(
      dressOrder({
        status: 'completed',
        history: [step('pending', PLACED), step('confirmed', CONFIRMED), step('completed', DELIVERED)],
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(steps()).toEqual([
      `${m.orderPlacedStep}${formatDateTime(PLACED)}`,
      `${m.confirmed}${formatDateTime(CONFIRMED)}`,
      `${m.delivered}${formatDateTime(DELIVERED)}`,
    ]);
    expect(currentStep()).toHaveTextContent(m.delivered);
    // Nothing is left to pay on a delivered order.
    expect(screen.queryByRole('button', { name: m.copyWalletNumber })).not.toBeInTheDocument();
  });

  it('a cancelled order ends the timeline with the cancellation and its note, and asks for no payment', async () => {
    open(
      dressOrder({
        status: 'cancelled',
        history: [step('pending', PLACED), step('cancelled', CONFIRMED, 'Out of the blue size')],
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(steps()).toEqual([
      `${m.orderPlacedStep}${formatDateTime(PLACED)}`,
      `${m.cancelled}${formatDateTime(CONFIRMED)}${format(m.stepNote, { note: 'Out of the blue size' })}`,
    ]);
    expect(screen.getByText(m.cancelled, { selector: 'span' })).toHaveClass('text-danger');
    expect(screen.queryByText(/Please send/)).not.toBeInTheDocument();
  });

  it('shows each change as recorded, even back to pending', async () => {
    open(
      dressOrder({
        status: 'pending',
        history: [step('pending', PLACED), step('confirmed', CONFIRMED), step('pending', DELIVERED)],
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(steps()).toEqual([
      `${m.orderPlacedStep}${formatDateTime(PLACED)}`,
      `${m.confirmed}${formatDateTime(CONFIRMED)}`,
      `${m.pending}${formatDateTime(DELIVERED)}`,
      `${m.confirmed}${m.stepToCome}`,
      `${d.deliveryStates.shipped}${m.stepToCome}`,
      `${m.delivered}${m.stepToCome}`,
    ]);
  });

  it("names a line's size and colour when it has a variant, and nothing when not", async () => {
    const withVariant = {
      ...sampleOrderLine({ _id: 'line-m' }),
      variant: { sku: 'DRESS-M-NAVY', options: { Size: 'M', Color: 'Navy' } },
    };
    open(dressOrder({ products: [withVariant, sampleOrderLine({ _id: 'line-plain' })] }));
    await screen.findByRole('heading', { level: 1 });
    const [first, second] = within(screen.getByRole('region', { name: m.items })).getAllByRole('listitem');
    expect(first).toHaveTextContent('Size: M · Color: Navy');
    expect(second).not.toHaveTextContent('Size');
  });

  it("offers 'Ask about this order' on WhatsApp with the number typed in", async () => {
    setWhatsappNumber('201012345678');
    const order = dressOrder();
    open(order);
    const ask = await screen.findByRole('link', { name: m.askAboutOrder });
    const url = new URL(ask.getAttribute('href') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/201012345678');
    expect(url.searchParams.get('text')).toBe(format(m.askAboutOrderText, { number: 'N-10042' }));
  });

  it('has no WhatsApp link when the shop has no number', async () => {
    open(dressOrder());
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: m.askAboutOrder })).not.toBeInTheDocument();
  });

  it('thanks only on the visit right after checkout: the state is dropped, so a reload names the order', async () => {
    const order = dressOrder();
    const { router } = open(order, 'user', { justPlaced: true });
    await thanks(order);
    // What a reload or Back reads again: the entry's state, now gone.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe(`/orders/${order._id}`);
    expect(await thanks(order)).toBeInTheDocument();
  });

  it('names the order, without thanks, on a later visit (from My Orders, an e-mail or a reload)', async () => {
    const order = dressOrder();
    open(order);
    expect(await named(order)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: new RegExp(m.thankYou) })).not.toBeInTheDocument();
  });

  it('does not thank for another order than the one just placed', async () => {
    const order = dressOrder();
    setStoredSession('user');
    serve(order);
    renderRoute(<OrderPage />, {
      path: '/orders/:id',
      initialEntry: { pathname: `/orders/${order._id}`, state: { placedOrderId: 'another-order' } },
    });
    expect(await named(order)).toBeInTheDocument();
  });

  it('an admin sees any order the same way', async () => {
    const order = dressOrder();
    open(order, 'admin');
    expect(await named(order)).toBeInTheDocument();
  });

  it.each([403, 404, 400])('answers %i as Order Not Found, with a way back to My Orders', async (status) => {
    setStoredSession('user');
    mockFetch(() => ({ status, body: { success: false, message: 'Order not found' } }));
    renderRoute(<OrderPage />, { path: '/orders/:id', initialEntry: '/orders/someone-elses' });
    expect(await screen.findByRole('heading', { level: 1, name: m.orderNotFound })).toBeInTheDocument();
    expect(screen.getByText(m.orderNotFoundText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.viewAllOrders })).toHaveAttribute('href', '/allorders');
  });

  it('a failed load says Failed to fetch order details and offers Try Again', async () => {
    setStoredSession('user');
    mockFetch(() => ({ status: 500, body: {} }));
    renderRoute(<OrderPage />, { path: '/orders/:id', initialEntry: '/orders/abc' });
    expect(await screen.findByRole('heading', { name: m.failedToFetchOrderDetails })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.layout.tryAgain })).toBeInTheDocument();
  });
});

describe('order confirmation page, reached from checkout', () => {
  beforeEach(() => setStoredSession('user'));

  it('shows the order checkout stored without asking the server again', async () => {
    // Filled by usePlaceOrder from POST /order's answer; see checkout-page.test.tsx.
    const order = dressOrder();
    const { fetchMock } = mockFetch(() => undefined);
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.order(order._id), order);
    renderRoute(<OrderPage />, {
      path: '/orders/:id',
      initialEntry: { pathname: `/orders/${order._id}`, state: { placedOrderId: order._id } },
      queryClient,
    });
    expect(await thanks(order)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  describe('on the road (issue 36)', () => {
    const SHIPPED = '2026-11-21T12:00:00.000Z';
    const REFUSED = '2026-11-23T11:00:00.000Z';
    const RETURNED = '2026-11-25T15:00:00.000Z';

    function road(
      state: DeliveryHistoryEntry['state'],
      at: string,
      note: string | null = null,
      source: DeliveryHistoryEntry['source'] = 'courier',
    ) {
      return { state, at, source, by: null, note } satisfies DeliveryHistoryEntry;
    }

    /** The order answer with issue 36's fields, as the contract (ISSUE36.md) writes them. */
    function onTheRoad(fields: Partial<OrderDeliveryFields>, overrides: Partial<OrderDto> = {}): OrderDto {
      const delivery: OrderDeliveryFields = {
        governorate: 'EG-ALX',
        deliveryZone: { id: 'outside', name: { en: 'Outside Cairo and Giza', ar: 'خارج القاهرة والجيزة' } },
        cashOnDeliveryFee: 10,
        deliveryState: 'shipped',
        shipment: {
          courier: 'bosta',
          request: 'created',
          trackingNumber: '7254839',
          trackingUrl: 'https://bosta.co/tracking-shipments?shipment-number=7254839',
          courierState: 'In transit',
          error: null,
          cashToCollect: 981,
          cashCollected: null,
          collectedAt: null,
          settled: false,
        },
        deliveryHistory: [road('shipped', SHIPPED, 'With Bosta')],
        ...fields,
      };
      return dressOrder({
        status: 'confirmed',
        city: 'Outside Cairo and Giza',
        shippingFee: 90,
        grandTotal: 1001,
        // Shipping confirmed it at the same moment: confirmed comes first.
        history: [step('pending', PLACED), step('confirmed', SHIPPED)],
        ...overrides,
        // Spread apart from the typed overrides: the shared OrderDto does not carry these fields yet.
        ...delivery,
      });
    }

    it('a shipped order shows its state beside the status, the tracking link, the governorate, the cash fee and the step', async () => {
      open(onTheRoad({}));
      await screen.findByRole('heading', { level: 1 });
      const badge = screen.getByText(d.deliveryStates.shipped, { selector: '[data-delivery-state]' });
      expect(badge).toHaveClass('text-info');
      expect(screen.getByText(m.confirmed, { selector: '[data-status]' })).toBeInTheDocument();

      const link = screen.getByRole('link', { name: 'Track 7254839 (opens in a new tab)' });
      expect(link).toHaveAttribute('href', 'https://bosta.co/tracking-shipments?shipment-number=7254839');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
      const delivery = screen.getByRole('region', { name: m.deliverTo });
      expect(delivery).toHaveTextContent(`${d.governorate}: Alexandria`);
      expect(delivery).toHaveTextContent(`${d.trackingNumber}: 7254839`);

      const items = within(screen.getByRole('region', { name: m.items }));
      const totals = Object.fromEntries(
        items.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
      expect(totals).toEqual({
        [m.subtotal]: '901 EGP',
        [m.shippingFee]: '90 EGP',
        [d.cashOnDeliveryFee]: '10 EGP',
        [m.total]: '1,001 EGP',
      });

      expect(steps()).toEqual([
        `${m.orderPlacedStep}${formatDateTime(PLACED)}`,
        `${m.confirmed}${formatDateTime(SHIPPED)}`,
        // The courier's own words ('With Bosta') are not the shopper's: the step says it.
        `${d.deliveryStates.shipped}${formatDateTime(SHIPPED)}`,
        `${m.delivered}${m.stepToCome}`,
      ]);
      expect(currentStep()).toHaveTextContent(d.deliveryStates.shipped);
    });

    it('a confirmed order not yet shipped has Shipped, then Delivered ahead, and no badge or tracking yet', async () => {
      open(
        onTheRoad(
          { deliveryState: 'notShipped', shipment: null, deliveryHistory: [], cashOnDeliveryFee: 0 },
          { history: [step('pending', PLACED), step('confirmed', CONFIRMED)] },
        ),
      );
      await screen.findByRole('heading', { level: 1 });
      expect(steps()).toEqual([
        `${m.orderPlacedStep}${formatDateTime(PLACED)}`,
        `${m.confirmed}${formatDateTime(CONFIRMED)}`,
        `${d.deliveryStates.shipped}${m.stepToCome}`,
        `${m.delivered}${m.stepToCome}`,
      ]);
      expect(document.querySelector('[data-delivery-state]')).toBeNull();
      expect(screen.queryByText(d.trackingNumber, { exact: false })).not.toBeInTheDocument();
      expect(screen.queryByText(d.cashOnDeliveryFee)).not.toBeInTheDocument();
    });

    it('a delivered order says Delivered once, at the courier’s time, without the courier’s own words', async () => {
      open(
        onTheRoad(
          {
            deliveryState: 'delivered',
            // The courier's note is its name of the state, in its language.
            deliveryHistory: [
              road('shipped', SHIPPED, 'Picked up'),
              road('delivered', DELIVERED, 'Delivered'),
            ],
          },
          {
            status: 'completed',
            history: [step('pending', PLACED), step('confirmed', CONFIRMED), step('completed', DELIVERED)],
          },
        ),
      );
      await screen.findByRole('heading', { level: 1 });
      expect(steps()).toEqual([
        `${m.orderPlacedStep}${formatDateTime(PLACED)}`,
        `${m.confirmed}${formatDateTime(CONFIRMED)}`,
        `${d.deliveryStates.shipped}${formatDateTime(SHIPPED)}`,
        `${d.deliveryStates.delivered}${formatDateTime(DELIVERED)}`,
      ]);
      // The status badge says it (SPEC's completed is delivered): no second badge with the same news.
      expect(document.querySelector('[data-delivery-state]')).toBeNull();
      expect(screen.getByText(m.delivered, { selector: '[data-status]' })).toBeInTheDocument();
    });

    it('a parcel refused at the door and returned: each step in time order with the cancellation', async () => {
      open(
        onTheRoad(
          {
            deliveryState: 'returned',
            deliveryHistory: [
              road('shipped', SHIPPED),
              road('refused', REFUSED, 'Customer not answering', 'staff'),
              road('returned', RETURNED),
            ],
          },
          {
            status: 'cancelled',
            history: [step('pending', PLACED), step('confirmed', CONFIRMED), step('cancelled', REFUSED)],
          },
        ),
      );
      await screen.findByRole('heading', { level: 1 });
      expect(steps()).toEqual([
        `${m.orderPlacedStep}${formatDateTime(PLACED)}`,
        `${m.confirmed}${formatDateTime(CONFIRMED)}`,
        `${d.deliveryStates.shipped}${formatDateTime(SHIPPED)}`,
        `${d.deliveryStates.refused}${formatDateTime(REFUSED)}${format(m.stepNote, { note: 'Customer not answering' })}`,
        `${m.cancelled}${formatDateTime(REFUSED)}`,
        `${d.deliveryStates.returned}${formatDateTime(RETURNED)}`,
      ]);
      expect(
        screen.getByText(d.deliveryStates.returned, { selector: '[data-delivery-state]' }),
      ).toBeInTheDocument();
    });

    it('a tracking number without a link is shown as text', async () => {
      const order = onTheRoad({});
      const { shipment } = order as OrderDto & OrderDeliveryFields;
      open({ ...order, shipment: { ...shipment!, trackingUrl: null } } as OrderDto);
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getByRole('region', { name: m.deliverTo })).toHaveTextContent(
        `${d.trackingNumber}: 7254839`,
      );
      expect(screen.queryByRole('link', { name: /7254839/ })).not.toBeInTheDocument();
    });
  });
});
