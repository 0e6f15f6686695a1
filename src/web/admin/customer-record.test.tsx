import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerDto, CustomerRecordDto } from '@/shared/schemas/confirmation';
import type { OrderDto } from '@/shared/schemas/order';
import { messages } from '@/web/admin/messages';
import { format } from '@/web/i18n/language';
import { clearToasts, mockFetch, renderRoute } from '@/web/lib/testing';
import { CustomerRecord } from './customer-record';
import { makeDeliveryOrder, renderAdmin } from './testing';

const t = messages.customers;
const ID = 'abcdef12-3456-4aaa-8aaa-aaaaaaaaaaaa';
const PHONE = '01012345678';

function record(overrides: Partial<CustomerRecordDto> = {}): CustomerRecordDto {
  return {
    phone: PHONE,
    orders: 5,
    delivered: 2,
    refused: 1,
    returned: 0,
    cancelled: 1,
    open: 1,
    note: '',
    blocked: null,
    risks: [],
    ...overrides,
  };
}

/** `PATCH /customers/{phone}`'s answer: the number's record as it is now. */
function customer(from: CustomerRecordDto): CustomerDto {
  return {
    ...from,
    name: 'Mariam Hassan',
    email: 'mariam@example.com',
    lastOrderAt: '2026-11-20T10:30:00.000Z',
  };
}

/**
 * The order page over an order of the number, whose record `PATCH /customers/{phone}` changes as the
 * server would: the patch's note and block.
 */
function serve(initial: CustomerRecordDto) {
  let current = initial;
  const order = (): OrderDto => makeDeliveryOrder({ _id: ID, customerRecord: current });
  const result = mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === `/api/order/${ID}`) {
      return { body: { success: true, results: order() } };
    }
    if (call.method === 'PATCH' && call.url.pathname === `/api/customers/${PHONE}`) {
      const patch = call.body as { note?: string; block?: { reason: string; mode: 'cash' | 'all' } | null };
      current = {
        ...current,
        ...(patch.note !== undefined && { note: patch.note }),
        ...(patch.block !== undefined && {
          blocked: patch.block && { ...patch.block, at: '2026-11-21T09:00:00.000Z' },
          risks: patch.block ? ['blocked' as const] : [],
        }),
      };
      return { body: { success: true, message: 'Customer saved', customer: customer(current) } };
    }
    return undefined;
  });
  return {
    ...result,
    patches: () => result.calls.filter((call) => call.method === 'PATCH').map((c) => c.body),
  };
}

const region = () => screen.findByRole('region', { name: t.recordTitle });

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('the customer’s record', () => {
  it('counts the number’s orders and how they went, flags its risks, and links to its orders', async () => {
    serve(record({ risks: ['refusedBefore', 'severalOpen'] }));
    renderAdmin(`/dashboard/order/${ID}`);
    const panel = await region();
    expect(panel).toHaveTextContent(format(t.recordOrders, { orders: 5 }));
    expect(panel).toHaveTextContent(format(t.recordOpen, { open: 1 }));
    expect(
      within(panel).getByText(
        format(t.recordOutcomes, { delivered: 2, refused: 1, returned: 0, cancelled: 1 }),
      ),
    ).toBeInTheDocument();
    const badges = within(panel)
      .getAllByRole('listitem')
      .map((badge) => badge.textContent);
    expect(badges).toEqual([t.riskRefusedBefore, t.riskSeveralOpen]);
    expect(within(panel).getByRole('link', { name: t.customerOrders })).toHaveAttribute(
      'href',
      `/dashboard/manage_orders?customer=${PHONE}`,
    );
  });

  it('shows no risk badge for a number with none', async () => {
    serve(record());
    renderAdmin(`/dashboard/order/${ID}`);
    const panel = await region();
    expect(within(panel).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('saves the owner’s note', async () => {
    const { patches } = serve(record({ note: 'Prefers evening calls' }));
    renderAdmin(`/dashboard/order/${ID}`);
    const panel = await region();
    const note = within(panel).getByLabelText(t.customerNote);
    expect(note).toHaveValue('Prefers evening calls');
    const save = within(panel).getByRole('button', { name: t.saveNote });
    expect(save).toBeDisabled();
    await userEvent.clear(note);
    await userEvent.type(note, 'Refused a parcel in October; call before shipping');
    await userEvent.click(save);
    expect(await screen.findByText(t.noteSaved)).toBeInTheDocument();
    expect(patches()).toEqual([{ note: 'Refused a parcel in October; call before shipping' }]);
    await waitFor(() => expect(save).toBeDisabled());
    expect(note).toHaveValue('Refused a parcel in October; call before shipping');
  });

  it('blocks the number once the owner says why, then unblocks it', async () => {
    const { patches } = serve(record());
    renderAdmin(`/dashboard/order/${ID}`);
    const panel = await region();
    const form = within(panel).getByRole('form', { name: t.block });
    await userEvent.click(within(form).getByRole('button', { name: t.block }));
    expect(await within(form).findByText(t.blockReasonRule)).toBeInTheDocument();
    expect(patches()).toEqual([]);

    await userEvent.type(within(form).getByLabelText(t.blockReason), 'Refused three parcels');
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: t.blockMode }),
      t.blockModes.all,
    );
    await userEvent.click(within(form).getByRole('button', { name: t.block }));
    expect(await screen.findByText(t.blocked)).toBeInTheDocument();
    expect(patches()).toEqual([{ block: { reason: 'Refused three parcels', mode: 'all' } }]);

    // The order is read again: the number blocked, why, and what the block refuses.
    expect(
      await within(panel).findByText(format(t.blockedBecause, { reason: 'Refused three parcels' })),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent(t.blockModes.all);
    expect(within(panel).getByText(t.riskBlocked)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: t.unblock }));
    expect(await screen.findByText(t.unblocked)).toBeInTheDocument();
    expect(patches()).toEqual([{ block: { reason: 'Refused three parcels', mode: 'all' } }, { block: null }]);
    expect(await within(panel).findByRole('form', { name: t.block })).toBeInTheDocument();
  });

  it('shows a blocked number’s reason, and says why when lifting the block fails', async () => {
    mockFetch((call) =>
      call.method === 'PATCH'
        ? { status: 404, body: { success: false, message: t.customerNotFound } }
        : undefined,
    );
    renderRoute(
      <CustomerRecord
        phone={PHONE}
        record={record({
          blocked: { reason: 'Fake orders', mode: 'cash', at: '2026-11-01T09:00:00.000Z' },
          risks: ['blocked'],
        })}
      />,
    );
    const panel = await region();
    expect(within(panel).getByText(format(t.blockedBecause, { reason: 'Fake orders' }))).toBeInTheDocument();
    expect(panel).toHaveTextContent(t.blockModes.cash);
    expect(within(panel).queryByRole('form', { name: t.block })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: t.unblock }));
    expect(await screen.findByText(t.customerNotFound)).toBeInTheDocument();
  });
});
