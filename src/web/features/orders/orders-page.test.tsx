import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '@/shared/constants';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import type { OrderDto } from '@/shared/schemas/order';
import {
  clearToasts,
  makeOrder,
  mockFetch,
  renderRoute,
  sampleOrderLine,
  setStoredSession,
  type Answer,
  type RecordedCall,
} from '@/web/lib/testing';
import { queryKeys } from '@/web/lib/query-keys';
import OrderPage from './order-page';
import OrdersPage from './orders-page';

const m = messages.orders;

/** The shopper's order of two linen dresses (901 + 70 EGP), in `status`, with its own id. */
function dressOrder(status: OrderStatus | string, overrides: Partial<OrderDto> = {}): OrderDto {
  return makeOrder({
    status: status as OrderStatus,
    address: '12 El Nozha Street, Floor 3, Apartment 7, Heliopolis, Cairo',
    products: [sampleOrderLine()],
    totalPrice: 901,
    grandTotal: 971,
    createdBy: { _id: 'u1', username: 'user', email: 'user@example.com' },
    ...overrides,
  });
}

function serve(
  orders: () => OrderDto[],
  onPatch: (call: RecordedCall) => Answer | undefined = () => undefined,
) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/order/user/orders') {
      return { body: { success: true, results: orders() } };
    }
    if (call.method === 'PATCH') return onPatch(call);
    return undefined;
  });
}

function orderCards() {
  return screen.getAllByRole('article');
}

function badgeOf(card: HTMLElement, label: string) {
  return within(card).getByText(label, { selector: 'span' });
}

