import type { PaymentType } from './constants';
import { format } from './messages/format';
import { orders } from './messages/orders';
import { formatAmount } from './money';

/**
 * SPEC §9's payment instructions, as the checkout, the confirmation page and the order e-mail all say
 * them: the shipping fee (cash on delivery) or the total (InstaPay) to send to the shop's wallet.
 */
export function paymentInstructions(
  paymentType: PaymentType,
  amounts: { fee: number; total: number },
  walletNumber: string,
): string {
  return paymentType === 'instapay'
    ? format(orders.onlineInstructions, { total: formatAmount(amounts.total), phone: walletNumber })
    : format(orders.cashInstructions, { fee: formatAmount(amounts.fee), phone: walletNumber });
}
