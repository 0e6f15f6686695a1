import { messages } from '@/shared/messages';
import { formatOrderNumber } from '@/shared/order-number';
import { AppError } from '../errors';

/** 409 for shipping an order that awaits the customer's confirmation (issue 37): it is confirmed first. */
export function notConfirmedYet(order: { number: number }): AppError {
  return new AppError('CONFLICT', messages.confirmation.notShippedBeforeConfirmed, {
    number: formatOrderNumber(order.number),
  });
}
