import type { OrderDto } from '@/shared/schemas/order';
import { messages } from '@/web/admin/messages';
import { RiskBadges } from './customer-record';

const c = messages.customers;

/**
 * Beside an order's status on the desk (issue 37): 'To confirm' while it awaits the customer's word,
 * and the risks of its number.
 */
export function ConfirmationBadges({ order }: { order: Pick<OrderDto, 'confirmation' | 'customerRecord'> }) {
  const risks = order.customerRecord?.risks ?? [];
  if (!order.confirmation.awaiting && risks.length === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap gap-1.5">
      {order.confirmation.awaiting && (
        <span className="inline-flex rounded-pill bg-warning/12 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-warning ring-1 ring-warning/30 ring-inset">
          {c.toConfirm}
        </span>
      )}
      <RiskBadges risks={risks} />
    </div>
  );
}
