/**
 * Bosta (Egypt's courier), following its published API. Read on 2026-12-04 from:
 *   [docs]  https://docs.bosta.co/docs/how-to/create-your-first-delivery  (order types, create endpoint)
 *   [addr]  https://docs.bosta.co/docs/how-to/format-bosta-address         (dropOffAddress fields)
 *   [hook]  https://docs.bosta.co/docs/how-to/get-delivery-status-via-webhook (webhook body, custom header)
 *   [sdk]   github.com/bostaapp/bosta-nodejs, bosta-php, bosta-java (Bosta's own SDKs: the Authorization
 *           header, terminate, the state names) and integrations published on GitHub that call v2
 *           (mass-awb, deliveries/search, deliveries/business/{trackingNumber}, the numeric state table).
 *
 * Requests (base `https://app.bosta.co`, staging `https://stg-app.bosta.co`):
 *   Authorization: <API key>, as is, without "Bearer" [sdk]. Every answer is
 *   `{ success, message, errorCode?, data }`; a refusal carries Bosta's reason in `message`.
 *   - Create:  POST /api/v2/deliveries?apiVersion=1 [docs] with
 *       { type: 10 (Deliver), cod (EGP), businessReference, allowToOpenPackage, notes,
 *         receiver: { firstName, lastName, phone },
 *         dropOffAddress: { city, zone, district, firstLine, secondLine, buildingNumber, floor, apartment } }
 *     → data: { _id, trackingNumber, state: { code, value }, ... }.
 *     `city` is a name from Bosta's cities list [addr] (BOSTA_CITY below). Bosta asks for a districtId or
 *     a district name [addr]; we have only the shopper's area as typed, so it goes as `zone` and
 *     `district` names and Bosta matches it (reading: the "district name" format). `firstLine` must be
 *     longer than 5 characters [addr]: the street, or the whole address line when the street is short.
 *     `secondLine` is the landmark ("nearby landmark" [addr]). `cod` is left out of a paid order.
 *   - Find by reference: POST /api/v2/deliveries/search { businessReference, pageNumber, pageLimit }
 *     → data: { deliveries: [...] } (some integrations read `data.list`; both are read). Not in the
 *     pages above: read from integrations. The answer is filtered here by exact reference, and a
 *     terminated delivery (state 48) is not "the" delivery: the order may be sent again after a cancel.
 *   - Cancel:  DELETE /api/v2/deliveries/business/{trackingNumber}/terminate [sdk: bosta-php].
 *   - Airway bills: POST /api/v2/deliveries/mass-awb { trackingNumbers: "a,b", requestedAwbType, lang }
 *     → data: a base64 PDF of every bill. At most 50 per call (integrations say more are refused), so
 *     longer lists are asked in groups and merged here with pdf-lib; a bare PDF answer is accepted too.
 *   - So `externalId` of a Bosta shipment is its tracking number: the business endpoints take it.
 *   - Webhook [hook]: POST to our URL, set once in Bosta's dashboard (Settings → API Integration) with
 *     an "Authorization Key" whose header name the shop chooses; we compare that header's value with
 *     BOSTA_WEBHOOK_SECRET. Body: { _id, trackingNumber, state (code), type ('SEND' | 'RTO' | …),
 *     cod (collected, only when delivered), timeStamp, isConfirmedDelivery, businessReference, … }.
 *     `timeStamp` is read as epoch milliseconds or an ISO date (the page does not say which).
 *
 * State codes (Bosta's table, as integrations list it; the names are Bosta's dashboard names) and what
 * they mean for our delivery state — see BOSTA_STATES.
 */
import { PDFDocument } from 'pdf-lib';
import { isGovernorateCode, type GovernorateCode } from '@/shared/governorates';
import {
  CourierError,
  headerValue,
  isRetryableStatus,
  secretMatches,
  type CourierAdapter,
  type CourierDeliveryState,
  type CourierEvent,
  type CourierOrder,
  type CourierWebhook,
  type CreatedShipment,
  type RequestHeaders,
} from './types';

