import { useQuery } from '@tanstack/react-query';
import { Download, HandCoins } from 'lucide-react';
import { useId, useState } from 'react';
import { COURIERS, type Courier } from '@/shared/constants';
import { Dialog } from '@/web/components/dialog';
import { Spinner } from '@/web/components/spinner';
import { isolate } from '@/web/i18n/bidi';
import { format, formatEgp } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { useDownloadCashCsv } from './api/courier-files';
import { deliveredOrdersQuery, useRecordPayout, type DeliveryOrder } from './api/delivery';
import { courierName } from './delivery-words';

const s = messages.shipping;

/** The delivered orders of `courier` whose cash the shop has not yet received. */
function unsettled(orders: DeliveryOrder[], courier: Courier): DeliveryOrder[] {
  return orders.filter((order) => order.shipment?.courier === courier && !order.shipment.settled);
}

/** The cash an order's courier owes the shop: what it collected, or what it was to collect. */
const owed = (order: DeliveryOrder) => order.shipment?.cashCollected ?? order.shipment?.cashToCollect ?? 0;

/** 'Mark a payout received': the courier, the orders it covers (all, to start with) and its reference. */
function PayoutDialog({ onClose }: { onClose: () => void }) {
  const [courier, setCourier] = useState<Courier>('bosta');
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { courier: useId(), orders: useId(), reference: useId(), hint: useId() };
  const delivered = useQuery(deliveredOrdersQuery);
  const record = useRecordPayout({
    onSuccess: (answer) => {
      notify.success(answer.message);
      onClose();
    },
  });
  const orders = unsettled(delivered.data ?? [], courier);
  const covered = orders.filter((order) => !left.has(order._id));
  const total = covered.reduce((sum, order) => sum + owed(order), 0);

  const submit = () => {
    if (covered.length === 0) {
      setError(s.payoutChooseOrders);
      return;
    }
    record.mutate(
      { courier, orderIds: covered.map((order) => order._id), reference },
      { onError: (failure) => notify.error(failureText(failure, s.payoutFailed)) },
    );
  };

  return (
    <Dialog title={s.payoutTitle} closeLabel={messages.admin.close} onClose={onClose} width="max-w-lg">
      <form
        noValidate
        className="flex min-h-0 flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div>
          <label htmlFor={ids.courier} className="label">
            {s.payoutCourier}
          </label>
          <select
            id={ids.courier}
            className="field"
            value={courier}
            onChange={(event) => {
              setCourier(event.target.value as Courier);
              setLeft(new Set());
              setError(null);
            }}
          >
            {COURIERS.map((value) => (
              <option key={value} value={value}>
                {courierName(value)}
              </option>
            ))}
          </select>
        </div>
        <fieldset aria-labelledby={ids.orders} className="min-h-0 overflow-y-auto">
          <p id={ids.orders} className="label">
            {s.payoutOrders}
          </p>
          {delivered.isPending ? (
            <Spinner />
          ) : delivered.isError ? (
            <p role="alert" className="field-error">
              {failureText(delivered.error, messages.orders.failedToFetchOrders)}
            </p>
          ) : orders.length === 0 ? (
            <p className="text-sm text-muted">{s.payoutNoOrders}</p>
          ) : (
            <ul className="divide-y divide-line rounded-field border border-line">
              {orders.map((order) => (
                <li key={order._id}>
                  <label className="flex min-h-11 items-center gap-3 px-3 py-2 text-sm text-ink">
                    <input
                      type="checkbox"
                      className="size-4 accent-accent"
                      checked={!left.has(order._id)}
                      onChange={(event) => {
                        setError(null);
                        setLeft((current) => {
                          const next = new Set(current);
                          if (event.target.checked) next.delete(order._id);
                          else next.add(order._id);
                          return next;
                        });
                      }}
                    />
                    {format(s.payoutOrder, { number: isolate(order.number), amount: formatEgp(owed(order)) })}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
        </fieldset>
        <div>
          <label htmlFor={ids.reference} className="label">
            {s.payoutReference}
          </label>
          <input
            id={ids.reference}
            className="field"
            maxLength={100}
            value={reference}
            aria-describedby={ids.hint}
            onChange={(event) => setReference(event.target.value)}
          />
          <p id={ids.hint} className="mt-1 text-xs text-muted">
            {s.payoutReferenceHint}
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
          <p className="font-semibold text-ink">{format(s.payoutTotal, { amount: formatEgp(total) })}</p>
          <button type="submit" className="btn btn-primary" disabled={record.isPending}>
            {s.savePayout}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The dashboard's couriers' cash (issue 36): the reconciliation to download, order by order, and the
 * payout a courier sends, marked received for the orders it covers.
 */
export function CourierCash() {
  const [open, setOpen] = useState(false);
  const csv = useDownloadCashCsv();
  return (
    <section
      className="card mb-8 flex flex-wrap items-center justify-between gap-4 p-5"
      aria-labelledby="courier-cash-title"
    >
      <div className="min-w-0 flex-1 basis-72">
        <h2 id="courier-cash-title" className="text-xl text-ink">
          {s.cashTitle}
        </h2>
        <p className="mt-1 text-sm text-ink-soft">{s.cashIntro}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline"
          disabled={csv.isPending}
          onClick={() =>
            csv.mutate(undefined, {
              onError: (error) => notify.error(failureText(error, s.cashCsvFailed, s.cashCsvFailed)),
            })
          }
        >
          <Download className="size-4" aria-hidden="true" />
          {s.downloadCashCsv}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
          <HandCoins className="size-4" aria-hidden="true" />
          {s.markPayout}
        </button>
      </div>
      {open && <PayoutDialog onClose={() => setOpen(false)} />}
    </section>
  );
}
