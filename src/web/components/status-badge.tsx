import { statusLabel, statusTone } from './order-status';

/** An order's status as a coloured pill (SPEC §4's colours; an unknown status as it is). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-pill px-3 py-1 text-xs font-semibold ring-1 ring-inset ${statusTone(status)}`}
      data-status={status}
    >
      {statusLabel(status)}
    </span>
  );
}
