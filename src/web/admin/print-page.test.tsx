import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/web/admin/messages';
import type { OrderDto } from '@/shared/schemas/order';
import { clearToasts, makeOrder, makeOrderLines, mockFetch } from '@/web/lib/testing';
import { renderAdmin } from './testing';

const m = messages.admin;

function serve(orders: OrderDto[]) {
  return mockFetch((call) => {
    const order = orders.find((o) => call.url.pathname === `/api/order/${o._id}`);
    if (order) return { body: { success: true, results: order } };
    if (call.url.pathname.startsWith('/api/order/')) {
      return { status: 404, body: { success: false, message: 'Order not found' } };
    }
    return undefined;
  });
}

beforeEach(() => clearToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('admin print view', () => {
  it('prints one invoice per order, with prices and totals, on A4 pages', async () => {
    const first = makeOrder({
      number: 'N-10001',
      products: makeOrderLines(2),
      totalPrice: 200,
      grandTotal: 270,
    });
    const second = makeOrder({ number: 'N-10002', name: 'Omar Adel' });
    serve([first, second]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderAdmin(`/dashboard/orders/print?ids=${first._id},${second._id}&kind=invoice`);

    const invoice = await screen.findByRole('article', { name: 'N-10001' });
    expect(screen.getByRole('article', { name: 'N-10002' })).toHaveTextContent('Omar Adel');
    expect(within(invoice).getByText(m.invoiceTitle)).toBeInTheDocument();
    expect(within(invoice).getByText('Item 2')).toBeInTheDocument();
    expect(within(invoice).getByRole('columnheader', { name: m.unitPrice })).toBeInTheDocument();
    expect(within(invoice).getByText('270 EGP')).toBeInTheDocument();
    expect(invoice).toHaveClass('print-page');
    const styles = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(styles).toContain('@page { size: A4;');
    expect(styles).toMatch(/\.print-page \{ break-after: page;/);

    await userEvent.click(screen.getByRole('button', { name: m.print }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: m.printSlip })).toHaveAttribute(
      'href',
      `/dashboard/orders/print?ids=${encodeURIComponent(`${first._id},${second._id}`)}&kind=slip`,
    );
  });

  it('prints a packing slip without prices, saying an InstaPay order has nothing to collect', async () => {
    const order = makeOrder({ number: 'N-10003', paymentType: 'instapay', grandTotal: 270 });
    serve([order]);
    renderAdmin(`/dashboard/orders/print?ids=${order._id}&kind=slip`);
    const slip = await screen.findByRole('article', { name: 'N-10003' });
    expect(within(slip).getByText(m.slipTitle)).toBeInTheDocument();
    expect(within(slip).getByText('Item 1')).toBeInTheDocument();
    expect(within(slip).queryByText(/EGP/)).not.toBeInTheDocument();
    expect(within(slip).getByText(m.slipNothingToCollect)).toBeInTheDocument();
    expect(within(slip).queryByText(m.slipCollect)).not.toBeInTheDocument();
    expect(within(slip).getByText('Mariam Hassan')).toBeInTheDocument();
  });

  it("prints on a cash order's slip the grand total the courier collects", async () => {
    const order = makeOrder({
      number: 'N-10004',
      paymentType: 'cash',
      paymentImage: null,
      products: makeOrderLines(2),
      totalPrice: 200,
      shippingFee: 70,
      grandTotal: 270,
    });
    serve([order]);
    renderAdmin(`/dashboard/orders/print?ids=${order._id}&kind=slip`);
    const slip = await screen.findByRole('article', { name: 'N-10004' });
    const collect = within(slip).getByText(m.slipCollect).closest('p');
    expect(collect).toHaveTextContent(`${m.slipCollect}270 EGP`);
    // Only the amount to collect: the lines' prices stay off the slip.
    expect(within(slip).getAllByText(/EGP/)).toHaveLength(1);
    expect(within(slip).queryByText(m.slipNothingToCollect)).not.toBeInTheDocument();
  });

  it('prints nothing to collect for a cash order the owner marked paid', async () => {
    const order = makeOrder({
      number: 'N-10005',
      paymentType: 'cash',
      grandTotal: 270,
      payment: { verified: true, at: '2026-01-01T10:00:00.000Z', by: null },
    });
    serve([order]);
    renderAdmin(`/dashboard/orders/print?ids=${order._id}&kind=slip`);
    const slip = await screen.findByRole('article', { name: 'N-10005' });
    expect(within(slip).getByText(m.slipNothingToCollect)).toBeInTheDocument();
    expect(within(slip).queryByText(/EGP/)).not.toBeInTheDocument();
  });

  it('keeps the amount to collect off the invoice, which shows its totals', async () => {
    const order = makeOrder({ number: 'N-10006', paymentType: 'cash', grandTotal: 270 });
    serve([order]);
    renderAdmin(`/dashboard/orders/print?ids=${order._id}&kind=invoice`);
    const invoice = await screen.findByRole('article', { name: 'N-10006' });
    expect(within(invoice).queryByText(m.slipCollect)).not.toBeInTheDocument();
  });

  it('says there is nothing to print when no order is found', async () => {
    serve([]);
    renderAdmin('/dashboard/orders/print?ids=abcdef00-1234-4aaa-8aaa-aaaaaaaaaaaa&kind=slip');
    expect(await screen.findByText(m.printNothing)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.print })).toBeDisabled();
  });
});
