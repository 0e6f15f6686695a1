import {
  DELIVERY_STATES,
  ORDER_PERIODS,
  ORDER_STATUSES,
  PAYMENT_TYPES,
  type DeliveryState,
  type OrderPeriod,
  type OrderStatus,
  type PaymentType,
} from '@/shared/constants';

/** The orders list's date choice: any, a shortcut of the API's `period`, or a `from`–`to` range. */
export type DateChoice = '' | OrderPeriod | 'range';

/** What the orders list shows, kept in its address so a link (and the back button) reproduces it. */
export interface OrderListFilters {
  page: number;
  status: OrderStatus | '';
  search: string;
  date: DateChoice;
  from: string;
  to: string;
  paymentType: PaymentType | '';
  /** Only InstaPay proofs waiting for a check. */
  proofToCheck: boolean;
  /** Where the orders are on the road (issue 36). */
  delivery: DeliveryState | '';
  /** Only orders awaiting the customer's confirmation (issue 37). */
  toConfirm: boolean;
  /** The orders of one phone number (issue 37: a customer's orders), as the link wrote it. */
  customer: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return values.includes(value as T) ? (value as T) : '';
}

export function readOrderFilters(params: URLSearchParams): OrderListFilters {
  const page = Number(params.get('page'));
  const date = params.get('date');
  const day = (name: string) => (DAY.test(params.get(name) ?? '') ? params.get(name)! : '');
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    status: oneOf(ORDER_STATUSES, params.get('status')),
    search: params.get('search')?.trim() ?? '',
    date: date === 'range' ? 'range' : oneOf(ORDER_PERIODS, date),
    from: day('from'),
    to: day('to'),
    paymentType: oneOf(PAYMENT_TYPES, params.get('paymentType')),
    proofToCheck: params.get('proof') === 'toCheck',
    delivery: oneOf(DELIVERY_STATES, params.get('delivery')),
    toConfirm: params.get('confirmation') === 'toConfirm',
    customer: params.get('customer')?.trim().slice(0, 20) ?? '',
  };
}

/** The address's query: only what differs from the defaults. */
export function writeOrderFilters(filters: OrderListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.status) params.set('status', filters.status);
  if (filters.search) params.set('search', filters.search);
  if (filters.date) params.set('date', filters.date);
  if (filters.date === 'range' && filters.from) params.set('from', filters.from);
  if (filters.date === 'range' && filters.to) params.set('to', filters.to);
  if (filters.paymentType) params.set('paymentType', filters.paymentType);
  if (filters.proofToCheck) params.set('proof', 'toCheck');
  if (filters.delivery) params.set('delivery', filters.delivery);
  if (filters.toConfirm) params.set('confirmation', 'toConfirm');
  if (filters.customer) params.set('customer', filters.customer);
  return params;
}

/** The filters as GET /api/order and its CSV export take them (DESIGN §2's names). */
export function orderFilterQuery(filters: Omit<OrderListFilters, 'page'>) {
  const range = filters.date === 'range';
  return {
    status: filters.status,
    search: filters.search,
    period: range ? '' : filters.date,
    from: range ? filters.from : '',
    to: range ? filters.to : '',
    paymentType: filters.paymentType,
    proof: filters.proofToCheck ? 'toCheck' : '',
    delivery: filters.delivery,
    confirmation: filters.toConfirm ? 'toConfirm' : '',
    customer: filters.customer,
  };
}
