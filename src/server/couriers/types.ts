import { createHash, timingSafeEqual } from 'node:crypto';
import type { DeliveryState } from '@/shared/constants';
import type { GovernorateCode } from '@/shared/governorates';

/**
 * What a courier needs of an order to carry it (issue 36): who receives it, where, and the cash to
 * collect. Money in EGP, as couriers' APIs take it; the caller converts from piastres.
 */
export interface CourierOrder {
  /** The order's number for people ('N-10234'): the courier's business reference, printed on the bill. */
  number: string;
  name: string;
  phone: string;
  governorate: GovernorateCode | null;
  /** SPEC's city ('Cairo', 'Giza', 'Outside Cairo and Giza'), for an order without a governorate. */
  city: string;
  area: string;
  street: string;
  building: string;
  floor: string;
  apartment: string;
  landmark: string;
  /** The whole address in one line: what a SPEC §7 client sent, or the structured fields joined. */
  address: string;
  /** EGP the courier collects at the door: the grand total of a cash order, 0 for a paid one. */
  cashToCollect: number;
  notes: string;
  allowToOpenPackage: boolean;
}

/** A delivery the courier holds for one of our orders. */
export interface CreatedShipment {
  /** What the courier's later calls (cancel, airway bill) take to name this delivery. */
  externalId: string;
  trackingNumber: string;
  /** A page where the shopper follows the parcel, when the courier's API gives one. */
  trackingUrl: string | null;
  /** The courier's own name of the delivery's state ('Pickup requested'), shown to the owner as is. */
  courierState: string | null;
}

/** The states of ours a courier's news can move an order to. */
export type CourierDeliveryState = Exclude<DeliveryState, 'notShipped'>;

/** One piece of news from a courier's webhook, read into our words. */
export interface CourierEvent {
  /** The courier's identity of this news, the same each time it is sent again: duplicates are dropped by it. */
  eventKey: string;
  trackingNumber: string;
  /** Our order number, when the courier repeats the business reference we gave it. */
  businessReference: string | null;
  /** The courier's own name of the state ('Delivered', 'Returned to business'). */
  courierState: string;
  /** Where this moves our delivery state; null when it moves nothing (created, an exception, unknown). */
  state: CourierDeliveryState | null;
  occurredAt: Date;
  /** EGP the courier says it collected (only when delivered); null otherwise. */
  cashCollected: number | null;
}

/** One courier's API. Every call throws CourierError when the courier refuses or cannot be reached. */
export interface CourierAdapter {
  createShipment(order: CourierOrder): Promise<CreatedShipment>;
  /**
   * The live delivery (not cancelled) made for `reference` (an order number), or null: called before
   * creating again after a timeout or a crash, so a retry never makes a second delivery.
   */
  findShipment(reference: string): Promise<CreatedShipment | null>;
  cancelShipment(externalId: string): Promise<void>;
  /** The airway bills of the given deliveries, in their order, as one PDF. */
  airwayBill(externalIds: string[]): Promise<Uint8Array>;
}

/** The headers of a request as Fastify and node:http give them. */
export type RequestHeaders = Record<string, string | string[] | undefined>;

/** A courier's webhook: who may call it, and what its body says. */
export interface CourierWebhook {
  verifyWebhook(headers: RequestHeaders, secret: string): boolean;
  /** The event of a raw body, or null when the body is not one of the courier's events at all. */
  parseWebhook(rawBody: string, receivedAt?: Date): CourierEvent | null;
}

/**
 * A courier refused a call or could not be reached. `retryable` says whether trying again later may
 * succeed (an outage, a timeout, a rate limit) or cannot (the courier refused what we sent: a 4xx).
 * `reason` is the courier's own words, shown to the owner beside the order.
 */
export class CourierError extends Error {
  readonly retryable: boolean;
  readonly status: number | undefined;
  readonly reason: string;

  constructor(reason: string, options: { retryable: boolean; status?: number; cause?: unknown }) {
    super(reason, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CourierError';
    this.reason = reason;
    this.retryable = options.retryable;
    this.status = options.status;
  }
}

/**
 * Whether an HTTP status of a courier's answer may change on a later try: 5xx, 408 (the courier's own
 * timeout) and 429 (slow down) may; any other 4xx is the courier refusing what we sent, and sending the
 * same again will be refused again.
 */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/**
 * Compares a secret a caller sent with ours in constant time. Both are hashed first, so the comparison
 * takes the same time whatever their lengths (timingSafeEqual needs equal-length buffers, and comparing
 * lengths first would tell an attacker the secret's length).
 */
export function secretMatches(sent: string | undefined, secret: string): boolean {
  if (sent === undefined || secret.length === 0) return false;
  const sentHash = createHash('sha256').update(sent, 'utf8').digest();
  const secretHash = createHash('sha256').update(secret, 'utf8').digest();
  return timingSafeEqual(sentHash, secretHash);
}

/** A header's one value: node:http lowercases names; a header sent twice is refused (ambiguous). */
export function headerValue(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}
