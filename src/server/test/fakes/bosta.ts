import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { BOSTA_CITY, bostaStateName } from '../../couriers/bosta';

/**
 * A local Bosta for tests (issue 36), answering the requests src/server/couriers/bosta.ts makes as
 * Bosta's published API answers them, read from https://docs.bosta.co/docs/how-to/create-your-first-delivery
 * (create, order types), https://docs.bosta.co/docs/how-to/format-bosta-address (dropOffAddress),
 * https://docs.bosta.co/docs/how-to/get-delivery-status-via-webhook (the webhook's body and custom
 * header) and Bosta's own SDKs (github.com/bostaapp/bosta-nodejs: the Authorization header, terminate);
 * search and mass-awb follow integrations published on GitHub (the top of bosta.ts lists each):
 * create, search by business reference, terminate, mass airway bills, and the webhook it sends. It
 * checks the API key, validates a create as Bosta documents (a known city, a first line longer than
 * 5 characters, a receiver's name and phone), and keeps every delivery it made for a test to read.
 */

/** A delivery as the fake holds it: the body it was created with, and what Bosta adds. */
export interface FakeBostaDelivery {
  _id: string;
  trackingNumber: string;
  businessReference: string | null;
  /** Bosta's state code: 10 (Pickup requested) when created, 48 once terminated. */
  state: number;
  /** 'SEND' while it goes to the customer, 'RTO' on its way back. */
  type: 'SEND' | 'RTO';
  createdAt: string;
  body: Record<string, unknown>;
}

/**
 * How the next requests fail: Bosta's outage (500), Bosta refusing the request (400), or no answer at
 * all ('timeout': the request is carried out — a create makes its delivery — but the answer never
 * comes, as when Bosta made it and the connection died before we heard).
 */
export type FakeBostaFault = 'status500' | 'status400' | 'timeout';
/** The requests of Bosta's API the fake answers. */
export type FakeBostaEndpoint = 'create' | 'search' | 'terminate' | 'airwayBills';

export interface FakeBosta {
  url: string;
  apiKey: string;
  deliveries: FakeBostaDelivery[];
  /** Every request received, in order (method and path), answered or not. */
  requests: Array<{ method: string; path: string }>;
  /** The next `count` requests (to `endpoint` only, when given) fail as `kind` says. */
  failNext(count: number, kind: FakeBostaFault, endpoint?: FakeBostaEndpoint): void;
  /**
   * Moves a delivery to Bosta's state `code` (and `type`) and answers the webhook body Bosta sends for
   * it, with `cod` the collected cash when delivered.
   */
  moveDelivery(trackingNumber: string, code: number, type?: 'SEND' | 'RTO'): Record<string, unknown>;
  /** POSTs `body` to `targetUrl` as Bosta's webhook does (JSON, the owner's custom header in `headers`). */
  sendWebhook(
    targetUrl: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** Bosta's answer to a request without a valid key. */
const UNAUTHORIZED = { success: false, message: 'User is not authorized!', errorCode: 1007 };
const BOSTA_CITIES = new Set(Object.values(BOSTA_CITY));
const DELIVER_TYPE = 10;
const TERMINATED = 48;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** What Bosta says is wrong with a create body, or null when it takes it. */
function createRefusal(body: unknown): string | null {
  if (!isRecord(body)) return 'Invalid request body';
  if (body.type !== DELIVER_TYPE) return '"type" must be one of [10, 15, 25, 30]';
  const address = body.dropOffAddress;
  if (!isRecord(address)) return '"dropOffAddress" is required';
  if (typeof address.city !== 'string' || !BOSTA_CITIES.has(address.city)) {
    return `"dropOffAddress.city" is not a city Bosta delivers to: ${String(address.city)}`;
  }
  if (typeof address.firstLine !== 'string' || address.firstLine.trim().length <= 5) {
    return '"dropOffAddress.firstLine" length must be at least 5 characters long';
  }
  const receiver = body.receiver;
  if (!isRecord(receiver) || typeof receiver.firstName !== 'string' || receiver.firstName === '') {
    return '"receiver.firstName" is required';
  }
  if (typeof receiver.phone !== 'string' || !/^01[0125]\d{8}$/.test(receiver.phone)) {
    return '"receiver.phone" must be a valid Egyptian mobile number';
  }
  if (body.cod !== undefined && (typeof body.cod !== 'number' || body.cod < 0 || body.cod > 30_000)) {
    return 'The COD amount should be less than or equal 30000 EGP';
  }
  return null;
}

function endpointOf(method: string, path: string): FakeBostaEndpoint | undefined {
  if (method === 'POST' && path === '/api/v2/deliveries') return 'create';
  if (method === 'POST' && path === '/api/v2/deliveries/search') return 'search';
  if (method === 'DELETE' && path.endsWith('/terminate')) return 'terminate';
  if (method === 'POST' && path === '/api/v2/deliveries/mass-awb') return 'airwayBills';
  return undefined;
}

/** A real PDF with one page per bill, as Bosta's mass-awb answers (base64 in `data`). */
async function airwayBillPdf(deliveries: FakeBostaDelivery[]): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const delivery of deliveries) {
    // A6, in points.
    const page = pdf.addPage([298, 420]);
    page.drawText(`Bosta AWB ${delivery.trackingNumber}`, { x: 20, y: 380, size: 14, font });
    page.drawText(`Reference ${delivery.businessReference ?? '-'}`, { x: 20, y: 350, size: 11, font });
    const cod = typeof delivery.body.cod === 'number' ? delivery.body.cod : 0;
    page.drawText(`COD ${cod} EGP`, { x: 20, y: 330, size: 11, font });
  }
  return Buffer.from(await pdf.save()).toString('base64');
}

