import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import type { OrderDto } from '@/shared/schemas/order';
import {
  clearToasts,
  makeOrder,
  makeOrderLines,
  mockFetch,
  renderRoutes,
  setStoredSession,
  type RecordedCall,
} from '@/web/lib/testing';
import OrdersPage from './orders-page';
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
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

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
    expect(within(row).getByText(messages.orders.confirmed)).toHaveClass('text-info');
    // The table's columns (issue 15): phone to call, payment method, proof state; the items are on the cards.
    expect(within(row).getByRole('link', { name: '01012345678' })).toHaveAttribute('href', 'tel:01012345678');
    expect(within(row).getByText(messages.orders.instapay)).toBeInTheDocument();
    expect(within(row).getByText(m.proofToCheck)).toBeInTheDocument();
    expect(within(row).getByText('170 EGP')).toBeInTheDocument();
    expect(within(row).queryByText(/Item 3/)).not.toBeInTheDocument();

    expect(
      within(row).getByRole('link', { name: format(m.viewOrder, { number: 'N-10234' }) }),
    ).toBeInTheDocument();
    // The card's link is its number, stretched over the card (named by what it shows, WCAG 2.5.3).
    const link = screen.getAllByRole('link', { name: format(m.viewOrder, { number: 'N-10234' }) })[1]!;
    expect(link).toHaveTextContent(/^N-10234$/);
    expect(link).toHaveAttribute('href', `/dashboard/order/${order._id}`);
    const card = link.closest('li')!;
    expect(within(card).getByText('abcdef12')).toBeInTheDocument();
    expect(within(card).getByText(format(m.moreItems, { n: 3 }))).toBeInTheDocument();
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

  it('keeps the filters in the address and asks the server with them', async () => {
    const { calls } = serve(() => [makeOrder()]);
    const { router } = renderAdmin('/dashboard/manage_orders?date=7d&paymentType=instapay&proof=toCheck');
    await screen.findByRole('table');
    const first = orderRequests(calls)[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({
      page: '1',
      limit: '10',
      period: '7d',
      paymentType: 'instapay',
      proof: 'toCheck',
    });
    expect(screen.getByRole('combobox', { name: m.filterByDate })).toHaveValue('7d');
    expect(screen.getByRole('combobox', { name: m.filterByPayment })).toHaveValue('instapay');
    expect(screen.getByRole('checkbox', { name: m.proofFilter })).toBeChecked();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: m.filterByDate }), m.dateRange);
    const from = screen.getByLabelText(m.fromDate);
    await userEvent.type(from, '2026-11-01');
    await userEvent.type(screen.getByLabelText(m.toDate), '2026-11-20');
    await waitFor(() => {
      const last = orderRequests(calls).at(-1)!.url.searchParams;
      expect([last.get('from'), last.get('to'), last.get('period')]).toEqual([
        '2026-11-01',
        '2026-11-20',
        null,
      ]);
    });
    expect(router.state.location.search).toBe(
      '?date=range&from=2026-11-01&to=2026-11-20&paymentType=instapay&proof=toCheck',
    );

    await userEvent.click(screen.getByRole('checkbox', { name: m.proofFilter }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: m.filterByPayment }),
      m.allPaymentMethods,
    );
    await waitFor(() =>
      expect(router.state.location.search).toBe('?date=range&from=2026-11-01&to=2026-11-20'),
    );
    expect(orderRequests(calls).at(-1)!.url.searchParams.get('proof')).toBeNull();
  });

  it("lets a row's link finish its way when the search box settles while the order page still loads", async () => {
    const order = makeOrder({ _id: 'abcdef12-3456-4aaa-8aaa-aaaaaaaaaaaa', number: 'N-10234' });
    const { calls } = serve(() => [order]);
    let loadOrderPage = () => {};
    const orderPageCode = new Promise<void>((resolve) => (loadOrderPage = resolve));
    setStoredSession('admin');
    const { router } = renderRoutes(
      [
        { path: '/dashboard/manage_orders', element: <OrdersPage /> },
        {
          path: '/dashboard/order/:id',
          lazy: () => orderPageCode.then(() => ({ element: <p>order page</p> })),
        },
      ],
      '/dashboard/manage_orders',
    );
    const table = await screen.findByRole('table');
    const link = within(table).getByRole('link', { name: format(m.viewOrder, { number: 'N-10234' }) });

    // Typing and the click come closer together than the search box's delay, whatever the machine's pace.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByRole('searchbox', { name: m.searchOrders }), { target: { value: 'abc' } });
    fireEvent.click(link);
    expect(router.state.navigation.state).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    vi.useRealTimers();

    expect(orderRequests(calls).some((call) => call.url.searchParams.has('search'))).toBe(false);
    await act(async () => loadOrderPage());
    expect(await screen.findByText('order page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/order/${order._id}`);
  });

  it('says in the search box what it searches', async () => {
    serve(() => [makeOrder()]);
    renderAdmin('/dashboard/manage_orders?search=N-10001');
    const box = await screen.findByRole('searchbox', { name: m.searchOrders });
    expect(box).toHaveAttribute('placeholder', m.searchOrders);
    expect(m.searchOrders).toMatch(/number.*name.*phone.*email/);
    expect(box).toHaveValue('N-10001');
  });

  it('exports the filtered orders as CSV with the list’s filters', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/api/order') {
        return {
          body: {
            success: true,
            results: [makeOrder()],
            pagination: { page: 1, pages: 1, total: 1, limit: 10 },
          },
        };
      }
      if (call.url.pathname === '/api/order/export.csv')
        return { body: 'Number,Date\r\nN-10001,2026-11-20 12:30\r\n' };
      return undefined;
    });
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:orders';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAdmin('/dashboard/manage_orders?status=pending&date=today');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: m.exportCsv }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const request = calls.find((call) => call.url.pathname === '/api/order/export.csv')!;
    expect(Object.fromEntries(request.url.searchParams)).toEqual({ status: 'pending', period: 'today' });
    // The byte order mark leads the file (text() would decode it away), so Excel reads it as UTF-8.
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await saved[0]!.text()).toBe('Number,Date\r\nN-10001,2026-11-20 12:30\r\n');
    click.mockRestore();
  });

  it('says so when the export fails', async () => {
    mockFetch((call) =>
      call.url.pathname === '/api/order'
        ? {
            body: {
              success: true,
              results: [makeOrder()],
              pagination: { page: 1, pages: 1, total: 1, limit: 10 },
            },
          }
        : { status: 500, body: {} },
    );
    renderAdmin('/dashboard/manage_orders');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: m.exportCsv }));
    expect(await screen.findByText(m.exportFailed)).toBeInTheDocument();
  });

  it('prints the selected orders as a batch', async () => {
    const first = makeOrder({ number: 'N-10001' });
    const second = makeOrder({ number: 'N-10002' });
    serve(() => [first, second]);
    renderAdmin('/dashboard/manage_orders');
    const table = await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: /Print selected/ })).not.toBeInTheDocument();
    await userEvent.click(
      within(table).getByRole('checkbox', { name: format(m.selectOrder, { number: 'N-10002' }) }),
    );
    expect(screen.getByRole('link', { name: format(m.printSelected, { n: 1 }) })).toHaveAttribute(
      'href',
      `/dashboard/orders/print?ids=${second._id}&kind=invoice`,
    );
    await userEvent.click(within(table).getByRole('checkbox', { name: m.selectAllOrders }));
    const link = screen.getByRole('link', { name: format(m.printSelected, { n: 2 }) });
    expect(
      new URL(link.getAttribute('href')!, 'http://x').searchParams.get('ids')!.split(',').sort(),
    ).toEqual([first._id, second._id].sort());
  });
});