export const BOSTA_PRODUCTION_URL = 'https://app.bosta.co';
/** Bosta's Deliver order type: the shop's parcel to the customer, with the cash to collect [docs]. */
const DELIVER_TYPE = 10;
const TERMINATED_STATE = 48;
/** How many bills one mass-awb call returns. */
const AIRWAY_BILLS_PER_CALL = 50;
/** The header Bosta sends the secret in unless the owner named it otherwise in Bosta's dashboard. */
export const BOSTA_WEBHOOK_HEADER = 'authorization';

/**
 * Bosta's names of Egypt's governorates, as its cities list spells them (`dropOffAddress.city`). Bosta
 * also lists 'North Coast' as a city of its own; an order there is in Matrouh or Alexandria for us.
 */
export const BOSTA_CITY: Record<GovernorateCode, string> = {
  'EG-C': 'Cairo',
  'EG-GZ': 'Giza',
  'EG-ALX': 'Alexandria',
  'EG-KB': 'El Kalioubia',
  'EG-SHR': 'Sharqia',
  'EG-DK': 'Dakahlia',
  'EG-GH': 'Gharbia',
  'EG-MNF': 'Monufia',
  'EG-BH': 'Behira',
  'EG-KFS': 'Kafr Alsheikh',
  'EG-DT': 'Damietta',
  'EG-PTS': 'Port Said',
  'EG-IS': 'Ismailia',
  'EG-SUZ': 'Suez',
  'EG-FYM': 'Fayoum',
  'EG-BNS': 'Bani Suif',
  'EG-MN': 'Menya',
  'EG-AST': 'Assuit',
  'EG-SHG': 'Sohag',
  'EG-KN': 'Qena',
  'EG-LX': 'Luxor',
  'EG-ASN': 'Aswan',
  'EG-BA': 'Red Sea',
  'EG-WAD': 'New Valley',
  'EG-MT': 'Matrouh',
  'EG-SIN': 'North Sinai',
  'EG-JS': 'South Sinai',
};

/**
 * Bosta's state codes, with what each means for a Deliver order of ours. `null`: the news moves nothing
 * of ours (the parcel has not left the shop, an attempt failed and Bosta tries again, it is in Bosta's
 * hands for investigation, or we cancelled it ourselves). A code that is not here moves nothing either.
 * While a Deliver order goes to the customer Bosta calls it SEND; once the customer refused it (or could
 * not be reached in the attempts), Bosta turns it into RTO, return to origin, and sends the same states
 * again: so a state of an RTO order means 'refused' (coming back), and its end means 'returned'.
 */
export const BOSTA_STATES: Record<number, { name: string; state: CourierDeliveryState | null }> = {
  10: { name: 'Pickup requested', state: null },
  11: { name: 'Waiting for route', state: null },
  20: { name: 'Route Assigned', state: null },
  21: { name: 'Picked up from business', state: 'shipped' },
  22: { name: 'Picking up from consignee', state: null },
  23: { name: 'Picked up from consignee', state: null },
  24: { name: 'Received at warehouse', state: 'shipped' },
  25: { name: 'Fulfilled', state: null },
  30: { name: 'In transit between Hubs', state: 'shipped' },
  40: { name: 'Picking up', state: null },
  41: { name: 'Picked up', state: 'shipped' },
  45: { name: 'Delivered', state: 'delivered' },
  46: { name: 'Returned to business', state: 'returned' },
  47: { name: 'Exception', state: null },
  48: { name: 'Terminated', state: null },
  // Bosta cancels a delivery the customer refused or cancelled at the door: it comes back to the shop.
  49: { name: 'Canceled', state: 'refused' },
  60: { name: 'Returned to stock', state: 'returned' },
  100: { name: 'Lost', state: null },
  101: { name: 'Damaged', state: null },
  102: { name: 'Investigation', state: null },
  103: { name: 'Awaiting your action', state: null },
  104: { name: 'Archived', state: null },
  105: { name: 'On hold', state: null },
};

