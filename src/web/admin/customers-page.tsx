import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Ban, NotebookPen, Search, ShoppingBag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CustomerDto } from '@/shared/schemas/confirmation';
import { Pagination } from '@/web/components/pagination';
import { isolate } from '@/web/i18n/bidi';
import { formatDateTime } from '@/web/i18n/dates';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { useFailureToast } from '@/web/lib/failure-text';
import { useDocumentTitle } from '@/web/lib/shop';
import { href } from '@/web/paths';
import { AdminHeader } from './admin-ui';
import { customersQuery } from './api/confirmation';
import { BlockControl, NoteForm, RiskBadges } from './customer-record';

const c = messages.customers;
const m = messages.admin;

/** The list's place in the address: the search as written and the page, so a reload or Back keeps both. */
function readListParams(params: URLSearchParams) {
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function writeListParams({ search, page }: { search: string; page: number }) {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The search box: a name or a phone number in any form (the server compares the number's digits). */
function CustomerSearch({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label={c.searchCustomers} onSubmit={submit} className="mb-6 flex gap-2">
      <label htmlFor="customer-search" className="sr-only">
        {c.searchCustomers}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          id="customer-search"
          type="search"
          className="field ps-9"
          placeholder={c.searchCustomers}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        {m.search}
      </button>
    </form>
  );
}

/** One number: who ordered from it last, its record, its risks, and the owner's note and block. */
function CustomerCard({ customer }: { customer: CustomerDto }) {
  const nameId = useId();
  const panelId = useId();
  const [open, setOpen] = useState<'note' | 'block' | null>(null);
  const close = () => setOpen(null);
  const toggle = (panel: 'note' | 'block') => setOpen((current) => (current === panel ? null : panel));

  return (
    <li className="card p-4" aria-labelledby={nameId}>
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <h2 id={nameId} className="font-sans text-base font-semibold text-ink">
            <bdi>{customer.name || customer.phone}</bdi>
          </h2>
          <p className="flex flex-wrap gap-x-3 text-sm text-ink-soft">
            <a href={`tel:${customer.phone}`} dir="ltr" className="hover:text-accent">
              {customer.phone}
            </a>
            {customer.email && (
              <bdi dir="ltr" className="break-all">
                {customer.email}
              </bdi>
            )}
          </p>
          <p className="text-xs text-muted">
            {format(c.lastOrder, { date: isolate(formatDateTime(customer.lastOrderAt)) })}
          </p>
        </div>
        <div className="text-sm text-ink-soft md:text-end">
          <p className="font-medium text-ink">
            {format(c.recordOrders, { orders: customer.orders })} ·{' '}
            {format(c.recordOpen, { open: customer.open })}
          </p>
          <p>
            {format(c.recordOutcomes, {
              delivered: customer.delivered,
              refused: customer.refused,
              returned: customer.returned,
              cancelled: customer.cancelled,
            })}
          </p>
        </div>
      </div>

      {customer.risks.length > 0 && (
        <div className="mt-3">
          <RiskBadges risks={customer.risks} />
        </div>
      )}
      {customer.blocked && (
        <div className="mt-3">
          <BlockControl phone={customer.phone} blocked={customer.blocked} describedBy={nameId} />
        </div>
      )}
      {customer.note && open !== 'note' && (
        <p className="mt-3 text-sm whitespace-pre-line text-ink" dir="auto">
          {customer.note}
        </p>
      )}

      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={href.adminOrdersWhere({ customer: customer.phone })}
          className="btn btn-outline"
          aria-describedby={nameId}
        >
          <ShoppingBag className="size-4" aria-hidden="true" />
          {c.customerOrders}
        </Link>
        <button
          type="button"
          className="btn btn-ghost"
          aria-expanded={open === 'note'}
          aria-controls={open === 'note' ? panelId : undefined}
          aria-describedby={nameId}
          onClick={() => toggle('note')}
        >
          <NotebookPen className="size-4" aria-hidden="true" />
          {c.customerNote}
        </button>
        {!customer.blocked && (
          <button
            type="button"
            className="btn btn-ghost text-danger"
            aria-expanded={open === 'block'}
            aria-controls={open === 'block' ? panelId : undefined}
            aria-describedby={nameId}
            onClick={() => toggle('block')}
          >
            <Ban className="size-4" aria-hidden="true" />
            {c.block}
          </button>
        )}
      </div>

      {/* The record's own controls, one open at a time; its opener above collapses it again. */}
      {open === 'note' && (
        <div id={panelId} className="mt-3 border-t border-line pt-3">
          <NoteForm
            phone={customer.phone}
            note={customer.note}
            describedBy={nameId}
            autoFocus
            onSaved={close}
          />
        </div>
      )}
      {open === 'block' && !customer.blocked && (
        <div id={panelId} className="mt-3 border-t border-line pt-3">
          <BlockControl
            phone={customer.phone}
            blocked={null}
            describedBy={nameId}
            autoFocus
            onSaved={close}
          />
        </div>
      )}
    </li>
  );
}

function Skeleton() {
  return (
    <div role="status" aria-label={m.loading} className="grid gap-3">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} data-testid="customer-skeleton" className="card h-28 animate-pulse bg-sand/60" />
      ))}
    </div>
  );
}

/**
 * /dashboard/customers (issue 37): every phone number that has ordered, the latest to order first, one
 * card each with its record and risks; the owner notes or blocks a number here, and opens its orders
 * on the desk. The search and the page are in the address, as the orders list keeps its filters.
 */
export default function CustomersPage() {
  useDocumentTitle(c.customersTitle);
  const [params, setParams] = useSearchParams();
  const { search, page } = readListParams(params);
  const go = (next: { search?: string; page?: number }) =>
    setParams(writeListParams({ search: next.search ?? search, page: next.page ?? 1 }), { replace: true });

  const list = useQuery({ ...customersQuery({ search, page }), placeholderData: keepPreviousData });
  useFailureToast(list.error, c.failedToLoadCustomers);
  const customers = list.data?.results ?? [];

  return (
    <section>
      <AdminHeader title={c.customersTitle} />
      {/* Keyed by the search in the address: Back to another search shows its words in the box. */}
      <CustomerSearch key={search} search={search} onSearch={(next) => go({ search: next })} />

      {list.isPending ? (
        <Skeleton />
      ) : customers.length === 0 ? (
        <p className="card px-6 py-14 text-center text-lg text-ink-soft">
          {list.isError ? c.failedToLoadCustomers : c.noCustomers}
        </p>
      ) : (
        <>
          <ul className="grid gap-3">
            {customers.map((customer) => (
              <CustomerCard key={customer.phone} customer={customer} />
            ))}
          </ul>
          <div className="mt-6">
            <Pagination
              page={page}
              totalPages={list.data?.pagination.pages ?? 1}
              onPageChange={(next) => go({ page: next })}
            />
          </div>
        </>
      )}
    </section>
  );
}