beforeEach(() => setStoredSession('user'));
afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('my orders', () => {
  it('lists each order with its number, date, lines, stored fee and totals', async () => {
    const order = dressOrder('pending');
    serve(() => [order]);
    renderRoute(<OrdersPage />, { path: '/allorders' });
    expect(screen.getByRole('status')).toHaveTextContent(m.loadingOrders);
    const card = await screen.findByRole('article', {
      name: format(m.orderNumber, { number: order.number }),
    });
    expect(card).toHaveTextContent('Placed on');
    expect(card).toHaveTextContent('2026');
    expect(within(card).getByText('Linen Summer Dress')).toBeInTheDocument();
    expect(within(card).getByText('2 × 450.50 EGP')).toBeInTheDocument();
    expect(within(card).getByText('901 EGP')).toBeInTheDocument();
    expect(within(card).getByText('70 EGP')).toBeInTheDocument();
    expect(within(card).getByText('971 EGP')).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: format(m.viewOrder, { number: order.number }) }),
    ).toHaveAttribute('href', `/orders/${order._id}`);
  });

  it('right after checkout, thanks the shopper with the number, how to pay and a link to the order', async () => {
    const order = dressOrder('pending', { paymentType: 'instapay' });
    serve(() => [order]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
    // The checkout's answer put the order in the cache: the thanks asks for nothing.
    queryClient.setQueryData(queryKeys.order(order._id), order);
    renderRoute(<OrdersPage />, {
      path: '/allorders',
      initialEntry: { pathname: '/allorders', state: { placedOrderId: order._id } },
      queryClient,
    });
    const thanks = await screen.findByRole('region', { name: `${m.thankYou} ${order.number}` });
    expect(
      within(thanks).getByRole('link', { name: format(m.viewOrder, { number: order.number }) }),
    ).toHaveAttribute('href', `/orders/${order._id}`);
    expect(within(thanks).getByRole('button', { name: m.copyWalletNumber })).toBeInTheDocument();
    // The list is there as before, below the thanks.
    expect(
      await screen.findByRole('article', { name: format(m.orderNumber, { number: order.number }) }),
    ).toBeInTheDocument();
  });

  it("opens the order's page from the thanks, which thanks her there too, this once", async () => {
    const order = dressOrder('pending', { paymentType: 'instapay' });
    serve(() => [order]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
    queryClient.setQueryData(queryKeys.order(order._id), order);
    renderRoute(<OrdersPage />, {
      path: '/allorders',
      initialEntry: { pathname: '/allorders', state: { placedOrderId: order._id } },
      routes: [{ path: '/orders/:id', element: <OrderPage /> }],
      queryClient,
    });
    const thanks = await screen.findByRole('region', { name: `${m.thankYou} ${order.number}` });
    await userEvent.click(
      within(thanks).getByRole('link', { name: format(m.viewOrder, { number: order.number }) }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: `${m.thankYou} ${order.number}` }),
    ).toBeInTheDocument();
  });

  it('shows no thanks on a visit that does not come from checkout', async () => {
    const order = dressOrder('pending');
    serve(() => [order]);
    renderRoute(<OrdersPage />, { path: '/allorders' });
    await screen.findByRole('article', { name: format(m.orderNumber, { number: order.number }) });
    expect(screen.queryByRole('heading', { name: new RegExp(m.thankYou) })).not.toBeInTheDocument();
  });

  it('names the size and colour of each line sold in one', async () => {
    const order = dressOrder('pending', {
      products: [
        sampleOrderLine({ _id: 'line-m', variant: { sku: 'LD-M', options: { Size: 'M', Color: 'Navy' } } }),
        sampleOrderLine({ _id: 'line-l', variant: { sku: 'LD-L', options: { Size: 'L', Color: 'Navy' } } }),
      ],
    });
    serve(() => [order]);
    renderRoute(<OrdersPage />, { path: '/allorders' });
    const card = await screen.findByRole('article', {
      name: format(m.orderNumber, { number: order.number }),
    });
    expect(within(card).getByText('Size: M · Color: Navy')).toBeInTheDocument();
    expect(within(card).getByText('Size: L · Color: Navy')).toBeInTheDocument();
  });

  it('colours each status and shows completed as Delivered and an unknown status as it is', async () => {
    serve(() => [
      dressOrder('pending'),
      dressOrder('confirmed'),
      dressOrder('completed'),
      dressOrder('cancelled'),
      dressOrder('on-hold'),
    ]);
    renderRoute(<OrdersPage />, { path: '/allorders' });
    await screen.findAllByRole('article');
    const [pending, confirmed, completed, cancelled, unknown] = orderCards();
    expect(badgeOf(pending!, m.pending)).toHaveClass('text-warning');
    expect(badgeOf(confirmed!, m.confirmed)).toHaveClass('text-info');
    expect(badgeOf(completed!, m.delivered)).toHaveClass('text-success');
    expect(badgeOf(cancelled!, m.cancelled)).toHaveClass('text-danger');
    expect(badgeOf(unknown!, 'on-hold')).toHaveClass('text-ink-soft');
  });

  it('filters by All, Pending, Cancelled, Confirmed and Delivered (completed)', async () => {
    serve(() => [
      dressOrder('pending'),
      dressOrder('completed'),
      dressOrder('completed'),
      dressOrder('cancelled'),
    ]);
    renderRoute(<OrdersPage />, { path: '/allorders' });
    await screen.findAllByRole('article');
    const filters = screen.getByRole('group', { name: m.filterOrders });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([m.filterAll, m.pending, m.cancelled, m.confirmed, m.delivered]);
    expect(orderCards()).toHaveLength(4);

    await userEvent.click(within(filters).getByRole('button', { name: m.delivered }));
    expect(within(filters).getByRole('button', { name: m.delivered })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(orderCards()).toHaveLength(2);
    for (const card of orderCards()) expect(badgeOf(card, m.delivered)).toBeInTheDocument();

    await userEvent.click(within(filters).getByRole('button', { name: m.confirmed }));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText(m.noOrdersWithStatus)).toBeInTheDocument();

    await userEvent.click(within(filters).getByRole('button', { name: m.pending }));
    expect(orderCards()).toHaveLength(1);
    await userEvent.click(within(filters).getByRole('button', { name: m.filterAll }));
    expect(orderCards()).toHaveLength(4);
  });

  it('offers Cancel Order only while pending or confirmed', async () => {
    serve(() => [
      dressOrder('pending'),
      dressOrder('confirmed'),
      dressOrder('completed'),
      dressOrder('cancelled'),
    ]);
    renderRoute(<OrdersPage />, { path: '/allorders' });
    await screen.findAllByRole('article');
    const withButton = orderCards().map(
      (card) => within(card).queryByRole('button', { name: m.cancelOrder }) !== null,
    );
    expect(withButton).toEqual([true, true, false, false]);
  });

  it('cancels after confirmation, says so and reloads the list', async () => {
    let order = dressOrder('pending');
    const { calls } = serve(
      () => [order],
      (call) => {
        order = { ...order, status: 'cancelled' };
        return call.url.pathname === `/api/order/${order._id}/status`
          ? { body: { success: true, message: 'ok', results: order } }
          : undefined;
      },
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { queryClient } = renderRoute(<OrdersPage />, { path: '/allorders' });
    // The order's page was seen before (as it is right after checkout): it must not keep the old status.
    queryClient.setQueryData(queryKeys.order(order._id), order);
    await userEvent.click(await screen.findByRole('button', { name: m.cancelOrder }));

    expect(confirm).toHaveBeenCalledWith(m.confirmCancel);
    expect(await screen.findByText(m.statusUpdated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'cancelled' });
    await waitFor(() => expect(badgeOf(orderCards()[0]!, m.cancelled)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: m.cancelOrder })).not.toBeInTheDocument();
    expect(queryClient.getQueryData<OrderDto>(queryKeys.order(order._id))?.status).toBe('cancelled');
  });

  it('does nothing when the shopper does not confirm', async () => {
    const { calls } = serve(() => [dressOrder('pending')]);
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderRoute(<OrdersPage />, { path: '/allorders' });
    await userEvent.click(await screen.findByRole('button', { name: m.cancelOrder }));
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('a refused cancel shows Failed to update order status, or the server message', async () => {
    let withMessage = false;
    serve(
      () => [dressOrder('pending')],
      () => ({
        status: withMessage ? 409 : 500,
        body: withMessage ? { success: false, message: m.cannotCancel } : {},
      }),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderRoute(<OrdersPage />, { path: '/allorders' });
    await userEvent.click(await screen.findByRole('button', { name: m.cancelOrder }));
    expect(await screen.findByText(m.failedToUpdateStatus)).toBeInTheDocument();
    withMessage = true;
    await userEvent.click(await screen.findByRole('button', { name: m.cancelOrder }));
    expect(await screen.findByText(m.cannotCancel)).toBeInTheDocument();
  });

  it('no orders: No Orders Yet with a link to the products', async () => {
    serve(() => []);
    renderRoute(<OrdersPage />, { path: '/allorders' });
    expect(await screen.findByRole('heading', { name: m.noOrdersYet })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.browseProducts })).toHaveAttribute('href', '/products');
  });

  it('a failed load says Failed to fetch orders and offers Try Again', async () => {
    mockFetch(() => ({ status: 500, body: {} }));
    renderRoute(<OrdersPage />, { path: '/allorders' });
    expect(await screen.findByText(m.failedToFetchOrders)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.layout.tryAgain })).toBeInTheDocument();
  });
});