/** Bosta's name of a state code ('Delivered'), or the code itself when Bosta's table does not have it. */
export function bostaStateName(code: number): string {
  return BOSTA_STATES[code]?.name ?? `State ${code}`;
}

/**
 * Where Bosta's state `code` of an order of type `type` ('SEND', 'RTO', …) moves our delivery state.
 * On the way back (RTO) every moving state is the refused parcel coming back, and its delivery (45) is
 * the shop receiving it.
 */
export function bostaDeliveryState(code: number, type: string | null): CourierDeliveryState | null {
  const mapped = BOSTA_STATES[code]?.state ?? null;
  if (type?.toUpperCase() !== 'RTO' || mapped === null) return mapped;
  if (mapped === 'delivered' || mapped === 'returned') return 'returned';
  return 'refused';
}

export interface BostaAdapterOptions {
  apiKey: string;
  /** Bosta's address: production by default, its staging or a test's fake otherwise. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** How long one call may take before it is given up (and retried later). */
  timeoutMs?: number;
  /** The bill's paper: A6 labels or A4 sheets. */
  airwayBillSize?: 'A4' | 'A6';
  airwayBillLanguage?: 'ar' | 'en';
}

interface BostaAnswer {
  success?: boolean;
  message?: string;
  data?: unknown;
}

interface BostaDelivery {
  _id?: string;
  trackingNumber?: string | number;
  businessReference?: string;
  state?: { code?: number; value?: string } | number;
  createdAt?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Bosta writes Egyptian numbers in the local form (01…); the shop accepts +201… too. */
function localPhone(phone: string): string {
  const digits = phone.replace(/[\s-]/g, '');
  if (digits.startsWith('+20')) return `0${digits.slice(3)}`;
  if (digits.startsWith('0020')) return `0${digits.slice(4)}`;
  return digits;
}

function splitName(name: string): { firstName: string; lastName?: string } {
  const [firstName = name, ...rest] = name.trim().split(/\s+/);
  return rest.length > 0 ? { firstName, lastName: rest.join(' ') } : { firstName };
}

/** Bosta's city for an order: its governorate's, or SPEC's city for an order placed before governorates. */
function bostaCity(order: CourierOrder): string {
  if (order.governorate && isGovernorateCode(order.governorate)) return BOSTA_CITY[order.governorate];
  return order.city;
}

/** The body of POST /api/v2/deliveries for an order (see the comment at the top). */
export function bostaDeliveryBody(order: CourierOrder): Record<string, unknown> {
  const street = order.street.trim();
  const firstLine = street.length > 5 ? street : order.address.trim() || street;
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    type: DELIVER_TYPE,
    businessReference: order.number,
    ...(order.cashToCollect > 0 ? { cod: order.cashToCollect } : {}),
    allowToOpenPackage: order.allowToOpenPackage,
    ...(optional(order.notes) ? { notes: optional(order.notes) } : {}),
    receiver: { ...splitName(order.name), phone: localPhone(order.phone) },
    dropOffAddress: {
      city: bostaCity(order),
      ...(optional(order.area) ? { zone: optional(order.area), district: optional(order.area) } : {}),
      firstLine,
      ...(optional(order.landmark) ? { secondLine: optional(order.landmark) } : {}),
      ...(optional(order.building) ? { buildingNumber: optional(order.building) } : {}),
      ...(optional(order.floor) ? { floor: optional(order.floor) } : {}),
      ...(optional(order.apartment) ? { apartment: optional(order.apartment) } : {}),
    },
  };
}

function stateCodeOf(delivery: BostaDelivery): number | null {
  const state = delivery.state;
  if (typeof state === 'number') return state;
  return typeof state?.code === 'number' ? state.code : null;
}

