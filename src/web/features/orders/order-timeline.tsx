import type { OrderStatus } from '@/shared/constants';
import { isolate } from '@/web/i18n/bidi';
import { formatDateTime } from '@/web/i18n/dates';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import type { OrderHistoryEntry } from '@/shared/schemas/order';
import { statusLabel } from '@/web/components/order-status';

const m = messages.orders;

interface TimelineStep {
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

/**
 * The steps the shopper sees: what happened, oldest first (the first 'pending' is the placing of the
 * order), then what is still to come for an order that is open. Every change is shown as it was
 * recorded, so an order the shop moved back to pending says so rather than hiding it.
 */
function timelineSteps(status: string, history: readonly OrderHistoryEntry[]): TimelineStep[] {
  const happened = history.map<TimelineStep>((entry, index) => ({
    status: entry.status,
    label: index === 0 && entry.status === 'pending' ? m.orderPlacedStep : statusLabel(entry.status),
    at: entry.at,
    note: entry.note,
    reached: true,
  }));
  const ahead = (STEPS_AHEAD[status] ?? []).map<TimelineStep>((next) => ({
    status: next,
    label: statusLabel(next),
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
};

/** The order's status timeline: placed, confirmed, delivered or cancelled, with dates and notes. */
export function OrderTimeline({
  status,
  history,
}: {
  status: string;
  history: readonly OrderHistoryEntry[];
}) {
  const steps = timelineSteps(status, history);
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
