import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderContactDto, OrderMessageDto } from '@/shared/schemas/confirmation';
import type { OrderDto } from '@/shared/schemas/order';
import { messages } from '@/web/admin/messages';
import { formatDateTime } from '@/web/i18n/dates';
import { format } from '@/web/i18n/language';
import { clearToasts, mockFetch, sampleProductDetail, type Responder } from '@/web/lib/testing';
import { sampleSettings } from './sample-settings';
import { makeDeliveryOrder, makeShipment, renderAdmin } from './testing';

const t = messages.customers;
const o = messages.orders;
const ID = 'abcdef12-3456-4aaa-8aaa-aaaaaaaaaaaa';
const CONFIRM_BY = '2026-11-21T10:30:00.000Z';

/** An order awaiting the customer's word, as a cash order is once placed. */
function awaitingOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  return makeDeliveryOrder({
    _id: ID,
    number: 'N-37001',
    paymentType: 'cash',
    paymentImage: null,
    confirmation: { awaiting: true, confirmBy: CONFIRM_BY, contacts: [], messages: [] },
    ...overrides,
  });
}

function contact(overrides: Partial<OrderContactDto> = {}): OrderContactDto {
  return {
    _id: `contact-${Math.random()}`,
    channel: 'phone',
    outcome: 'confirmed',
    source: 'staff',
    at: '2026-11-20T12:00:00.000Z',
    by: { _id: 'u-admin', username: 'Amira' },
    note: null,
    ...overrides,
  };
}

function message(overrides: Partial<OrderMessageDto> = {}): OrderMessageDto {
  return {
    _id: `message-${Math.random()}`,
    channel: 'whatsapp',
    purpose: 'confirmation',
    state: 'queued',
    sendAt: '2026-11-20T11:30:00.000Z',
    sentAt: null,
    attempts: 0,
    error: null,
    ...overrides,
  };
}

/** The order page over `order()`, with WhatsApp Business connected or not, and what `extra` answers. */
function serve(order: () => OrderDto, { configured = false, extra = (() => undefined) as Responder } = {}) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === `/api/order/${ID}`) {
      return { body: { success: true, results: order() } };
    }
    if (call.method === 'GET' && call.url.pathname === '/api/settings/full') {
      return {
        body: {
          success: true,
          settings: sampleSettings({
            whatsappBusiness: { configured, webhookUrl: 'https://nour.example/api/whatsapp/webhook' },
          }),
        },
      };
    }
    return extra(call);
  });
}

const panel = () => screen.findByRole('region', { name: t.confirmationTitle });

