import type { DeliveryState, OrderStatus } from '@/shared/constants';
import { isolate } from '@/web/i18n/bidi';
import { formatDateTime } from '@/web/i18n/dates';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import type { OrderHistoryEntry } from '@/shared/schemas/order';
import { statusLabel } from '@/web/components/order-status';
import { deliveryStateLabel } from '@/web/lib/delivery-words';
import type { DeliveryHistoryEntry } from './order-delivery';

const m = messages.orders;

interface TimelineStep {
  /** A status, or a delivery state as `delivery:<state>` (their dots differ). */
  status: string;
  label: string;
  /** When it happened; null for a step still to come. */
  at: string | null;
  note: string | null;
  reached: boolean;
}

/** Where an open order goes from here: confirmed, then delivered. Cancelled and delivered orders are done. */
const STEPS_AHEAD: Partial<Record<string, OrderStatus[]>> = {
  pending: ['confirmed', 'completed'],
  confirmed: ['completed'],
};

const SHIPPED_STEP = 'delivery:shipped';

/**
 * What is still to come for an open order. Where the answer carries the delivery state (issue 36), an
 * order not yet shipped has 'Shipped' ahead of 'Delivered'.
 */
function stepsAhead(status: string, deliveryState: DeliveryState | undefined): string[] {
  const ahead: string[] = [...(STEPS_AHEAD[status] ?? [])];
  if (deliveryState === 'notShipped' && ahead.includes('completed')) {
    ahead.splice(ahead.indexOf('completed'), 0, SHIPPED_STEP);
  }
  return ahead;
}

/**
 * Steps recorded at one moment, in the order they followed each other: a shipping confirms a pending
 * order (confirmed, then shipped), and a refusal or a return cancels it (refused, then cancelled).
 */
function sameMomentRank(step: TimelineStep): number {
  if (step.status.startsWith('delivery:')) return 1;
  return step.status === 'cancelled' || step.status === 'completed' ? 2 : 0;
}

function aheadLabel(step: string): string {
  return step === SHIPPED_STEP ? deliveryStateLabel('shipped') : statusLabel(step);
}

/**
 * The steps the shopper sees: what happened, oldest first (the first 'pending' is the placing of the
 * order), the parcel's road among them in time order (issue 36), then what is still to come for an
 * order that is open. Every change is shown as it was recorded, so an order the shop moved back to
 * pending says so rather than hiding it; only a 'completed' the delivery itself brought is left out,
 * since its 'Delivered' step already says it.
 */
function timelineSteps(
  status: string,
  history: readonly OrderHistoryEntry[],
  deliveryState: DeliveryState | undefined,
  deliveryHistory: readonly DeliveryHistoryEntry[],
): TimelineStep[] {
  const delivered = deliveryHistory.some((entry) => entry.state === 'delivered');
  const statusSteps = history.flatMap<TimelineStep>((entry, index) =>
    delivered && entry.status === 'completed'
      ? []
      : [
          {
            status: entry.status,
            label: index === 0 && entry.status === 'pending' ? m.orderPlacedStep : statusLabel(entry.status),
            at: entry.at,
            note: entry.note,
            reached: true,
          },
        ],
  );
  const roadSteps = deliveryHistory.map<TimelineStep>((entry) => ({
    status: `delivery:${entry.state}`,
    label: deliveryStateLabel(entry.state),
    at: entry.at,
    // A courier's note is its own name of the state, in its language ('Delivered'): the step says it.
    note: entry.source === 'courier' ? null : entry.note,
    reached: true,
  }));
  const happened = [...statusSteps, ...roadSteps].sort(
    (a, b) => Date.parse(a.at ?? '') - Date.parse(b.at ?? '') || sameMomentRank(a) - sameMomentRank(b),
  );
  const ahead = stepsAhead(status, deliveryState).map<TimelineStep>((next) => ({
    status: next,
    label: aheadLabel(next),
    at: null,
    note: null,
    reached: false,
  }));
  return [...happened, ...ahead];
}

/** The dot of a step: SPEC §4's colour for what happened (the placing in the brand's), hollow ahead. */
const DOTS: Record<string, string> = {
  pending: 'bg-accent',
  confirmed: 'bg-info',
  completed: 'bg-success',
  cancelled: 'bg-danger',
  'delivery:shipped': 'bg-info',
  'delivery:delivered': 'bg-success',
  'delivery:refused': 'bg-danger',
  'delivery:returned': 'bg-warning',
};

interface OrderTimelineProps {
  status: string;
  history: readonly OrderHistoryEntry[];
  /** Issue 36's fields; absent from an older server's answer. */
  deliveryState?: DeliveryState | undefined;
  deliveryHistory?: readonly DeliveryHistoryEntry[] | undefined;
}

/**
 * The order's timeline: placed, confirmed, shipped, delivered, refused, returned or cancelled, with
 * dates and notes.
 */
export function OrderTimeline({ status, history, deliveryState, deliveryHistory = [] }: OrderTimelineProps) {
  const steps = timelineSteps(status, history, deliveryState, deliveryHistory);
  const lastReached = steps.findLastIndex((step) => step.reached);
  return (
    <ol className="flex flex-col">
      {steps.map((step, index) => (
        <li
          key={`${step.status}-${step.at ?? 'ahead'}-${index}`}
          aria-current={index === lastReached ? 'step' : undefined}
          className="relative flex gap-3 pb-5 last:pb-0"
        >
          {index < steps.length - 1 ? (
            <span aria-hidden="true" className="absolute start-[0.4375rem] top-5 bottom-0 w-px bg-line" />
          ) : null}
          <span
            aria-hidden="true"
            className={`relative mt-1 size-3.5 shrink-0 rounded-pill ${
              step.reached
                ? `${DOTS[step.status] ?? 'bg-ink-soft'} ring-4 ring-canvas`
                : 'border-2 border-line-strong bg-canvas'
            }`}
          />
          <div className="min-w-0">
            <p className={`text-sm font-semibold ${step.reached ? 'text-ink' : 'text-muted'}`}>
              {step.label}
            </p>
            {step.at ? (
              <time dateTime={step.at} className="block text-xs text-muted">
                {formatDateTime(step.at)}
              </time>
            ) : step.reached ? null : (
              <p className="text-xs text-muted">{m.stepToCome}</p>
            )}
            {step.note ? (
              <p className="mt-1.5 rounded-field bg-sand px-3 py-2 text-sm break-words text-ink-soft">
                {format(m.stepNote, { note: isolate(step.note) })}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
