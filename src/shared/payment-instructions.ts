import type { PaymentType } from './constants';
import { DEFAULT_LANGUAGE, type Language } from './language';
import type { Dictionary } from './messages/dictionary';
import { format } from './messages/format';
import { orders } from './messages/orders';
import { formatAmount } from './money-text';

/**
 * SPEC §9's payment instructions, as the checkout, the confirmation page and the order e-mail all say
 * them: the shipping fee (cash on delivery) or the total (InstaPay) to send to the shop's wallet. In
 * English by default; `words` (a language's orders section) and `language` say them in another.
 */
export function paymentInstructions(
  paymentType: PaymentType,
  amounts: { fee: number; total: number },
  walletNumber: string,
  words: Dictionary<Pick<typeof orders, 'onlineInstructions' | 'cashInstructions'>> = orders,
  language: Language = DEFAULT_LANGUAGE,
): string {
  return paymentType === 'instapay'
    ? format(
        words.onlineInstructions,
        { total: formatAmount(amounts.total, language), phone: walletNumber },
        language,
      )
    : format(
        words.cashInstructions,
        { fee: formatAmount(amounts.fee, language), phone: walletNumber },
        language,
      );
}