/** The text a wa.me link types into the chat, and the number it opens. */
function chat(link: HTMLElement) {
  const url = new URL(link.getAttribute('href') ?? '');
  return { number: `${url.host}${url.pathname}`, text: url.searchParams.get('text') ?? '' };
}

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('the order page’s confirmation panel', () => {
  it('is not shown for an order that never awaited and has no contact', async () => {
    serve(() => makeDeliveryOrder({ _id: ID }));
    renderAdmin(`/dashboard/order/${ID}`);
    expect(await screen.findByRole('region', { name: t.recordTitle })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: t.confirmationTitle })).toBeNull();
  });

  it('shows until when the order awaits, and logs ‘Called: confirmed’ in one click', async () => {
    let order = awaitingOrder();
    const { calls } = serve(() => order, {
      extra: (call) => {
        if (call.method !== 'POST' || call.url.pathname !== `/api/order/${ID}/contacts`) return undefined;
        order = {
          ...order,
          status: 'confirmed',
          confirmation: { awaiting: false, confirmBy: null, contacts: [contact()], messages: [] },
        };
        return { body: { success: true, message: 'Contact logged', order } };
      },
    });
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    expect(
      within(region).getByText(format(t.awaitingSince, { time: formatDateTime(CONFIRM_BY) })),
    ).toBeInTheDocument();
    expect(within(region).getByText(t.noContacts)).toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: t.callConfirmed }));
    expect(await screen.findByText('Contact logged')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { channel: 'phone', outcome: 'confirmed' },
    ]);
    // The answer is the order as it is now: confirmed, the call in its list, nothing more to confirm.
    await waitFor(() => expect(within(region).getByText(t.confirmedAlready)).toBeInTheDocument());
    expect(within(region).queryByRole('button', { name: t.callConfirmed })).toBeNull();
    const contacts = within(region).getByRole('list', { name: t.contactsTitle });
    expect(within(contacts).getByText(t.contactOutcomes.confirmed)).toBeInTheDocument();
  });

  it('logs ‘Called: no answer’ by phone, and says why when the server refuses', async () => {
    const { calls } = serve(() => awaitingOrder(), {
      extra: (call) =>
        call.method === 'POST'
          ? { status: 409, body: { success: false, message: 'The order is no longer open' } }
          : undefined,
    });
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    await userEvent.click(within(region).getByRole('button', { name: t.callNoAnswer }));
    expect(await screen.findByText('The order is no longer open')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      channel: 'phone',
      outcome: 'noAnswer',
    });
  });

  it('asks what came of a contact before logging it, then sends the channel, outcome and note', async () => {
    const { calls } = serve(() => awaitingOrder(), {
      extra: (call) =>
        call.method === 'POST'
          ? { body: { success: true, message: 'Contact logged', order: awaitingOrder() } }
          : undefined,
    });
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    await userEvent.click(within(region).getByRole('button', { name: t.saveContact }));
    const outcome = within(region).getByRole('combobox', { name: t.contactOutcome });
    expect(await within(region).findByText(messages.confirmation.contactOutcomeRule)).toBeInTheDocument();
    expect(outcome).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.selectOptions(
      within(region).getByRole('combobox', { name: t.contactChannel }),
      t.contactChannels.whatsapp,
    );
    await userEvent.selectOptions(outcome, t.contactOutcomes.askedToChange);
    await userEvent.type(within(region).getByLabelText(t.contactNote), ' Wants size L ');
    await userEvent.click(within(region).getByRole('button', { name: t.saveContact }));
    expect(await screen.findByText('Contact logged')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { channel: 'whatsapp', outcome: 'askedToChange', note: 'Wants size L' },
    ]);
  });

  it('lists every contact: who, when, how it went, and her own reply', async () => {
    const contacts = [
      contact({ outcome: 'noAnswer', at: '2026-11-20T11:00:00.000Z', note: 'Rang twice' }),
      contact({
        channel: 'whatsapp',
        outcome: 'askedToChange',
        source: 'customer',
        by: null,
        at: '2026-11-20T12:15:00.000Z',
        note: 'Please send it to my work address',
      }),
      contact({ outcome: 'cancelled', source: 'shop', by: null, at: '2026-11-21T10:30:00.000Z' }),
    ];
    serve(() =>
      makeDeliveryOrder({
        _id: ID,
        status: 'cancelled',
        confirmation: { awaiting: false, confirmBy: null, contacts, messages: [] },
      }),
    );
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    const items = within(within(region).getByRole('list', { name: t.contactsTitle })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(t.contactOutcomes.noAnswer);
    expect(items[0]).toHaveTextContent(t.contactChannels.phone);
    expect(items[0]).toHaveTextContent(formatDateTime('2026-11-20T11:00:00.000Z'));
    expect(items[0]).toHaveTextContent(format(messages.admin.historyBy, { name: 'Amira' }));
    expect(items[0]).toHaveTextContent('Rang twice');
    expect(items[1]).toHaveTextContent(t.contactOutcomes.askedToChange);
    expect(items[1]).toHaveTextContent(t.contactChannels.whatsapp);
    expect(items[1]).toHaveTextContent(t.contactSources.customer);
    expect(items[1]).toHaveTextContent('Please send it to my work address');
    expect(items[2]).toHaveTextContent(t.contactOutcomes.cancelled);
    expect(items[2]).toHaveTextContent(t.contactSources.shop);
    // A cancelled order takes no more contacts, and awaits nothing.
    expect(within(region).getByText(t.confirmedAlready)).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: t.saveContact })).toBeNull();
    expect(within(region).queryByRole('button', { name: t.callConfirmed })).toBeNull();
  });

  it('offers a wa.me message asking her to confirm, with the lines, total and address, without WhatsApp Business', async () => {
    serve(() => awaitingOrder({ grandTotal: 170, address: '12 El Nozha Street, Heliopolis, Cairo' }));
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    const link = await within(region).findByRole('link', { name: t.whatsappConfirm });
    expect(link).toHaveAttribute('target', '_blank');
    const { number, text } = chat(link);
    expect(number).toBe('wa.me/201012345678');
    expect(text).toBe(
      format(t.whatsappConfirmText, {
        name: 'Mariam Hassan',
        shop: 'Nour',
        number: 'N-37001',
        lines: 'Item 1 × 1',
        total: '170 EGP',
        address: '12 El Nozha Street, Heliopolis, Cairo',
      }),
    );
    // Not shipped yet: nothing to say about the road.
    expect(within(region).queryByRole('link', { name: t.whatsappShipped })).toBeNull();
    expect(within(region).queryByRole('link', { name: t.whatsappDelivered })).toBeNull();
    expect(within(region).queryByText(t.messagesTitle)).toBeNull();
  });

  it('offers ‘shipped’ with the tracking link, then ‘delivered’, once the order is on the road', async () => {
    const confirmed = {
      status: 'confirmed' as const,
      confirmation: { awaiting: false, confirmBy: null, contacts: [contact()], messages: [] },
      shipment: makeShipment(),
    };
    let order = makeDeliveryOrder({ _id: ID, number: 'N-37002', ...confirmed, deliveryState: 'shipped' });
    serve(() => order);
    const { unmount } = renderAdmin(`/dashboard/order/${ID}`);
    let region = await panel();
    const shipped = await within(region).findByRole('link', { name: t.whatsappShipped });
    expect(chat(shipped).text).toBe(
      format(t.whatsappShippedText, {
        name: 'Mariam Hassan',
        number: 'N-37002',
        shop: 'Nour',
        link: 'https://bosta.co/tracking-shipments?shipment-number=7234567',
      }),
    );
    expect(within(region).queryByRole('link', { name: t.whatsappConfirm })).toBeNull();
    expect(within(region).queryByRole('link', { name: t.whatsappDelivered })).toBeNull();
    unmount();

    order = { ...order, deliveryState: 'delivered' };
    renderAdmin(`/dashboard/order/${ID}`);
    region = await panel();
    const delivered = await within(region).findByRole('link', { name: t.whatsappDelivered });
    expect(chat(delivered)).toEqual({
      number: 'wa.me/201012345678',
      text: format(t.whatsappDeliveredText, { name: 'Mariam Hassan', number: 'N-37002', shop: 'Nour' }),
    });
    expect(within(region).getByRole('link', { name: t.whatsappShipped })).toBeInTheDocument();
  });

  it('lists the shop’s own WhatsApp messages and their states once WhatsApp Business is connected', async () => {
    const list = [
      message({ purpose: 'confirmation', state: 'sent', sentAt: '2026-11-20T11:31:00.000Z' }),
      message({ purpose: 'status', state: 'failed', error: 'Recipient not on WhatsApp', attempts: 1 }),
      message({ purpose: 'shipped', state: 'queued', sendAt: '2026-11-20T14:00:00.000Z' }),
    ];
    serve(
      () =>
        awaitingOrder({
          confirmation: { awaiting: true, confirmBy: CONFIRM_BY, contacts: [], messages: list },
        }),
      { configured: true },
    );
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    const items = within(await within(region).findByRole('list', { name: t.messagesTitle })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      `${t.messagePurposes.confirmation}${format(t.messageStates.sent, { time: formatDateTime('2026-11-20T11:31:00.000Z') })}`,
      `${t.messagePurposes.status}${format(t.messageStates.failed, { error: 'Recipient not on WhatsApp' })}`,
      `${t.messagePurposes.shipped}${format(t.messageStates.queued, { time: formatDateTime('2026-11-20T14:00:00.000Z') })}`,
    ]);
    expect(within(region).queryByRole('link', { name: t.whatsappConfirm })).toBeNull();
  });

  it('changes the address while the order awaits: the form starts from the order’s and checks it', async () => {
    let order = awaitingOrder();
    const { calls } = serve(() => order, {
      extra: (call) => {
        if (call.method !== 'PATCH' || call.url.pathname !== `/api/order/${ID}/address`) return undefined;
        order = { ...order, address: '5 Tahrir Street, Dokki, Giza', governorate: 'EG-GZ' };
        return { body: { success: true, message: 'Address changed', order } };
      },
    });
    renderAdmin(`/dashboard/order/${ID}`);
    const region = await panel();
    const toggle = within(region).getByRole('button', { name: t.changeAddress });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = within(region).getByRole('form', { name: t.changeAddress });
    expect(within(form).getByLabelText(o.street)).toHaveValue('El Nozha Street');
    expect(within(form).getByRole('combobox', { name: messages.delivery.governorate })).toHaveValue('EG-C');

    const building = within(form).getByLabelText(o.building);
    await userEvent.clear(building);
    await userEvent.type(building, 'twelve');
    await userEvent.click(within(form).getByRole('button', { name: t.saveAddress }));
    expect(await within(form).findByText(messages.orders.buildingRule)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    await userEvent.clear(building);
    await userEvent.type(building, '5');
    const street = within(form).getByLabelText(o.street);
    await userEvent.clear(street);
    await userEvent.type(street, 'Tahrir Street');
    const area = within(form).getByLabelText(o.area);
    await userEvent.clear(area);
    await userEvent.type(area, 'Dokki');
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: messages.delivery.governorate }),
      'Giza',
    );
    await userEvent.click(within(form).getByRole('button', { name: t.saveAddress }));
    expect(await screen.findByText('Address changed')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      {
        street: 'Tahrir Street',
        building: '5',
        floor: '3',
        apartment: '7',
        landmark: '',
        area: 'Dokki',
        governorate: 'EG-GZ',
      },
    ]);
    await waitFor(() => expect(within(region).queryByRole('form', { name: t.changeAddress })).toBeNull());
    expect(screen.getByText('5 Tahrir Street, Dokki, Giza')).toBeInTheDocument();
  });

  it('changes the size of a line with a variant while the order awaits', async () => {
    const line = {
      ...awaitingOrder().products[0]!,
      variant: { sku: 'IT-M', options: { Size: 'M' } },
    };
    let order = awaitingOrder({ products: [line] });
    const product = sampleProductDetail({
      _id: 'p1',
      id: 'p1',
      options: [{ name: 'Size', values: ['M', 'L'] }],
      variants: (['M', 'L'] as const).map((size) => ({
        _id: `v-${size.toLowerCase()}`,
        id: `v-${size.toLowerCase()}`,
        sku: `IT-${size}`,
        options: { Size: size },
        price: 100,
        finalPrice: 100,
        avaliableItems: 4,
        inStock: true,
      })),
    });
    const { calls } = serve(() => order, {
      extra: (call) => {
        if (call.method === 'GET' && call.url.pathname === '/api/product/p1') {
          return { body: { success: true, product } };
        }
        if (call.method === 'PATCH' && call.url.pathname === `/api/order/${ID}/lines/line-0/variant`) {
          order = { ...order, products: [{ ...line, variant: { sku: 'IT-L', options: { Size: 'L' } } }] };
          return { body: { success: true, message: 'Size and colour saved', order } };
        }
        return undefined;
      },
    });
    renderAdmin(`/dashboard/order/${ID}`);
    const name = format(t.changeVariantOf, { name: 'Item 1' });
    await userEvent.click(await screen.findByRole('button', { name }));
    const select = await screen.findByRole('combobox', { name });
    await waitFor(() =>
      expect(
        within(select).getByRole('option', { name: format(t.currentVariant, { label: 'M' }) }),
      ).toBeDisabled(),
    );
    await userEvent.selectOptions(select, format(messages.admin.variantLeft, { label: 'L', n: 4 }));
    await userEvent.click(screen.getByRole('button', { name: messages.admin.saveVariant }));
    expect(await screen.findByText('Size and colour saved')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { variantId: 'v-l' },
    ]);
    expect(await screen.findByText('Size: L')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name })).toBeNull();
  });

  it('offers no size change for a line with a variant once the order no longer awaits', async () => {
    const line = { ...makeDeliveryOrder().products[0]!, variant: { sku: 'IT-M', options: { Size: 'M' } } };
    serve(() => makeDeliveryOrder({ _id: ID, status: 'confirmed', products: [line] }));
    renderAdmin(`/dashboard/order/${ID}`);
    expect(await screen.findByText('Size: M')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: format(t.changeVariantOf, { name: 'Item 1' }) })).toBeNull();
  });
});
