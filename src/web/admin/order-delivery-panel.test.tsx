import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryState } from '@/shared/constants';
import { formatDateTime } from '@/web/i18n/dates';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { clearToasts, mockFetch, type Responder } from '@/web/lib/testing';
import type { DeliveryOrder } from './api/delivery';
import { DELIVERY_ROUTES, MOVE_LABELS, type DeliveryRoute } from './delivery-words';
import { makeDeliveryOrder, makeShipment, renderAdmin } from './testing';

const m = messages.admin;
const s = messages.shipping;
const ID = 'abcdef12-3456-4aaa-8aaa-aaaaaaaaaaaa';

/** The order page over an order that `order()` says (so a test can move it), and what `extra` answers. */
function serve(order: () => DeliveryOrder, extra: Responder = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === `/api/order/${ID}`) {
      return { body: { success: true, results: order() } };
    }
    return extra(call);
  });
}

async function panel() {
  return screen.findByRole('region', { name: s.deliveryPanel });
}

const moveButtons = (region: HTMLElement) =>
  DELIVERY_ROUTES.filter((state) => within(region).queryByRole('button', { name: MOVE_LABELS[state] }));

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('an order’s delivery panel', () => {
  it('offers no move while the order awaits the customer’s confirmation (issue 37)', async () => {
    serve(() =>
      makeDeliveryOrder({
        _id: ID,
        confirmation: { awaiting: true, confirmBy: '2026-11-21T10:30:00.000Z', contacts: [], messages: [] },
      }),
    );
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    expect(within(region).getByText(messages.customers.shipAfterConfirmation)).toBeInTheDocument();
    expect(moveButtons(region)).toEqual([]);
    expect(within(region).queryByRole('button', { name: s.sendToBosta })).not.toBeInTheDocument();
  });

  it('shows a new order not shipped, where it goes, and marks it shipped with a tracking number', async () => {
    let order = makeDeliveryOrder({ _id: ID, number: 'N-30001', governorate: 'EG-ALX', deliveryZone: null });
    const { calls } = serve(
      () => order,
      (call) => {
        if (call.method !== 'POST' || call.url.pathname !== `/api/order/${ID}/delivery`) return undefined;
        order = {
          ...order,
          status: 'confirmed',
          deliveryState: 'shipped',
          shipment: makeShipment({ courier: 'manual', trackingNumber: 'HAND-42', trackingUrl: null }),
        };
        return { body: { success: true, message: 'Order N-30001 shipped', order } };
      },
    );
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    expect(within(region).getByText(s.deliveryStates.notShipped)).toBeInTheDocument();
    expect(within(region).getByText('Alexandria')).toBeInTheDocument();
    expect(within(region).getByText(s.noShipment)).toBeInTheDocument();
    expect(moveButtons(region)).toEqual(['shipped']);
    expect(within(region).getByRole('button', { name: s.sendToBosta })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: s.cancelBosta })).not.toBeInTheDocument();

    await userEvent.type(within(region).getByLabelText(s.trackingNumberOptional), ' HAND-42 ');
    await userEvent.click(within(region).getByRole('button', { name: s.markShipped }));
    expect(await screen.findByText('Order N-30001 shipped')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      state: 'shipped',
      trackingNumber: 'HAND-42',
    });
    // The order is read again: shipped by hand, its tracking number shown, and the next moves offered.
    await waitFor(() => expect(within(region).getByText(s.deliveryStates.shipped)).toBeInTheDocument());
    expect(within(region).getByText('HAND-42')).toBeInTheDocument();
    expect(within(region).getByText(s.couriers.manual)).toBeInTheDocument();
    expect(moveButtons(region)).toEqual(['delivered', 'refused', 'returned']);
  });

  it('leaves a blank tracking number out, and shows the server’s refusal', async () => {
    const { calls } = serve(
      () => makeDeliveryOrder({ _id: ID }),
      (call) =>
        call.method === 'POST'
          ? { status: 409, body: { success: false, message: 'A line waits for its size: choose it first' } }
          : undefined,
    );
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    await userEvent.click(within(region).getByRole('button', { name: s.markShipped }));
    expect(await screen.findByText('A line waits for its size: choose it first')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ state: 'shipped' });
  });

  const allowed: [DeliveryState, DeliveryRoute[]][] = [
    ['notShipped', ['shipped']],
    ['shipped', ['delivered', 'refused', 'returned']],
    ['refused', ['returned']],
    ['delivered', []],
    ['returned', []],
  ];
  it.each(allowed)('offers from %s only the moves %j', async (state, moves) => {
    const { calls } = serve(
      () => makeDeliveryOrder({ _id: ID, deliveryState: state }),
      (call) =>
        call.method === 'POST'
          ? { body: { success: true, message: 'Moved', order: makeDeliveryOrder({ _id: ID }) } }
          : undefined,
    );
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    expect(within(region).getByText(s.deliveryStates[state])).toBeInTheDocument();
    expect(moveButtons(region)).toEqual(moves);
    expect(Boolean(within(region).queryByText(s.movesHint))).toBe(moves.includes('returned'));
    expect(Boolean(within(region).queryByText(s.noMoves))).toBe(state === 'delivered');
    const last = moves.at(-1);
    if (last && last !== 'shipped') {
      await userEvent.click(within(region).getByRole('button', { name: MOVE_LABELS[last] }));
      await screen.findByText('Moved');
      expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ state: last });
    }
  });

  it('shows a Bosta parcel: its copy, tracking link and cash, and cancels it after asking', async () => {
    let order = makeDeliveryOrder({
      _id: ID,
      number: 'N-30002',
      status: 'confirmed',
      deliveryState: 'shipped',
      shipment: makeShipment(),
    });
    const { calls } = serve(
      () => order,
      (call) => {
        if (call.method !== 'DELETE' || call.url.pathname !== `/api/couriers/bosta/shipments/${ID}`)
          return undefined;
        order = { ...order, deliveryState: 'notShipped', shipment: makeShipment({ request: 'cancelled' }) };
        return { body: { success: true, message: 'The Bosta shipment is cancelled' } };
      },
    );
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    expect(within(region).getByText(s.couriers.bosta)).toBeInTheDocument();
    expect(within(region).getByText(s.shipmentRequests.created)).toBeInTheDocument();
    expect(within(region).getByText('In transit')).toBeInTheDocument();
    expect(within(region).getByText('7234567')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: s.trackParcel })).toHaveAttribute(
      'href',
      'https://bosta.co/tracking-shipments?shipment-number=7234567',
    );
    expect(within(region).getByText('170 EGP')).toBeInTheDocument();
    expect(within(region).getByText(s.notCollected)).toBeInTheDocument();
    expect(within(region).getByText(s.notSettled)).toBeInTheDocument();
    // On the road with Bosta: it is not sent again, but can be cancelled.
    expect(within(region).queryByRole('button', { name: s.sendToBosta })).not.toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: s.cancelBosta }));
    const dialog = screen.getByRole('dialog', { name: format(s.cancelBostaTitle, { number: 'N-30002' }) });
    await userEvent.click(within(dialog).getByRole('button', { name: s.keepAtBosta }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(region).getByRole('button', { name: s.cancelBosta }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: s.cancelBosta }));
    expect(await screen.findByText('The Bosta shipment is cancelled')).toBeInTheDocument();
    await waitFor(() => expect(within(region).getByText(s.deliveryStates.notShipped)).toBeInTheDocument());
    expect(within(region).getByText(s.shipmentRequests.cancelled)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: s.sendToBosta })).toBeInTheDocument();
  });

  it('says why cancelling at Bosta failed', async () => {
    serve(
      () =>
        makeDeliveryOrder({ _id: ID, shipment: makeShipment({ request: 'queued', trackingNumber: null }) }),
      (call) =>
        call.method === 'DELETE'
          ? { status: 502, body: { success: false, message: 'Bosta did not answer; try again' } }
          : undefined,
    );
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    expect(within(region).getByText(s.shipmentRequests.queued)).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: s.cancelBosta }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: s.cancelBosta }));
    expect(await screen.findByText('Bosta did not answer; try again')).toBeInTheDocument();
  });

  it('shows Bosta’s reason when its copy failed, and sends it again', async () => {
    const failed = makeDeliveryOrder({
      _id: ID,
      shipment: makeShipment({
        request: 'failed',
        trackingNumber: null,
        courierState: null,
        error: 'Invalid phone number',
      }),
    });
    const answers = [
      { orderId: ID, ok: false, message: 'Bosta is not connected' },
      { orderId: ID, ok: true, message: 'Queued for Bosta' },
    ];
    const { calls } = serve(
      () => failed,
      (call) =>
        call.method === 'POST' && call.url.pathname === '/api/couriers/bosta/shipments'
          ? { body: { success: true, message: 'Done', results: [answers.shift()!] } }
          : undefined,
    );
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    expect(within(region).getByRole('alert')).toHaveTextContent(
      format(s.courierRefusal, { error: 'Invalid phone number' }),
    );
    await userEvent.click(within(region).getByRole('button', { name: s.sendToBosta }));
    expect(await screen.findByText('Bosta is not connected')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: s.sendToBosta }));
    expect(await screen.findByText('Queued for Bosta')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { orderIds: [ID] },
      { orderIds: [ID] },
    ]);
  });

  it('shows the cash collected and settled, the cash-on-delivery fee, and the road in the history', async () => {
    const order = makeDeliveryOrder({
      _id: ID,
      status: 'completed',
      paymentType: 'cash',
      paymentImage: null,
      cashOnDeliveryFee: 15,
      grandTotal: 185,
      deliveryState: 'delivered',
      shipment: makeShipment({
        cashToCollect: 185,
        cashCollected: 185,
        collectedAt: '2026-11-22T12:00:00.000Z',
        settled: true,
      }),
      deliveryHistory: [
        {
          state: 'shipped',
          at: '2026-11-21T09:00:00.000Z',
          source: 'staff',
          by: { _id: 'a1', username: 'amira' },
          note: null,
        },
        {
          state: 'delivered',
          at: '2026-11-22T12:00:00.000Z',
          source: 'courier',
          by: null,
          note: 'Left with the doorman',
        },
      ],
    });
    serve(() => order);
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    expect(
      within(region).getByText(
        format(s.cashCollectedOn, { amount: '185 EGP', date: formatDateTime('2026-11-22T12:00:00.000Z') }),
      ),
    ).toBeInTheDocument();
    expect(within(region).getByText(s.settled)).toBeInTheDocument();
    expect(screen.getByText(s.cashOnDeliveryFee).nextElementSibling).toHaveTextContent('15 EGP');

    const history = screen.getByRole('heading', { name: m.historyTitle }).parentElement!;
    const lines = within(history)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      `${format(m.historyEntry, { status: m.historyPlaced, date: formatDateTime(order.createdAt) })}${format(m.historyBy, { name: 'mariam' })}`,
      `${format(m.historyEntry, { status: s.deliveryStates.shipped, date: formatDateTime('2026-11-21T09:00:00.000Z') })}${format(m.historyBy, { name: 'amira' })}`,
      `${format(m.historyEntry, { status: s.deliveryStates.delivered, date: formatDateTime('2026-11-22T12:00:00.000Z') })}${s.deliverySources.courier}Left with the doorman`,
    ]);
  });
});
