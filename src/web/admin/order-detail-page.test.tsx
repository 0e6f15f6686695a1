import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format, messages } from '@/shared/messages';
import type { OrderDto } from '@/shared/schemas/order';
import { clearToasts, makeOrder, makeOrderLines, mockFetch } from '@/web/lib/testing';
import { renderAdmin } from './testing';

const m = messages.admin;
const o = messages.orders;
const ID = 'abcdef12-3456-4aaa-8aaa-aaaaaaaaaaaa';

function serve(order: () => OrderDto, onPatch?: (status: string) => { status?: number; body?: unknown }) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === `/api/order/${ID}`) {
      return { body: { success: true, results: order() } };
    }
    if (call.method === 'PATCH' && call.url.pathname === `/api/order/${ID}/status` && onPatch) {
      return onPatch((call.body as { status: string }).status);
    }
    return undefined;
  });
}

beforeEach(() => clearToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('admin order detail', () => {
  it('shows the customer, the snapshot lines with totals, the stored fee and the payment type', async () => {
    const order = makeOrder({
      _id: ID,
      products: makeOrderLines(2),
      totalPrice: 200,
      shippingFee: 40,
      grandTotal: 240,
      city: 'Giza',
      paymentType: 'cash',
      paymentImage: null,
    });
    serve(() => order);
    renderAdmin(`/dashboard/order/${ID}`);
    expect(
      await screen.findByRole('heading', { name: format(m.orderNumber, { number: order.number }) }),
    ).toBeInTheDocument();
    expect(screen.getByText('Mariam Hassan')).toBeInTheDocument();
    expect(screen.getByText('mariam@example.com')).toBeInTheDocument();
    expect(screen.getByText('01012345678')).toBeInTheDocument();
    expect(screen.getByText('Giza')).toBeInTheDocument();
    expect(screen.getByText(/El Nozha Street/)).toBeInTheDocument();
    expect(screen.getByText('Item 2')).toBeInTheDocument();
    expect(screen.getByText('40 EGP')).toBeInTheDocument();
    expect(screen.getByText('240 EGP')).toBeInTheDocument();
    expect(screen.getByText(o.cash)).toBeInTheDocument();
    expect(screen.getByText(m.noProof)).toBeInTheDocument();
  });

  it('names the size, colour and SKU of a line sold in one', async () => {
    const [line] = makeOrderLines(1);
    serve(() =>
      makeOrder({
        _id: ID,
        products: [{ ...line!, variant: { sku: 'LD-M-NAVY', options: { Size: 'M', Color: 'Navy' } } }],
      }),
    );
    renderAdmin(`/dashboard/order/${ID}`);
    expect(await screen.findByText('Size: M · Color: Navy')).toBeInTheDocument();
    expect(screen.getByText('SKU LD-M-NAVY')).toBeInTheDocument();
  });

  it('sets any of the four statuses, says so and reloads the order', async () => {
    let status: OrderDto['status'] = 'completed';
    const { calls } = serve(
      () => makeOrder({ _id: ID, status }),
      (next) => {
        status = next as OrderDto['status'];
        return { body: { success: true, message: o.statusUpdated } };
      },
    );
    renderAdmin(`/dashboard/order/${ID}`);
    const select = await screen.findByRole('combobox', { name: m.orderStatus });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([o.pending, o.confirmed, o.delivered, o.cancelled]);
    expect(select).toHaveValue('completed');
    expect(select).toHaveClass('text-success');

    await userEvent.selectOptions(select, o.pending);
    expect(await screen.findByText(o.statusUpdated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ status: 'pending' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: m.orderStatus })).toHaveValue('pending'));
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('says "Failed to update order status", or the server reason, when the change is refused', async () => {
    let answer: { status?: number; body?: unknown } = { status: 500, body: {} };
    serve(
      () => makeOrder({ _id: ID, status: 'cancelled' }),
      () => answer,
    );
    renderAdmin(`/dashboard/order/${ID}`);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: m.orderStatus }), o.confirmed);
    expect(await screen.findByText(o.failedToUpdateStatus)).toBeInTheDocument();

    clearToasts();
    const reason = format(o.stockGone, { n: 0, name: 'Item 1' });
    answer = { status: 409, body: { success: false, message: reason } };
    await userEvent.selectOptions(screen.getByRole('combobox', { name: m.orderStatus }), o.confirmed);
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });

  it('opens the proof in a modal and downloads it through its signed link', async () => {
    serve(() => makeOrder({ _id: ID }));
    renderAdmin(`/dashboard/order/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: m.viewProof }));
    const dialog = screen.getByRole('dialog', { name: m.paymentProof });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/files/proof.webp?sig=x');
    await userEvent.click(within(dialog).getByRole('button', { name: m.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const download = vi.fn(async () => new Response('png', { headers: { 'content-type': 'image/png' } }));
    vi.stubGlobal('fetch', download);
    URL.createObjectURL = vi.fn(() => 'blob:proof');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: m.downloadProof }));
    expect(await screen.findByText(m.imageDownloaded)).toBeInTheDocument();
    expect(download).toHaveBeenCalledWith('/files/proof.webp?sig=x');
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('payment-proof-abcdef12.png');

    clearToasts();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 403 })),
    );
    await userEvent.click(screen.getByRole('button', { name: m.downloadProof }));
    expect(await screen.findByText(m.failedToDownloadImage)).toBeInTheDocument();
  });

  it('shows "Order Not Found" for a missing order', async () => {
    mockFetch(() => ({ status: 404, body: { success: false, message: o.orderNotFoundAnswer } }));
    renderAdmin(`/dashboard/order/${ID}`);
    expect(await screen.findByRole('heading', { name: o.orderNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.backToOrders })).toHaveAttribute(
      'href',
      '/dashboard/manage_orders',
    );
  });

  it('says "Invalid order ID" and returns to the list for an id that is not one', async () => {
    const { calls } = mockFetch(() => undefined);
    const { router } = renderAdmin('/dashboard/order/not-an-id');
    expect(await screen.findByText(o.invalidOrderId)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage_orders'));
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/order/'))).toHaveLength(0);
  });

  it('says "Please login to view order details" and goes to /login without a stored token', async () => {
    mockFetch(() => undefined);
    const { router } = renderAdmin(`/dashboard/order/${ID}`, 'visitor');
    expect(await screen.findByText(o.loginToViewOrder)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