export async function startFakeBosta(
  options: {
    /** A port of its own (a journey's server is told it before the fake starts); any free one by default. */
    port?: number;
    apiKey?: string;
  } = {},
): Promise<FakeBosta> {
  const apiKey = options.apiKey ?? `fake-bosta-${randomBytes(12).toString('hex')}`;
  const deliveries: FakeBostaDelivery[] = [];
  const requests: FakeBosta['requests'] = [];
  const faults: Array<{ kind: FakeBostaFault; endpoint: FakeBostaEndpoint | undefined }> = [];
  /** Answers held back by a 'timeout' fault, ended on close. */
  const hanging = new Set<ServerResponse>();
  let nextTrackingNumber = 7_120_000_001;

  function createDelivery(body: Record<string, unknown>): FakeBostaDelivery {
    const delivery: FakeBostaDelivery = {
      _id: randomBytes(10).toString('base64url'),
      trackingNumber: String(nextTrackingNumber++),
      businessReference: typeof body.businessReference === 'string' ? body.businessReference : null,
      state: 10,
      type: 'SEND',
      createdAt: new Date(Date.now() + deliveries.length).toISOString(),
      body,
    };
    deliveries.push(delivery);
    return delivery;
  }

  const shown = (delivery: FakeBostaDelivery) => ({
    _id: delivery._id,
    trackingNumber: delivery.trackingNumber,
    businessReference: delivery.businessReference,
    state: { code: delivery.state, value: bostaStateName(delivery.state) },
    type: { code: DELIVER_TYPE, value: delivery.type === 'SEND' ? 'Send' : 'RTO' },
    cod: delivery.body.cod ?? 0,
    createdAt: delivery.createdAt,
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake-bosta');
    const method = request.method ?? 'GET';
    requests.push({ method, path: url.pathname });
    const body = await readBody(request);
    if (request.headers.authorization !== apiKey) return answer(response, 401, UNAUTHORIZED);

    const terminate = /^\/api\/v2\/deliveries\/business\/([^/]+)\/terminate$/.exec(url.pathname);
    const endpoint = endpointOf(method, url.pathname);
    const faultAt = faults.findIndex((f) => f.endpoint === undefined || f.endpoint === endpoint);
    const fault = faultAt === -1 ? undefined : faults.splice(faultAt, 1)[0]!.kind;
    if (fault === 'status500') {
      return answer(response, 500, { success: false, message: 'Internal server error' });
    }
    if (fault === 'status400') {
      return answer(response, 400, {
        success: false,
        message: 'Invalid request (injected fault)',
        errorCode: 400,
      });
    }
    const hang = fault === 'timeout';

    let status = 200;
    let result: unknown;
    if (method === 'POST' && url.pathname === '/api/v2/deliveries') {
      const refusal = createRefusal(body);
      if (refusal) {
        status = 400;
        result = { success: false, message: refusal, errorCode: 1001 };
      } else {
        // Bosta takes a second create with the same businessReference as another delivery: only the
        // caller's look-up keeps an order from being shipped twice.
        const delivery = createDelivery(body as Record<string, unknown>);
        status = 201;
        result = {
          success: true,
          message: 'Delivery Created Successfully',
          data: {
            _id: delivery._id,
            trackingNumber: delivery.trackingNumber,
            state: { code: delivery.state, value: bostaStateName(delivery.state) },
            message: 'Delivery Created Successfully',
          },
        };
      }
    } else if (method === 'POST' && url.pathname === '/api/v2/deliveries/search') {
      const reference =
        isRecord(body) && typeof body.businessReference === 'string' ? body.businessReference : null;
      const found = deliveries.filter((d) => reference === null || d.businessReference === reference);
      result = {
        success: true,
        message: 'Done',
        data: { deliveries: found.map(shown), count: found.length },
      };
    } else if (method === 'DELETE' && terminate) {
      const delivery = deliveries.find((d) => d.trackingNumber === decodeURIComponent(terminate[1]!));
      if (!delivery) {
        status = 404;
        result = { success: false, message: 'Delivery not found', errorCode: 1062 };
      } else if (delivery.state !== 10 && delivery.state !== 20 && delivery.state !== TERMINATED) {
        status = 400;
        result = {
          success: false,
          message: 'Delivery cannot be terminated after it was picked up',
          errorCode: 1063,
        };
      } else {
        delivery.state = TERMINATED;
        result = { success: true, message: 'Delivery terminated successfully' };
      }
    } else if (method === 'POST' && url.pathname === '/api/v2/deliveries/mass-awb') {
      const wanted =
        isRecord(body) && typeof body.trackingNumbers === 'string'
          ? body.trackingNumbers.split(',').filter(Boolean)
          : [];
      const found = wanted.map((number) => deliveries.find((d) => d.trackingNumber === number));
      if (wanted.length === 0 || found.some((d) => d === undefined)) {
        status = 400;
        result = { success: false, message: 'Some deliveries were not found', errorCode: 1062 };
      } else {
        result = {
          success: true,
          message: 'Done successfully',
          data: await airwayBillPdf(found as FakeBostaDelivery[]),
        };
      }
    } else {
      status = 404;
      result = { success: false, message: `Cannot ${method} ${url.pathname}` };
    }

    if (hang) {
      // Done, never told: the answer is held until close().
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    answer(response, status, result);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) answer(response, 500, { success: false, message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    deliveries,
    requests,
    failNext(count, kind, endpoint) {
      for (let index = 0; index < count; index += 1) faults.push({ kind, endpoint });
    },
    moveDelivery(trackingNumber, code, type) {
      const delivery = deliveries.find((d) => d.trackingNumber === trackingNumber);
      if (!delivery) throw new Error(`fake Bosta has no delivery ${trackingNumber}`);
      delivery.state = code;
      if (type) delivery.type = type;
      const cod = typeof delivery.body.cod === 'number' ? delivery.body.cod : 0;
      return {
        _id: delivery._id,
        trackingNumber: delivery.trackingNumber,
        state: code,
        type: delivery.type,
        ...(code === 45 && delivery.type === 'SEND' ? { cod } : {}),
        timeStamp: Date.now(),
        isConfirmedDelivery: false,
        businessReference: delivery.businessReference,
      };
    },
    async sendWebhook(targetUrl, body, headers = {}) {
      const response = await fetch(targetUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: response.status, body: await response.text() };
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
