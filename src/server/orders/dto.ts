import { toEgp } from '@/shared/money';
import { formatOrderNumber } from '@/shared/order-number';
import type { OrderDto, OrderHistoryEntry, OrderLineDto } from '@/shared/schemas/order';
import type { DeliveryHistoryEntry, ShipmentDto } from '@/shared/schemas/delivery';
import type { OrderLineRow, ShipmentRow } from '../db/schema';
import type { DeliveryHistoryEntryRow } from '../delivery/queries';
import { imageDto } from '../images/urls';
import type { ObjectStore } from '../storage/types';
import { awaitsVariant } from './lines';
import type { HistoryEntryRow, OrderWithCustomer } from './queries';
import type { ContactRow, WhatsAppRow } from '../confirmation/queries';
import type { CustomerRecordDto, OrderContactDto, OrderMessageDto } from '@/shared/schemas/confirmation';

/** Turns a private proof key into a link that works without a token and expires (DESIGN §3). */
export type ProofLinkSigner = (key: string) => string;

/** A line as sold: the snapshot taken when the order was placed, not today's product (DESIGN §2). */
function lineDto(store: ObjectStore, line: OrderLineRow): OrderLineDto {
  const image = imageDto(store, line.image);
  const unitPrice = toEgp(line.unitPricePiastres);
  // A product deleted since keeps its line; the line's own id then stands in for the product's.
  const productId = line.productId ?? line.id;
  return {
    _id: line.id,
    product: {
      _id: productId,
      id: productId,
      name: line.name,
      nameAr: line.nameAr,
      slug: line.slug,
      finalPrice: unitPrice,
      images: line.image ? [image] : [],
      defaultImage: image,
      category: { name: line.categoryName, nameAr: line.categoryNameAr },
    },
    quantity: line.quantity,
    unitPrice,
    // An order placed before the Arabic values were kept says its English ones in their place.
    variant:
      awaitsVariant(line) || !line.variant
        ? null
        : {
            sku: line.variant.sku,
            options: line.variant.options,
            optionsAr: { ...line.variant.options, ...line.variant.optionsAr },
          },
    variantToConfirm: awaitsVariant(line),
  };
}

function historyEntryDto(entry: Omit<HistoryEntryRow, 'orderId'>): OrderHistoryEntry {
  return {
    status: entry.status,
    at: entry.at.toISOString(),
    by: entry.by ? { _id: entry.by.id, username: entry.by.username } : null,
    note: entry.note,
  };
}

export function shipmentDto(shipment: ShipmentRow): ShipmentDto {
  return {
    courier: shipment.courier,
    request: shipment.request,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl,
    courierState: shipment.courierState,
    error: shipment.lastError,
    cashToCollect: toEgp(shipment.cashToCollectPiastres),
    cashCollected: shipment.cashCollectedPiastres === null ? null : toEgp(shipment.cashCollectedPiastres),
    collectedAt: shipment.collectedAt?.toISOString() ?? null,
    settled: shipment.payoutId !== null,
  };
}

function deliveryEntryDto(entry: Omit<DeliveryHistoryEntryRow, 'orderId'>): DeliveryHistoryEntry {
  return {
    state: entry.state,
    at: entry.at.toISOString(),
    source: entry.source,
    by: entry.by ? { _id: entry.by.id, username: entry.by.username } : null,
    note: entry.note,
  };
}

/** What an order's answer reads besides its row: its lines, its history, its parcel and its road. */
export interface OrderParts {
  lines: OrderLineRow[];
  history: Array<Omit<HistoryEntryRow, 'orderId'>>;
  shipment: ShipmentRow | null;
  deliveryHistory: Array<Omit<DeliveryHistoryEntryRow, 'orderId'>>;
  /** Issue 37: the contacts about its confirmation, its WhatsApp messages, its number's record. */
  contacts: Array<Omit<ContactRow, 'orderId'>>;
  messages: Array<Omit<WhatsAppRow, 'orderId'>>;
  /** Null for the shopper's answer: the record is the shop's to read. */
  record: CustomerRecordDto | null;
}

function contactDto(contact: Omit<ContactRow, 'orderId'>): OrderContactDto {
  return {
    _id: contact.id,
    channel: contact.channel,
    outcome: contact.outcome,
    source: contact.source,
    at: contact.at.toISOString(),
    by: contact.by ? { _id: contact.by.id, username: contact.by.username } : null,
    note: contact.note,
  };
}

function messageDto(row: Omit<WhatsAppRow, 'orderId'>): OrderMessageDto {
  return {
    _id: row.id,
    channel: 'whatsapp',
    purpose: row.purpose as OrderMessageDto['purpose'],
    state: row.sentAt && !row.failedAt ? 'sent' : row.failedAt ? 'failed' : 'queued',
    sendAt: row.sendAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    attempts: row.attempts,
    error: row.failedAt ? row.lastError : null,
  };
}

export function orderDto(
  store: ObjectStore,
  signProofLink: ProofLinkSigner,
  { order, customer, verifier }: OrderWithCustomer,
  { lines, history, shipment, deliveryHistory, contacts, messages, record }: OrderParts,
): OrderDto {
  return {
    _id: order.id,
    id: order.id,
    number: formatOrderNumber(order.number),
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    name: order.name,
    phone: order.phone,
    address: order.address,
    street: order.street,
    building: order.building,
    floor: order.floor,
    apartment: order.apartment,
    landmark: order.landmark,
    area: order.area,
    city: order.city,
    governorate: order.governorate,
    deliveryZone:
      order.deliveryZoneId === null
        ? null
        : { id: order.deliveryZoneId, name: order.deliveryZoneName ?? { en: order.deliveryZoneId, ar: '' } },
    products: lines.map((line) => lineDto(store, line)),
    totalPrice: toEgp(order.totalPiastres),
    shippingFee: toEgp(order.shippingFeePiastres),
    cashOnDeliveryFee: toEgp(order.cashOnDeliveryFeePiastres),
    grandTotal: toEgp(order.grandTotalPiastres),
    paymentType: order.paymentType,
    paymentImage: order.paymentImageKey ? { url: signProofLink(order.paymentImageKey) } : null,
    createdBy: { _id: customer.id, username: customer.username, email: customer.email },
    history: history.map(historyEntryDto),
    payment: {
      verified: order.paymentVerifiedAt !== null,
      at: order.paymentVerifiedAt?.toISOString() ?? null,
      by: verifier ? { _id: verifier.id, username: verifier.username } : null,
    },
    deliveryState: order.delivery,
    shipment: shipment ? shipmentDto(shipment) : null,
    deliveryHistory: deliveryHistory.map(deliveryEntryDto),
    confirmation: {
      awaiting: order.awaitsConfirmation,
      confirmBy: order.awaitsConfirmation ? (order.confirmBy?.toISOString() ?? null) : null,
      contacts: contacts.map(contactDto),
      messages: messages.map(messageDto),
    },
    customerRecord: record,
  };
}

/** Rows of several orders (lines, history entries), by order, each order's in the order read. */
export function groupByOrder<T extends { orderId: string }>(rows: T[]): Map<string, T[]> {
  const byOrder = new Map<string, T[]>();
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}
