import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CustomerDto } from '@/shared/schemas/confirmation';
import { formatDateTime } from '@/web/i18n/dates';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { clearToasts, mockFetch, renderRoute, setStoredSession, type RecordedCall } from '@/web/lib/testing';
import CustomersPage from './customers-page';

const c = messages.customers;
const m = messages.admin;

function makeCustomer(overrides: Partial<CustomerDto> = {}): CustomerDto {
  return {
    phone: '01012345678',
    name: 'Salma Adel',
    email: 'salma@example.com',
    lastOrderAt: '2026-05-02T09:30:00.000Z',
    orders: 5,
    delivered: 3,
    refused: 1,
    returned: 0,
    cancelled: 1,
    open: 0,
    note: 'Calls after 6 pm',
    blocked: null,
    risks: ['refusedBefore'],
    ...overrides,
  };
}

const salma = makeCustomer();
const mona = makeCustomer({
  phone: '01198765432',
  name: 'Mona Fathy',
  email: '',
  orders: 3,
  delivered: 0,
  refused: 3,
  cancelled: 0,
  open: 2,
  note: '',
  blocked: { reason: 'Refused three parcels', mode: 'all', at: '2026-05-01T10:00:00.000Z' },
  risks: ['refusedBefore', 'severalOpen', 'blocked'],
});

/**
 * The customers API: `initial` for every page asked, changed as the server would by each PATCH (its
 * note and block), whose answer is the customer it names as it is now.
 */
function serve(initial: CustomerDto[], pages = 1) {
  let list = initial;
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/customers') {
      return {
        body: {
          success: true,
          results: list,
          pagination: {
            page: Number(call.url.searchParams.get('page') ?? 1),
            pages,
            total: list.length,
            limit: 10,
          },
        },
      };
    }
    if (call.method === 'PATCH' && call.url.pathname.startsWith('/api/customers/')) {
      const phone = decodeURIComponent(call.url.pathname.split('/').at(-1)!);
      const patch = call.body as { note?: string; block?: { reason: string; mode: 'cash' | 'all' } | null };
      list = list.map((one) =>
        one.phone !== phone
          ? one
          : {
              ...one,
              ...(patch.note !== undefined && { note: patch.note }),
              ...(patch.block !== undefined && {
                blocked: patch.block && { ...patch.block, at: '2026-05-03T09:00:00.000Z' },
              }),
            },
      );
      const customer = list.find((one) => one.phone === phone)!;
      return { body: { success: true, message: c.customerSaved, customer } };
    }
    return undefined;
  });
}

const listRequests = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/customers');
const patches = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PATCH');

function renderPage(initialEntry = '/dashboard/customers') {
  setStoredSession('admin');
  return renderRoute(<CustomersPage />, { path: '/dashboard/customers', initialEntry });
}

beforeEach(() => clearToasts());

