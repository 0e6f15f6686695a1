import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format, messages } from '@/shared/messages';
import type { OrderDto } from '@/shared/schemas/order';
import { clearToasts, makeOrder, makeOrderLines, mockFetch, type RecordedCall } from '@/web/lib/testing';
import { renderAdmin } from './testing';

const m = messages.admin;

function serve(orders: () => OrderDto[], pages = 1) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/order') {
      return {
        body: {
          success: true,
          results: orders(),
          pagination: {
            page: Number(call.url.searchParams.get('page') ?? 1),
            pages,
            total: orders().length,
            limit: 10,
          },
        },
      };
    }
    return undefined;
  });
}

const orderRequests = (calls: RecordedCall[]) => calls.filter((call) => call.url.pathname === '/api/order');

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('admin order list', () => {
  it('shows the order number, the id cut to 10 characters on the table and 8 on cards, 2 products then "+n more items"', async () => {
    const order = makeOrder({
      _id: 'abcdef12-3456-4aaa-8aaa-aaaaaaaaaaaa',
      number: 'N-10234',
      products: makeOrderLines(5),
      status: 'confirmed',
    });
    serve(() => [order]);
    renderAdmin('/dashboard/manage_orders');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('N-10234')).toBeInTheDocument();
    expect(within(row).getByText('abcdef12-3')).toBeInTheDocument();
    expect(within(row).getByText(format(m.moreItems, { n: 3 }))).toBeInTheDocument();
    expect(within(row).getByText(messages.orders.confirmed)).toHaveClass('text-info');
    expect(within(row).queryByText(/Item 3/)).not.toBeInTheDocument();

    expect(
      within(row).getByRole('link', { name: format(m.viewOrder, { number: 'N-10234' }) }),
    ).toBeInTheDocument();
    const card = screen.getAllByRole('link', { name: format(m.viewOrder, { number: 'N-10234' }) })[1]!;
    expect(within(card).getByText('N-10234')).toBeInTheDocument();
    expect(within(card).getByText('abcdef12')).toBeInTheDocument();
    expect(within(card).getByText(format(m.moreItems, { n: 3 }))).toBeInTheDocument();
    expect(card).toHaveAttribute('href', `/dashboard/order/${order._id}`);
  });

  it('shows "Delivered" in green for completed orders and no "+n" for two products', async () => {
    serve(() => [makeOrder({ status: 'completed', products: makeOrderLines(2) })]);
    renderAdmin('/dashboard/orders');
    const table = await screen.findByRole('table');
    expect(within(table).getByText(messages.orders.delivered)).toHaveClass('text-success');
    expect(within(table).queryByText(/more items/)).not.toBeInTheDocument();
  });

  it('shows skeletons while loading, then searches and filters on the server with numbered pages', async () => {
    const { calls } = serve(() => [makeOrder()], 12);
    renderAdmin('/dashboard/manage_orders');
    expect(screen.getAllByTestId('order-skeleton').length).toBeGreaterThan(0);
    await screen.findByRole('table');
    expect(orderRequests(calls)[0]!.url.searchParams.get('limit')).toBe('10');
    const pager = screen.getByRole('navigation', { name: messages.catalog.pagination });
    expect(within(pager).getAllByText('…')).toHaveLength(1);
    await userEvent.click(
      within(pager).getByRole('button', { name: format(messages.catalog.pageN, { n: 12 }) }),
    );
    await waitFor(() => expect(orderRequests(calls).at(-1)!.url.searchParams.get('page')).toBe('12'));

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: m.filterByStatus }),
      messages.orders.cancelled,
    );
    await waitFor(() =>
      expect(orderRequests(calls).at(-1)!.url.searchParams.get('status')).toBe('cancelled'),
    );
    expect(orderRequests(calls).at(-1)!.url.searchParams.get('page')).toBe('1');

    await userEvent.type(screen.getByRole('searchbox', { name: m.searchOrders }), 'abcdef');
    await waitFor(() => expect(orderRequests(calls).at(-1)!.url.searchParams.get('search')).toBe('abcdef'));
  });

  it('reloads on Refresh and says "Orders refreshed"', async () => {
    let orders = [makeOrder({ name: 'First Customer' })];
    serve(() => orders);
    renderAdmin('/dashboard/manage_orders');
    await screen.findAllByText('First Customer');
    orders = [makeOrder({ name: 'Second Customer' })];
    await userEvent.click(screen.getByRole('button', { name: m.refresh }));
    expect(await screen.findByText(m.ordersRefreshed)).toBeInTheDocument();
    expect(screen.getAllByText('Second Customer').length).toBeGreaterThan(0);
  });

  it('says "No orders found" for an empty page and "Failed to fetch orders" when the list fails', async () => {
    serve(() => []);
    const empty = renderAdmin('/dashboard/manage_orders');
    expect(await screen.findByText(m.noOrdersFound)).toBeInTheDocument();
    empty.unmount();

    mockFetch(() => ({ status: 500, body: {} }));
    renderAdmin('/dashboard/manage_orders');
    expect(await screen.findByText(messages.orders.failedToFetchOrders)).toBeInTheDocument();
  });
});
