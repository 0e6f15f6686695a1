import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import type { OrderDto } from '@/shared/schemas/order';
import { clearToasts, makeOrderLines, mockFetch, sampleProductDetail } from '@/web/lib/testing';
import { makeDeliveryOrder, renderAdmin } from './testing';

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
    const order = makeDeliveryOrder({
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
    // The grand total under the lines, and again beside the payment, where the proof is checked.
    expect(screen.getAllByText('240 EGP')).toHaveLength(2);
    expect(screen.getByText(o.cash)).toBeInTheDocument();
    expect(screen.getByText(m.noProof)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call 01012345678' })).toHaveAttribute('href', 'tel:01012345678');
    const whatsapp = screen.getByRole('link', { name: 'WhatsApp Mariam Hassan' });
    expect(whatsapp.getAttribute('href')).toBe(
      `https://wa.me/201012345678?text=${encodeURIComponent(
        format(m.whatsappOrderText, { name: 'Mariam Hassan', shop: 'Nour', number: order.number }),
      )}`,
    );
    expect(screen.getByRole('link', { name: m.printSlip })).toHaveAttribute(
      'href',
      `/dashboard/orders/print?ids=${ID}&kind=slip`,
    );
  });

  it('lists the history oldest first, with who and the note', async () => {
    serve(() =>
      makeDeliveryOrder({
        _id: ID,
        status: 'confirmed',
        history: [
          {
            status: 'pending',
            at: '2026-11-20T10:30:00.000Z',
            by: { _id: 'u1', username: 'mariam' },
            note: null,
          },
          {
            status: 'confirmed',
            at: '2026-11-20T12:00:00.000Z',
            by: { _id: 'a1', username: 'Amira' },
            note: 'Paid by phone',
          },
        ],
      }),
    );
    renderAdmin(`/dashboard/order/${ID}`);
    const history = await screen.findByRole('heading', { name: m.historyTitle });
    const entries = within(history.closest('section')!).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Placed, .*by mariam$/),
      expect.stringMatching(/^Confirmed, .*by AmiraPaid by phone$/),
    ]);
  });

  it('marks the payment received, shows who and when, and undoes it', async () => {
    let payment: OrderDto['payment'] = { verified: false, at: null, by: null };
    const { calls } = mockFetch((call) => {
      if (call.method === 'GET' && call.url.pathname === `/api/order/${ID}`) {
        return { body: { success: true, results: makeDeliveryOrder({ _id: ID, payment }) } };
      }
      if (call.method === 'PATCH' && call.url.pathname === `/api/order/${ID}/payment`) {
        const { verified } = call.body as { verified: boolean };
        payment = verified
          ? { verified, at: '2026-11-21T09:00:00.000Z', by: { _id: 'a1', username: 'Amira' } }
          : { verified, at: null, by: null };
        return {
          body: {
            success: true,
            message: verified ? o.paymentVerified : o.paymentUnverified,
            order: makeDeliveryOrder({ _id: ID, payment }),
          },
        };
      }
      return undefined;
    });
    renderAdmin(`/dashboard/order/${ID}`);
    expect(await screen.findByText(m.proofToCheck)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: m.markPaymentReceived }));
    expect(await screen.findByText(o.paymentVerified)).toBeInTheDocument();
    expect(await screen.findByText(/^Payment received .* by Amira$/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ verified: true });

    await userEvent.click(screen.getByRole('button', { name: m.undoPaymentReceived }));
    expect(await screen.findByRole('button', { name: m.markPaymentReceived })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)!.body).toEqual({ verified: false });
  });

  it('says why when the payment cannot be marked', async () => {
    mockFetch((call) => {
      if (call.method === 'GET') return { body: { success: true, results: makeDeliveryOrder({ _id: ID }) } };
      return { status: 403, body: { success: false, message: messages.auth.adminOnly } };
    });
    renderAdmin(`/dashboard/order/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: m.markPaymentReceived }));
    expect(await screen.findByText(messages.auth.adminOnly)).toBeInTheDocument();
  });

  it('asks before a status change: cancelling keeps everything as it was', async () => {
    const { calls } = serve(
      () => makeDeliveryOrder({ _id: ID, status: 'confirmed' }),
      () => ({ body: { success: true, message: o.statusUpdated } }),
    );
    renderAdmin(`/dashboard/order/${ID}`);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: m.orderStatus }), o.cancelled);
    const dialog = screen.getByRole('dialog', { name: format(m.changeStatusTitle, { status: o.cancelled }) });
    expect(within(dialog).getByText(m.cancelReturnsStock)).toBeInTheDocument();
    // The dismissing button names the status kept, so it cannot be read as cancelling the order.
    expect(within(dialog).queryByRole('button', { name: m.cancel })).not.toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('button', { name: format(m.keepStatus, { status: o.confirmed }) }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: m.orderStatus })).toHaveValue('confirmed');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('names the size, colour and SKU of a line sold in one', async () => {
    const [line] = makeOrderLines(1);
    serve(() =>
      makeDeliveryOrder({
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
      () => makeDeliveryOrder({ _id: ID, status }),
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
    const dialog = screen.getByRole('dialog', { name: format(m.changeStatusTitle, { status: o.pending }) });
    expect(within(dialog).queryByText(m.cancelReturnsStock)).not.toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: m.statusNote }),
      '  Customer asked to wait ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: m.confirmStatus }));
    expect(await screen.findByText(o.statusUpdated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({
      status: 'pending',
      note: 'Customer asked to wait',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: m.orderStatus })).toHaveValue('pending'));
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('says "Failed to update order status", or the server reason, when the change is refused', async () => {
    let answer: { status?: number; body?: unknown } = { status: 500, body: {} };
    serve(
      () => makeDeliveryOrder({ _id: ID, status: 'cancelled' }),
      () => answer,
    );
    renderAdmin(`/dashboard/order/${ID}`);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: m.orderStatus }), o.confirmed);
    // Leaving cancelled takes the stock again: the dialog says so.
    expect(screen.getByText(m.reopenTakesStock)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: m.confirmStatus }));
    expect(await screen.findByText(o.failedToUpdateStatus)).toBeInTheDocument();

    clearToasts();
    const reason = format(o.stockGone, { n: 0, name: 'Item 1' });
    answer = { status: 409, body: { success: false, message: reason } };
    // The dialog stays open after a refusal, so the admin can try again or cancel.
    await userEvent.click(screen.getByRole('button', { name: m.confirmStatus }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });

  it('opens the proof in a modal and downloads it through its signed link', async () => {
    serve(() => makeDeliveryOrder({ _id: ID }));
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

  it('lets the owner choose the size of a line a SPEC §7 client ordered without one', async () => {
    const [line] = makeOrderLines(1);
    const open = { ...line!, variantToConfirm: true };
    let order = makeDeliveryOrder({ _id: ID, status: 'pending', products: [open] });
    const product = sampleProductDetail({
      _id: 'p1',
      id: 'p1',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        {
          _id: 'v-s',
          id: 'v-s',
          sku: 'IT-S',
          options: { Size: 'S' },
          price: 100,
          finalPrice: 100,
          avaliableItems: 0,
          inStock: false,
        },
        {
          _id: 'v-m',
          id: 'v-m',
          sku: 'IT-M',
          options: { Size: 'M' },
          price: 100,
          finalPrice: 100,
          avaliableItems: 3,
          inStock: true,
        },
      ],
    });
    const chosen: unknown[] = [];
    mockFetch((call) => {
      if (call.method === 'GET' && call.url.pathname === `/api/order/${ID}`) {
        return { body: { success: true, results: order } };
      }
      if (call.method === 'GET' && call.url.pathname === '/api/product/p1') {
        return { body: { success: true, product } };
      }
      if (call.method === 'PATCH' && call.url.pathname === `/api/order/${ID}/lines/line-0/variant`) {
        chosen.push(call.body);
        order = {
          ...order,
          products: [{ ...open, variantToConfirm: false, variant: { sku: 'IT-M', options: { Size: 'M' } } }],
        };
        return { body: { success: true, message: 'Size and colour saved', order } };
      }
      return undefined;
    });
    renderAdmin(`/dashboard/order/${ID}`);
    expect(await screen.findByText(o.variantToConfirm)).toBeInTheDocument();
    const select = await screen.findByRole('combobox', {
      name: format(m.chooseVariantOf, { name: 'Item 1' }),
    });
    const save = screen.getByRole('button', { name: m.saveVariant });
    expect(save).toBeDisabled();
    await waitFor(() =>
      expect(
        within(select).getByRole('option', { name: format(m.variantSoldOut, { label: 'S' }) }),
      ).toBeDisabled(),
    );
    await userEvent.selectOptions(select, format(m.variantLeft, { label: 'M', n: 3 }));
    await userEvent.click(save);
    await waitFor(() => expect(chosen).toEqual([{ variantId: 'v-m' }]));
    expect(await screen.findByText('Size: M')).toBeInTheDocument();
    expect(
      screen.queryByRole('combobox', { name: format(m.chooseVariantOf, { name: 'Item 1' }) }),
    ).toBeNull();
    expect(screen.queryByText(o.variantToConfirm)).toBeNull();
  });
});
