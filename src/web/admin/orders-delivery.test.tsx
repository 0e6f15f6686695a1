import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_HEADER } from '@/shared/shell-constants';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { clearToasts, mockFetch, type Responder } from '@/web/lib/testing';
import type { BulkResult, DeliveryOrder } from './api/delivery';
import { DELIVERY_ROUTES, MOVE_LABELS } from './delivery-words';
import { makeDeliveryOrder, makeShipment, renderAdmin } from './testing';

const m = messages.admin;
const s = messages.shipping;

const shipped = makeDeliveryOrder({
  number: 'N-20001',
  status: 'confirmed',
  deliveryState: 'shipped',
  shipment: makeShipment({ trackingNumber: '7234567' }),
});
const waiting = makeDeliveryOrder({ number: 'N-20002', status: 'pending' });

/** The desk over `orders`, answering the bulk calls with `results` (or what `extra` answers). */
function serve(orders: DeliveryOrder[], extra: Responder = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/order') {
      return {
        body: {
          success: true,
          results: orders,
          pagination: { page: 1, pages: 1, total: orders.length, limit: 10 },
        },
      };
    }
    return extra(call);
  });
}

const bulk = (results: BulkResult[]) => ({ body: { success: true, message: 'Done', results } });

async function selectBoth() {
  const table = await screen.findByRole('table');
  for (const number of ['N-20001', 'N-20002']) {
    await userEvent.click(within(table).getByRole('checkbox', { name: format(m.selectOrder, { number }) }));
  }
  return table;
}