function shipmentOf(delivery: BostaDelivery): CreatedShipment {
  if (delivery.trackingNumber === undefined || delivery.trackingNumber === '') {
    throw new CourierError('Bosta answered without a tracking number', { retryable: true });
  }
  const trackingNumber = String(delivery.trackingNumber);
  const code = stateCodeOf(delivery);
  const stateValue = typeof delivery.state === 'object' ? delivery.state.value : undefined;
  return {
    externalId: trackingNumber,
    trackingNumber,
    // Bosta's API gives no page per delivery; the shop's own tracking link stays the lead's choice.
    trackingUrl: null,
    courierState: code === null ? (stateValue ?? null) : bostaStateName(code),
  };
}

function toBase64Pdf(encoded: string): Uint8Array {
  const pdf = Buffer.from(encoded.replace(/^data:application\/pdf;base64,/, ''), 'base64');
  if (pdf.subarray(0, 4).toString('latin1') !== '%PDF') {
    throw new CourierError('Bosta did not answer a printable airway bill', { retryable: false });
  }
  return new Uint8Array(pdf);
}

export function createBostaAdapter(options: BostaAdapterOptions): CourierAdapter {
  const baseUrl = (options.baseUrl ?? BOSTA_PRODUCTION_URL).replace(/\/+$/, '');
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;

  /** One call; answers the raw response once it is a success, else throws the CourierError it means. */
  async function send(method: string, path: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: options.apiKey,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // A timeout, a refused connection, a reset: Bosta may or may not have done it, so the caller
      // tries again later (and looks the delivery up first, when it was a create).
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const reason = timedOut
        ? `Bosta did not answer within ${timeoutMs} ms`
        : `Bosta could not be reached (${error instanceof Error ? error.message : String(error)})`;
      throw new CourierError(reason, { retryable: true, cause: error });
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    let message = '';
    try {
      const answer: unknown = JSON.parse(text);
      if (isRecord(answer) && typeof answer.message === 'string') message = answer.message;
    } catch {
      // Not JSON (a proxy's error page): the status says it.
    }
    throw new CourierError(message || `Bosta answered HTTP ${response.status}`, {
      retryable: isRetryableStatus(response.status),
      status: response.status,
    });
  }

  async function sendJson(method: string, path: string, body?: unknown): Promise<BostaAnswer> {
    const response = await send(method, path, body);
    let answer: unknown;
    try {
      answer = await response.json();
    } catch (error) {
      throw new CourierError('Bosta answered something that is not JSON', { retryable: true, cause: error });
    }
    if (!isRecord(answer)) throw new CourierError('Bosta answered an empty body', { retryable: true });
    // An HTTP 200 that says it failed is Bosta refusing the request (its validation answers so at times).
    if (answer.success === false) {
      const message = typeof answer.message === 'string' ? answer.message : 'Bosta refused the request';
      throw new CourierError(message, { retryable: false, status: response.status });
    }
    return answer;
  }

  async function airwayBillsOf(trackingNumbers: string[]): Promise<Uint8Array> {
    const response = await send('POST', '/api/v2/deliveries/mass-awb', {
      trackingNumbers: trackingNumbers.join(','),
      requestedAwbType: options.airwayBillSize ?? 'A6',
      lang: options.airwayBillLanguage ?? 'ar',
    });
    if ((response.headers.get('content-type') ?? '').includes('application/pdf')) {
      return toBase64Pdf(Buffer.from(await response.arrayBuffer()).toString('base64'));
    }
    const answer = (await response.json().catch(() => null)) as BostaAnswer | null;
    if (answer?.success === false || typeof answer?.data !== 'string') {
      throw new CourierError(answer?.message ?? 'Bosta did not answer the airway bills', {
        retryable: false,
        status: response.status,
      });
    }
    return toBase64Pdf(answer.data);
  }

  return {
    async createShipment(order) {
      const answer = await sendJson('POST', '/api/v2/deliveries?apiVersion=1', bostaDeliveryBody(order));
      if (!isRecord(answer.data)) throw new CourierError('Bosta answered no delivery', { retryable: true });
      return shipmentOf(answer.data as BostaDelivery);
    },

    async findShipment(reference) {
      const answer = await sendJson('POST', '/api/v2/deliveries/search', {
        businessReference: reference,
        pageNumber: 1,
        pageLimit: 50,
      });
      const data = isRecord(answer.data) ? answer.data : {};
      const list = Array.isArray(data.deliveries)
        ? data.deliveries
        : Array.isArray(data.list)
          ? data.list
          : [];
      const live = (list as BostaDelivery[]).filter(
        (delivery) =>
          isRecord(delivery) &&
          delivery.businessReference === reference &&
          stateCodeOf(delivery) !== TERMINATED_STATE,
      );
      // Two live deliveries for one order would be a double made elsewhere (by hand on Bosta's site):
      // the newest is the one the shop is told about; the owner sees the other on Bosta's dashboard.
      live.sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? '')));
      return live[0] ? shipmentOf(live[0]) : null;
    },

    async cancelShipment(externalId) {
      await sendJson('DELETE', `/api/v2/deliveries/business/${encodeURIComponent(externalId)}/terminate`);
    },

    async airwayBill(externalIds) {
      if (externalIds.length === 0) throw new CourierError('No deliveries to print', { retryable: false });
      const merged = await PDFDocument.create();
      for (let start = 0; start < externalIds.length; start += AIRWAY_BILLS_PER_CALL) {
        const bills = await PDFDocument.load(
          await airwayBillsOf(externalIds.slice(start, start + AIRWAY_BILLS_PER_CALL)),
        );
        const pages = await merged.copyPages(bills, bills.getPageIndices());
        for (const page of pages) merged.addPage(page);
      }
      return merged.save();
    },
  };
}

