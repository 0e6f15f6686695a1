import type { Readable } from 'node:stream';
import { shopDateTime } from '@/shared/dates';
import { format, messages } from '@/shared/messages';
import { governorateName } from '@/shared/governorates';
import { toEgp } from '@/shared/money';
import { formatOrderNumber } from '@/shared/order-number';
import { ORDER_STATUS_WORDS, PAYMENT_TYPE_WORDS, PROOF_STATE_WORDS, proofState } from '@/shared/order-words';
import type { VariantOptions } from '@/shared/schemas/variants';
import { variantLabel } from '@/shared/variant-label';
import { csvStream } from '../csv';
import type { DbOrTx } from '../db/client';
import { groupByOrder } from './dto';
import { exportOrderPage, itemsOfOrders, type AdminOrderFilter, type ExportCursor } from './queries';

/** Orders read per page: big enough that round trips do not dominate, small enough to keep memory flat. */
const EXPORT_PAGE_SIZE = 500;

const a = messages.admin;
const HEADERS = [
  a.csvNumber,
  a.csvDate,
  a.csvCustomer,
  a.csvPhone,
  a.csvEmail,
  a.csvCity,
  a.csvAddress,
  a.csvPaymentMethod,
  a.csvProofState,
  a.csvItems,
  a.csvTotal,
  a.csvShipping,
  a.csvGrandTotal,
  a.csvStatus,
  // Issue 36, after SPEC's columns so a sheet reading them by position still reads them.
  a.csvGovernorate,
  a.csvCashOnDeliveryFee,
  a.csvDelivery,
];

/**
 * 'Layla Dress (M / Navy) × 2': a line's name, the size and colour it was sold in (what the packer
 * picks), and its quantity.
 */
function itemText(line: {
  name: string;
  variant: { options: VariantOptions; toConfirm?: true } | null;
  quantity: number;
}) {
  // A line ordered without its size (issue 35) says so until the owner chooses it.
  const chosen = line.variant?.toConfirm
    ? messages.orders.variantToConfirm
    : line.variant
      ? variantLabel([], line.variant.options)
      : '';
  const name = chosen ? format(messages.cart.variantName, { name: line.name, values: chosen }) : line.name;
  return format(messages.orders.itemCount, { name, n: line.quantity });
}

async function* exportRows(db: DbOrTx, filter: AdminOrderFilter): AsyncGenerator<unknown[]> {
  // One 'today' for the whole export, however long it runs.
  const now = new Date();
  let cursor: ExportCursor | null = null;
  for (;;) {
    const page = await exportOrderPage(db, filter, now, cursor, EXPORT_PAGE_SIZE);
    const items = groupByOrder(
      await itemsOfOrders(
        db,
        page.map((row) => row.order.id),
      ),
    );
    for (const { order, email } of page) {
      yield [
        formatOrderNumber(order.number),
        shopDateTime(order.createdAt),
        order.name,
        order.phone,
        email,
        order.city,
        order.address,
        PAYMENT_TYPE_WORDS[order.paymentType],
        PROOF_STATE_WORDS[
          proofState({
            paymentType: order.paymentType,
            status: order.status,
            hasProof: order.paymentImageKey !== null,
            verified: order.paymentVerifiedAt !== null,
          })
        ],
        (items.get(order.id) ?? []).map(itemText).join('; '),
        toEgp(order.totalPiastres),
        toEgp(order.shippingFeePiastres),
        toEgp(order.grandTotalPiastres),
        ORDER_STATUS_WORDS[order.status],
        order.governorate ? governorateName(order.governorate, 'en') : '',
        toEgp(order.cashOnDeliveryFeePiastres),
        messages.delivery.deliveryStates[order.delivery],
      ];
    }
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE_SIZE) return;
    cursor = { at: last.cursorAt, id: last.order.id };
  }
}

/**
 * The filtered orders as CSV for a spreadsheet, written as they are read: a UTF-8 byte order mark (so
 * Excel reads Arabic names as UTF-8), RFC 4180 quoting, and cells that would start a formula defused.
 * Pages are read only as fast as the client takes the file, so 100,000 orders take no more memory
 * than 500. `onError` hears a failure after the answer began (the download then ends cut short).
 */
export function ordersCsv(db: DbOrTx, filter: AdminOrderFilter, onError: (error: Error) => void): Readable {
  return csvStream(exportRows(db, filter), { columns: HEADERS, bom: true }, onError);
}
