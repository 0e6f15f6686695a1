import type { CustomerRisk } from '@/shared/constants';
import type { OrderDto } from '@/shared/schemas/order';
import { messages } from '@/web/admin/messages';

const c = messages.customers;

const RISK_LABELS: Record<CustomerRisk, string> = {
  refusedBefore: c.riskRefusedBefore,
  severalOpen: c.riskSeveralOpen,
  blocked: c.riskBlocked,
};

const badge =
  'inline-flex rounded-pill px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

/** Why a number's orders are flagged (issue 37): refused before, several open at once, blocked. */
export function RiskBadges({ risks }: { risks: readonly CustomerRisk[] }) {
  return risks.map((risk) => (
    <span key={risk} className={`${badge} bg-danger/10 text-danger ring-danger/30`}>
      {RISK_LABELS[risk]}
    </span>
  ));
}

/**
 * Beside an order's status on the desk (issue 37): 'To confirm' while it awaits the customer's word,
 * and the risks of its number.
 */
export function ConfirmationBadges({ order }: { order: Pick<OrderDto, 'confirmation' | 'customerRecord'> }) {
  const { risks } = order.customerRecord;
  if (!order.confirmation.awaiting && risks.length === 0) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {order.confirmation.awaiting && (
        <span className={`${badge} bg-warning/12 text-warning ring-warning/30`}>{c.toConfirm}</span>
      )}
      <RiskBadges risks={risks} />
    </span>
  );
}