/** Bosta's `timeStamp`: epoch milliseconds (or seconds), or an ISO date; null when unreadable. */
function dateOf(value: unknown): Date | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    // Below 10^11 it cannot be milliseconds of this century: seconds.
    return new Date(value < 1e11 ? value * 1000 : value);
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const numeric = Number(value);
    const date = Number.isFinite(numeric) ? dateOf(numeric) : new Date(value);
    return date && !Number.isNaN(date.getTime()) ? date : null;
  }
  return null;
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/**
 * Bosta's webhook: the secret in the header the owner named in Bosta's dashboard (`headerName`,
 * 'Authorization' unless told otherwise), and Bosta's body read into a CourierEvent.
 */
export function createBostaWebhook(headerName: string = BOSTA_WEBHOOK_HEADER): CourierWebhook {
  return {
    verifyWebhook: (headers: RequestHeaders, secret: string) =>
      secretMatches(headerValue(headers, headerName), secret),
    parseWebhook: parseBostaWebhook,
  };
}

/**
 * The event of Bosta's webhook body, or null when it is not one (not JSON, no tracking number or no
 * state code). A body without a readable `timeStamp` still tells its news: it is dated when received,
 * and its key then holds no time (a second copy of it is the same event).
 */
export function parseBostaWebhook(rawBody: string, receivedAt: Date = new Date()): CourierEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!isRecord(body)) return null;
  const trackingNumber =
    typeof body.trackingNumber === 'string' || typeof body.trackingNumber === 'number'
      ? String(body.trackingNumber).trim()
      : '';
  const code = numberOf(isRecord(body.state) ? body.state.code : body.state);
  if (trackingNumber === '' || code === null) return null;
  const type =
    typeof body.type === 'string' ? body.type : isRecord(body.type) ? String(body.type.value ?? '') : null;
  const occurredAt = dateOf(body.timeStamp ?? body.timestamp);
  const state = bostaDeliveryState(code, type);
  const cod = numberOf(body.cod);
  return {
    eventKey: `${trackingNumber}:${code}:${type ?? ''}:${occurredAt ? occurredAt.getTime() : 'untimed'}`,
    trackingNumber,
    businessReference:
      typeof body.businessReference === 'string' && body.businessReference !== ''
        ? body.businessReference
        : null,
    courierState: bostaStateName(code),
    state,
    occurredAt: occurredAt ?? receivedAt,
    // Bosta sends `cod` as the amount collected only with Delivered.
    cashCollected: state === 'delivered' ? cod : null,
  };
}