const actions = () => screen.getByRole('group', { name: format(s.selectedActions, { n: 2 }) });

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('the desk’s delivery', () => {
  it('shows each order’s delivery state and tracking number in its own column and on the cards', async () => {
    serve([shipped, waiting]);
    renderAdmin('/dashboard/manage_orders');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: s.colDelivery })).toBeInTheDocument();
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText(s.deliveryStates.shipped)).toHaveClass('text-info');
    expect(within(first!).getByText('7234567')).toBeInTheDocument();
    expect(within(second!).getByText(s.deliveryStates.notShipped)).toBeInTheDocument();
    const card = screen
      .getAllByRole('link', { name: format(m.viewOrder, { number: 'N-20001' }) })[1]!
      .closest('li')!;
    expect(within(card).getByText(s.deliveryStates.shipped)).toBeInTheDocument();
    expect(within(card).getByText('7234567')).toBeInTheDocument();
  });

  it('filters by delivery state, kept in the address and sent to the list and its export', async () => {
    const { calls } = serve([shipped], (call) =>
      call.url.pathname === '/api/order/export.csv' ? { body: 'Number\r\n' } : undefined,
    );
    const { router } = renderAdmin('/dashboard/manage_orders?delivery=refused');
    const filter = await screen.findByRole('combobox', { name: s.filterByDelivery });
    expect(filter).toHaveValue('refused');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([s.anyDeliveryState, ...Object.values(s.deliveryStates)]);
    await waitFor(() =>
      expect(calls.some((call) => call.url.searchParams.get('delivery') === 'refused')).toBe(true),
    );

    await userEvent.selectOptions(filter, 'shipped');
    await waitFor(() => expect(router.state.location.search).toBe('?delivery=shipped'));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('delivery')).toBe('shipped'));

    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: m.exportCsv }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = calls.find((call) => call.url.pathname === '/api/order/export.csv')!;
    expect(exported.url.searchParams.get('delivery')).toBe('shipped');
    click.mockRestore();

    await userEvent.selectOptions(filter, '');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('marks the selected orders shipped and sums up: what was done, and each refusal in the server’s words', async () => {
    const { calls } = serve([shipped, waiting], (call) =>
      call.method === 'POST' && call.url.pathname === '/api/order/delivery'
        ? bulk([
            { orderId: shipped._id, ok: false, message: 'This order is already shipped' },
            { orderId: waiting._id, ok: true, message: 'Shipped' },
          ])
        : undefined,
    );
    renderAdmin('/dashboard/manage_orders');
    const table = await selectBoth();
    await userEvent.click(within(actions()).getByRole('button', { name: s.markShipped }));

    const summary = `${format(s.bulkDone, { n: 1 })}. ${format(s.bulkFailed, { n: 1 })}: ${format(
      s.bulkFailure,
      {
        number: 'N-20001',
        message: 'This order is already shipped',
      },
    )}`;
    expect(await screen.findByText(summary)).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ orderIds: [shipped._id, waiting._id], state: 'shipped' });
    // The report stays on the page; the refused order stays selected to try again, the done one does not.
    const report = screen.getAllByRole('status').find((region) => region.textContent !== '')!;
    expect(within(report).getByText('N-20001: This order is already shipped')).toBeInTheDocument();
    expect(
      within(table).getByRole('checkbox', { name: format(m.selectOrder, { number: 'N-20001' }) }),
    ).toBeChecked();
    expect(
      within(table).getByRole('checkbox', { name: format(m.selectOrder, { number: 'N-20002' }) }),
    ).not.toBeChecked();
    // The list is asked again, to show the orders' new states.
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/order')).toHaveLength(2));
    await userEvent.click(within(report).getByRole('button', { name: m.close }));
    expect(screen.queryByText('N-20001: This order is already shipped')).not.toBeInTheDocument();
  });

  it.each(DELIVERY_ROUTES.filter((state) => state !== 'shipped'))(
    'sends "%s" for the selected orders, and says when all were done',
    async (state) => {
      const { calls } = serve([shipped, waiting], (call) =>
        call.method === 'POST'
          ? bulk([
              { orderId: shipped._id, ok: true, message: 'ok' },
              { orderId: waiting._id, ok: true, message: 'ok' },
            ])
          : undefined,
      );
      renderAdmin('/dashboard/manage_orders');
      await selectBoth();
      await userEvent.click(within(actions()).getByRole('button', { name: MOVE_LABELS[state] }));
      expect(await screen.findByText(format(s.bulkDone, { n: 2 }), { selector: 'div' })).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
        orderIds: [shipped._id, waiting._id],
        state,
      });
      // Nothing refused: the selection is cleared and the actions go with it.
      expect(
        screen.queryByRole('group', { name: format(s.selectedActions, { n: 2 }) }),
      ).not.toBeInTheDocument();
    },
  );

  it('says why when the whole move is refused', async () => {
    serve([shipped, waiting], (call) =>
      call.method === 'POST'
        ? { status: 400, body: { success: false, message: 'Choose 1 to 100 orders' } }
        : undefined,
    );
    renderAdmin('/dashboard/manage_orders');
    await selectBoth();
    await userEvent.click(within(actions()).getByRole('button', { name: s.markDelivered }));
    expect(await screen.findByText('Choose 1 to 100 orders')).toBeInTheDocument();
    // Nothing was done: the orders stay selected.
    expect(actions()).toBeInTheDocument();
  });

  it('sends the selected orders to Bosta and sums up each one', async () => {
    const { calls } = serve([shipped, waiting], (call) =>
      call.method === 'POST' && call.url.pathname === '/api/couriers/bosta/shipments'
        ? bulk([
            { orderId: shipped._id, ok: true, message: 'Queued' },
            { orderId: waiting._id, ok: false, message: 'Bosta is not connected' },
          ])
        : undefined,
    );
    renderAdmin('/dashboard/manage_orders');
    await selectBoth();
    await userEvent.click(within(actions()).getByRole('button', { name: s.sendToBosta }));
    expect(await screen.findByText('N-20002: Bosta is not connected')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      orderIds: [shipped._id, waiting._id],
    });
  });

  it('says so when Bosta cannot be asked at all', async () => {
    serve([shipped, waiting], (call) => (call.method === 'POST' ? { status: 500, body: {} } : undefined));
    renderAdmin('/dashboard/manage_orders');
    await selectBoth();
    await userEvent.click(within(actions()).getByRole('button', { name: s.sendToBosta }));
    expect(await screen.findByText(s.bostaSendFailed)).toBeInTheDocument();
  });

  describe('airway bills', () => {
    /** The desk's fetch, but the airway bills answer `pdf` (bytes) or a JSON refusal. */
    function withAirwayBills(answer: { pdf: Uint8Array<ArrayBuffer> } | { status: number; message: string }) {
      const { calls, fetchMock } = serve([shipped, waiting]);
      const bills: { url: URL; headers: Headers }[] = [];
      vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname !== '/api/couriers/bosta/airway-bills') return fetchMock(input, init);
        bills.push({ url, headers: new Headers(init?.headers) });
        return 'pdf' in answer
          ? new Response(answer.pdf, { headers: { 'content-type': 'application/pdf' } })
          : new Response(JSON.stringify({ success: false, message: answer.message }), {
              status: answer.status,
              headers: { 'content-type': 'application/json' },
            });
      });
      return { calls, bills };
    }

    it('downloads the selected orders’ airway bills as one PDF, asked with the session’s token', async () => {
      const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00, 0x9c]);
      const { bills } = withAirwayBills({ pdf });
      const saved: Blob[] = [];
      URL.createObjectURL = vi.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:bills';
      });
      URL.revokeObjectURL = vi.fn();
      const names: string[] = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        names.push(this.download);
      });
      renderAdmin('/dashboard/manage_orders');
      await selectBoth();
      await userEvent.click(within(actions()).getByRole('button', { name: s.printAirwayBills }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(bills[0]!.url.searchParams.get('orderIds')).toBe(`${shipped._id},${waiting._id}`);
      expect(bills[0]!.headers.get(TOKEN_HEADER)).toBeTruthy();
      // The bytes as they came: a PDF read as text would be broken.
      expect([...new Uint8Array(await saved[0]!.arrayBuffer())]).toEqual([...pdf]);
      expect(names[0]).toMatch(/^airway-bills-\d{4}-\d{2}-\d{2}\.pdf$/);
      click.mockRestore();
    });

    it('says why when the airway bills cannot be had', async () => {
      withAirwayBills({ status: 409, message: 'N-20002 has not been sent to Bosta' });
      renderAdmin('/dashboard/manage_orders');
      await selectBoth();
      await userEvent.click(within(actions()).getByRole('button', { name: s.printAirwayBills }));
      expect(await screen.findByText('N-20002 has not been sent to Bosta')).toBeInTheDocument();
    });
  });
});
