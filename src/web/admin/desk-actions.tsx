import { FileText, Send, Truck, X } from 'lucide-react';
import { useState } from 'react';
import { ORDER_ID_SHORT } from '@/shared/constants';
import { isolate } from '@/web/i18n/bidi';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { shortId } from './admin-ui';
import { useMoveDeliveries, useSendToBosta, type BulkAnswer } from './api/delivery';
import { useDownloadAirwayBills } from './api/courier-files';
import { DELIVERY_ROUTES, MOVE_LABELS } from './delivery-words';

const s = messages.shipping;

/** What a bulk action did, order by order: how many were done, and each refusal in the server's words. */
interface BulkReport {
  done: number;
  failures: { orderId: string; number: string; message: string }[];
}

function reportOf(answer: BulkAnswer, numbers: ReadonlyMap<string, string>): BulkReport {
  return {
    done: answer.results.filter((result) => result.ok).length,
    failures: answer.results
      .filter((result) => !result.ok)
      .map((result) => ({
        orderId: result.orderId,
        // An order selected on another page of the desk is named by its id's start.
        number: numbers.get(result.orderId) ?? shortId(result.orderId, ORDER_ID_SHORT.card),
        message: result.message,
      })),
  };
}

/** The toast's one line: 'n orders done. m orders not done: N-10001: Already shipped; …'. */
export function bulkSummaryText(report: BulkReport): string {
  const done = format(s.bulkDone, { n: report.done });
  if (report.failures.length === 0) return done;
  const failures = report.failures
    .map((failure) => format(s.bulkFailure, { number: isolate(failure.number), message: failure.message }))
    .join('; ');
  return `${done}. ${format(s.bulkFailed, { n: report.failures.length })}: ${failures}`;
}

/**
 * What the desk does with the selected orders (issue 36): move them along the road by hand, send them
 * to Bosta, print their airway bills. Each order is done or refused on its own; the refused stay
 * selected, and the report stays on the page until dismissed, so none is missed when the toast goes.
 */
export function SelectedOrdersActions({
  selected,
  numbers,
  onSettled,
}: {
  selected: ReadonlySet<string>;
  /** The order numbers of the orders the desk has shown, by id. */
  numbers: ReadonlyMap<string, string>;
  /** Called with the orders that were refused, which stay selected. */
  onSettled: (refused: ReadonlySet<string>) => void;
}) {
  const [report, setReport] = useState<BulkReport | null>(null);
  const answered = (answer: BulkAnswer) => {
    const next = reportOf(answer, numbers);
    setReport(next);
    onSettled(new Set(next.failures.map((failure) => failure.orderId)));
    const text = bulkSummaryText(next);
    if (next.failures.length === 0) notify.success(text);
    else notify.error(text);
  };
  const moves = useMoveDeliveries({ onSuccess: answered });
  const bosta = useSendToBosta({ onSuccess: answered });
  const bills = useDownloadAirwayBills();
  const busy = moves.isPending || bosta.isPending || bills.isPending;
  const orderIds = [...selected];

  return (
    <>
      {selected.size > 0 && (
        <div
          role="group"
          aria-labelledby="selected-actions"
          className="card mb-4 flex flex-wrap items-center gap-2 p-3"
        >
          <p id="selected-actions" className="me-2 text-sm font-semibold text-ink">
            {format(s.selectedActions, { n: selected.size })}
          </p>
          {DELIVERY_ROUTES.map((state) => (
            <button
              key={state}
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() =>
                moves.mutate(
                  { orderIds, state },
                  { onError: (error) => notify.error(failureText(error, s.deliveryFailed)) },
                )
              }
            >
              {state === 'shipped' && <Truck className="size-4" aria-hidden="true" />}
              {MOVE_LABELS[state]}
            </button>
          ))}
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() =>
              bosta.mutate(orderIds, {
                onError: (error) => notify.error(failureText(error, s.bostaSendFailed)),
              })
            }
          >
            <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {s.sendToBosta}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() =>
              bills.mutate(orderIds, {
                onError: (error) =>
                  notify.error(failureText(error, s.airwayBillsFailed, s.airwayBillsFailed)),
              })
            }
          >
            <FileText className="size-4" aria-hidden="true" />
            {bills.isPending ? s.preparingAirwayBills : s.printAirwayBills}
          </button>
        </div>
      )}
      <div role="status">
        {report && (
          <div className="card mb-4 flex items-start gap-3 p-3 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">{format(s.bulkDone, { n: report.done })}</p>
              {report.failures.length > 0 && (
                <>
                  <p className="mt-1 font-semibold text-danger">
                    {format(s.bulkFailed, { n: report.failures.length })}
                  </p>
                  <ul className="mt-1 list-disc ps-5 text-ink-soft">
                    {report.failures.map((failure) => (
                      <li key={failure.orderId}>
                        {format(s.bulkFailure, { number: isolate(failure.number), message: failure.message })}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
            <button
              type="button"
              className="btn btn-ghost size-11 shrink-0 p-0"
              aria-label={messages.admin.close}
              onClick={() => setReport(null)}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        )}
      </div>
    </>
  );
}