describe('admin customer list (issue 37)', { timeout: 20_000 }, () => {
  it("shows skeletons, then each number's name, contacts, record, risks, block and note, with a link to its orders", async () => {
    const { calls } = serve([salma, mona]);
    renderPage();
    expect(screen.getAllByTestId('customer-skeleton').length).toBeGreaterThan(0);

    const card = await screen.findByRole('listitem', { name: 'Salma Adel' });
    expect(listRequests(calls)[0]!.url.searchParams.get('page')).toBe('1');
    expect(listRequests(calls)[0]!.url.searchParams.has('search')).toBe(false);
    expect(within(card).getByRole('link', { name: '01012345678' })).toHaveAttribute(
      'href',
      'tel:01012345678',
    );
    expect(within(card).getByText('salma@example.com')).toBeInTheDocument();
    expect(
      within(card).getByText(format(c.lastOrder, { date: formatDateTime(salma.lastOrderAt) })),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(
        `${format(c.recordOrders, { orders: 5 })} · ${format(c.recordOpen, { open: 0 })}`,
      ),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(
        format(c.recordOutcomes, { delivered: 3, refused: 1, returned: 0, cancelled: 1 }),
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText(c.riskRefusedBefore)).toBeInTheDocument();
    expect(within(card).getByText('Calls after 6 pm')).toBeInTheDocument();
    // The desk's orders of the number, the number as the list writes it.
    expect(within(card).getByRole('link', { name: c.customerOrders })).toHaveAttribute(
      'href',
      '/dashboard/manage_orders?customer=01012345678',
    );
    expect(within(card).getByRole('button', { name: c.block })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: c.unblock })).not.toBeInTheDocument();

    const blocked = screen.getByRole('listitem', { name: 'Mona Fathy' });
    expect(within(blocked).getByText(c.riskSeveralOpen)).toBeInTheDocument();
    expect(within(blocked).getByText(c.riskBlocked)).toBeInTheDocument();
    expect(
      within(blocked).getByText(format(c.blockedBecause, { reason: 'Refused three parcels' })),
    ).toBeInTheDocument();
    expect(within(blocked).getByText(c.blockModes.all, { exact: false })).toBeInTheDocument();
    expect(within(blocked).getByRole('button', { name: c.unblock })).toBeInTheDocument();
    expect(within(blocked).queryByRole('button', { name: c.block })).not.toBeInTheDocument();
  });

  it('says when no customer matches', async () => {
    serve([]);
    renderPage('/dashboard/customers?search=nobody');
    expect(await screen.findByText(c.noCustomers)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: c.searchCustomers })).toHaveValue('nobody');
  });

  it('searches on the server with the words as typed, from the first page, and pages through', async () => {
    const { calls } = serve([salma], 3);
    const { router } = renderPage('/dashboard/customers?page=2');
    await screen.findByRole('listitem', { name: 'Salma Adel' });
    expect(listRequests(calls).at(-1)!.url.searchParams.get('page')).toBe('2');

    await userEvent.type(screen.getByRole('searchbox', { name: c.searchCustomers }), '+20 101 234');
    await userEvent.click(screen.getByRole('button', { name: m.search }));
    await waitFor(() =>
      expect(listRequests(calls).at(-1)!.url.searchParams.get('search')).toBe('+20 101 234'),
    );
    expect(listRequests(calls).at(-1)!.url.searchParams.get('page')).toBe('1');
    expect(router.state.location.search).toBe(`?${new URLSearchParams({ search: '+20 101 234' })}`);

    const pager = screen.getByRole('navigation', { name: messages.catalog.pagination });
    await userEvent.click(
      within(pager).getByRole('button', { name: format(messages.catalog.pageN, { n: 3 }) }),
    );
    await waitFor(() => expect(listRequests(calls).at(-1)!.url.searchParams.get('page')).toBe('3'));
    expect(listRequests(calls).at(-1)!.url.searchParams.get('search')).toBe('+20 101 234');
  });

  it('blocks a number with a reason and what the block refuses', async () => {
    const { calls } = serve([salma]);
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Salma Adel' });
    const opener = within(card).getByRole('button', { name: c.block });
    await userEvent.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    const reason = within(card).getByLabelText(c.blockReason);
    expect(reason).toHaveFocus();
    // The submit button is the form's: the opener's twin, inside the panel it opened.
    const form = document.getElementById(opener.getAttribute('aria-controls')!)!;
    const submit = within(form).getByRole('button', { name: c.block });

    // No reason: the schema's words beside the field, nothing sent.
    await userEvent.click(submit);
    await waitFor(() => expect(reason).toHaveAccessibleDescription(c.blockReasonRule));
    expect(patches(calls)).toHaveLength(0);

    const mode = within(form).getByRole('combobox', { name: c.blockMode });
    expect(mode).toHaveValue('cash');
    await userEvent.type(reason, 'Refused two parcels');
    await userEvent.selectOptions(mode, c.blockModes.all);
    await userEvent.click(submit);

    expect(await screen.findByText(c.blocked)).toBeInTheDocument();
    const [patch] = patches(calls);
    expect(patch!.url.pathname).toBe('/api/customers/01012345678');
    expect(patch!.body).toEqual({ block: { reason: 'Refused two parcels', mode: 'all' } });
    // Saved: the panel closes, and the list read again shows the number blocked, with its unblock.
    expect(within(card).queryByLabelText(c.blockReason)).not.toBeInTheDocument();
    expect(
      await within(card).findByText(format(c.blockedBecause, { reason: 'Refused two parcels' })),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: c.unblock })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: c.block })).not.toBeInTheDocument();
  });

  it('unblocks a number', async () => {
    const { calls } = serve([mona]);
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Mona Fathy' });
    await userEvent.click(within(card).getByRole('button', { name: c.unblock }));
    expect(await screen.findByText(c.unblocked)).toBeInTheDocument();
    const [patch] = patches(calls);
    expect(patch!.url.pathname).toBe('/api/customers/01198765432');
    expect(patch!.body).toEqual({ block: null });
    // The list read again: the number can be blocked once more.
    expect(await within(card).findByRole('button', { name: c.block })).toBeInTheDocument();
  });

  it("edits the owner's note on a number", async () => {
    const { calls } = serve([salma]);
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Salma Adel' });
    const opener = within(card).getByRole('button', { name: c.customerNote });
    await userEvent.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    const note = within(card).getByRole('textbox', { name: c.customerNote });
    expect(note).toHaveValue('Calls after 6 pm');
    expect(note).toHaveFocus();
    await userEvent.clear(note);
    await userEvent.type(note, 'Prefers WhatsApp');
    await userEvent.click(within(card).getByRole('button', { name: c.saveNote }));

    expect(await screen.findByText(c.noteSaved)).toBeInTheDocument();
    expect(patches(calls)[0]!.body).toEqual({ note: 'Prefers WhatsApp' });
    // Saved: the panel closes, and the card shows the note as saved.
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(await within(card).findByText('Prefers WhatsApp')).toBeInTheDocument();
  });

  it("says the server's refusal when a save fails", async () => {
    mockFetch((call) => {
      if (call.method === 'GET') {
        return {
          body: { success: true, results: [mona], pagination: { page: 1, pages: 1, total: 1, limit: 10 } },
        };
      }
      return { status: 404, body: { success: false, message: c.customerNotFound } };
    });
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Mona Fathy' });
    await userEvent.click(within(card).getByRole('button', { name: c.unblock }));
    expect(await screen.findByText(c.customerNotFound)).toBeInTheDocument();
  });
});
