import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { clearToasts, mockFetch, type Responder } from '@/web/lib/testing';
import type { DeliveryOrder } from './api/delivery';
import { makeDeliveryOrder, makeShipment, renderAdmin } from './testing';

const m = messages.admin;
const s = messages.shipping;

const stats = {
  success: true,
  totalProducts: 0,
  totalCategories: 0,
  totalOrders: 9,
  ordersByStatus: { pending: 1, confirmed: 4, completed: 3, cancelled: 1 },
  revenue: 0,
  revenueCounts: { label: m.revenueCounts, statuses: ['confirmed', 'completed'] },
  today: { orders: 0, total: 0 },
  pendingOrders: 1,
  proofsToCheck: 0,
  cashWithCouriers: { amount: 1540.5, orders: 3 },
  ordersByDelivery: { notShipped: 4, shipped: 1, delivered: 3, refused: 1, returned: 0 },
  recentProducts: [],
};

const delivered = (number: string, courier: 'bosta' | 'manual', cash: number, settled = false) =>
  makeDeliveryOrder({
    number,
    status: 'completed',
    deliveryState: 'delivered',
    shipment: makeShipment({ courier, cashToCollect: cash, cashCollected: cash, settled }),
  });

const bostaOne = delivered('N-40001', 'bosta', 500);
const bostaTwo = delivered('N-40002', 'bosta', 1040.5);
const bostaSettled = delivered('N-40003', 'bosta', 300, true);
const byHand = delivered('N-40004', 'manual', 200);

function serve(
  extra: Responder = () => undefined,
  orders: DeliveryOrder[] = [bostaOne, bostaTwo, bostaSettled, byHand],
) {
  return mockFetch((call) => {
    if (call.url.pathname === '/api/dashboard/stats') return { body: stats };
    if (call.url.pathname === '/api/dashboard/low-stock')
      return { body: { success: true, threshold: 3, items: [] } };
    if (call.method === 'GET' && call.url.pathname === '/api/order') {
      return {
        body: {
          success: true,
          results: orders,
          pagination: { page: 1, pages: 1, total: orders.length, limit: 100 },
        },
      };
    }
    return extra(call);
  });
}

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('the dashboard’s delivery', () => {
  it('shows the cash with couriers and the orders by delivery state, each a link to those orders', async () => {
    serve();
    renderAdmin('/dashboard');
    expect(await screen.findByText(s.cashWithCouriers)).toBeInTheDocument();
    expect(screen.getByText('1,540.50 EGP')).toBeInTheDocument();
    expect(screen.getByText(format(s.cashWithCouriersDetail, { n: 3 }))).toBeInTheDocument();
    const region = screen.getByRole('region', { name: s.ordersByDelivery });
    expect(
      within(region).getByRole('link', {
        name: format(s.deliveryOrderCount, { state: s.deliveryStates.delivered, n: 3 }),
      }),
    ).toHaveAttribute('href', '/dashboard/manage_orders?delivery=delivered');
    expect(within(region).getAllByRole('link')).toHaveLength(5);
  });

  it('downloads the cash reconciliation with the session’s token', async () => {
    const { calls } = serve((call) =>
      call.url.pathname === '/api/couriers/cash.csv'
        ? { body: 'Order,Courier\r\nN-40001,bosta\r\n' }
        : undefined,
    );
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:cash';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAdmin('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: s.downloadCashCsv }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const request = calls.find((call) => call.url.pathname === '/api/couriers/cash.csv')!;
    expect(request.headers.get('token')).toBeTruthy();
    expect(await saved[0]!.text()).toBe('Order,Courier\r\nN-40001,bosta\r\n');
    click.mockRestore();
  });

  it('says so when the reconciliation cannot be downloaded', async () => {
    serve((call) =>
      call.url.pathname === '/api/couriers/cash.csv' ? { status: 500, body: { success: false } } : undefined,
    );
    renderAdmin('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: s.downloadCashCsv }));
    expect(await screen.findByText(s.cashCsvFailed)).toBeInTheDocument();
  });

  it('marks a payout received for the courier’s delivered, unsettled orders it covers', async () => {
    const { calls } = serve((call) =>
      call.method === 'POST' && call.url.pathname === '/api/couriers/payouts'
        ? {
            body: {
              success: true,
              message: 'Payout of 500 EGP recorded for 1 order',
              payout: {
                id: 'p1',
                courier: 'bosta',
                amount: 500,
                orders: 1,
                reference: 'TR-88',
                receivedAt: '2026-12-04T10:00:00.000Z',
              },
            },
          }
        : undefined,
    );
    renderAdmin('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: s.markPayout }));
    const dialog = screen.getByRole('dialog', { name: s.payoutTitle });
    expect(within(dialog).getByLabelText(s.payoutCourier)).toHaveValue('bosta');
    const orders = within(dialog).getByRole('group', { name: s.payoutOrders });
    // Bosta's delivered orders not yet paid out, every one ticked to start with.
    const one = await within(orders).findByRole('checkbox', { name: 'N-40001: 500 EGP' });
    const two = within(orders).getByRole('checkbox', { name: 'N-40002: 1,040.50 EGP' });
    expect(within(orders).getAllByRole('checkbox')).toHaveLength(2);
    expect(one).toBeChecked();
    expect(two).toBeChecked();
    expect(within(dialog).getByText(format(s.payoutTotal, { amount: '1,540.50 EGP' }))).toBeInTheDocument();
    const asked = calls.find((call) => call.url.pathname === '/api/order')!;
    expect(asked.url.searchParams.get('delivery')).toBe('delivered');

    await userEvent.click(two);
    expect(within(dialog).getByText(format(s.payoutTotal, { amount: '500 EGP' }))).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(s.payoutReference), 'TR-88');
    await userEvent.click(within(dialog).getByRole('button', { name: s.savePayout }));
    expect(await screen.findByText('Payout of 500 EGP recorded for 1 order')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      courier: 'bosta',
      orderIds: [bostaOne._id],
      reference: 'TR-88',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the other courier’s orders, asks for at least one, and says why the server refused', async () => {
    const { calls } = serve((call) =>
      call.method === 'POST'
        ? { status: 409, body: { success: false, message: 'N-40004 is already settled' } }
        : undefined,
    );
    renderAdmin('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: s.markPayout }));
    const dialog = screen.getByRole('dialog', { name: s.payoutTitle });
    await within(dialog).findByRole('checkbox', { name: 'N-40001: 500 EGP' });
    await userEvent.selectOptions(within(dialog).getByLabelText(s.payoutCourier), 'manual');
    const only = within(dialog).getByRole('checkbox', { name: 'N-40004: 200 EGP' });
    await userEvent.click(only);
    await userEvent.click(within(dialog).getByRole('button', { name: s.savePayout }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(s.payoutChooseOrders);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.click(only);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: s.savePayout }));
    expect(await screen.findByText('N-40004 is already settled')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      courier: 'manual',
      orderIds: [byHand._id],
    });
    // Refused: the dialog stays open to try again.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says when no delivered order waits for a payout', async () => {
    serve(() => undefined, [bostaSettled]);
    renderAdmin('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: s.markPayout }));
    expect(await screen.findByText(s.payoutNoOrders)).toBeInTheDocument();
  });
});
