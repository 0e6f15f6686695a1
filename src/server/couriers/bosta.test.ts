import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GOVERNORATE_CODES } from '@/shared/governorates';
import { startFakeBosta, type FakeBosta } from '../test/fakes/bosta';
import {
  BOSTA_CITY,
  bostaDeliveryState,
  createBostaAdapter,
  createBostaWebhook,
  parseBostaWebhook,
} from './bosta';
import { createShipmentOnce } from './create-shipment-once';
import { CourierError, type CourierAdapter, type CourierOrder } from './types';

const order: CourierOrder = {
  number: 'N-10234',
  name: 'Mona Adel Hassan',
  phone: '+201001234567',
  governorate: 'EG-ALX',
  city: 'Outside Cairo and Giza',
  area: 'Smouha',
  street: '14 Fawzy Moaz Street',
  building: '7',
  floor: '3',
  apartment: '12',
  landmark: 'Behind Green Plaza',
  address: '14 Fawzy Moaz Street, Building 7, Floor 3, Apartment 12, Smouha',
  cashToCollect: 1250.5,
  notes: 'Call before arriving',
  allowToOpenPackage: true,
};

/** What a call's CourierError says, or fails the test when it succeeds or throws something else. */
async function courierErrorOf(call: Promise<unknown>): Promise<CourierError> {
  const error: unknown = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CourierError);
  return error as CourierError;
}

let bosta: FakeBosta;
let adapter: CourierAdapter;

beforeEach(async () => {
  bosta = await startFakeBosta();
  adapter = createBostaAdapter({ apiKey: bosta.apiKey, baseUrl: bosta.url, timeoutMs: 1_000 });
});

afterEach(async () => {
  await bosta.close();
});

describe('creating a delivery', () => {
  it('sends every field of the order where Bosta reads it, and answers its tracking number', async () => {
    const created = await adapter.createShipment(order);

    expect(bosta.deliveries).toHaveLength(1);
    const [delivery] = bosta.deliveries;
    expect(created).toEqual({
      externalId: delivery!.trackingNumber,
      trackingNumber: delivery!.trackingNumber,
      trackingUrl: null,
      courierState: 'Pickup requested',
    });
    expect(delivery!.body).toEqual({
      type: 10,
      businessReference: 'N-10234',
      cod: 1250.5,
      allowToOpenPackage: true,
      notes: 'Call before arriving',
      receiver: { firstName: 'Mona', lastName: 'Adel Hassan', phone: '01001234567' },
      dropOffAddress: {
        city: 'Alexandria',
        zone: 'Smouha',
        district: 'Smouha',
        firstLine: '14 Fawzy Moaz Street',
        secondLine: 'Behind Green Plaza',
        buildingNumber: '7',
        floor: '3',
        apartment: '12',
      },
    });
  });

  it('leaves out what the order does not have: no cash for a paid order, no empty fields', async () => {
    await adapter.createShipment({
      ...order,
      name: 'Mona',
      phone: '01001234567',
      governorate: null,
      city: 'Giza',
      area: '',
      street: 'Nile',
      building: '',
      floor: '',
      apartment: '',
      landmark: '',
      address: 'Nile Street, Dokki',
      cashToCollect: 0,
      notes: ' ',
      allowToOpenPackage: false,
    });

    expect(bosta.deliveries[0]!.body).toEqual({
      type: 10,
      businessReference: 'N-10234',
      allowToOpenPackage: false,
      receiver: { firstName: 'Mona', phone: '01001234567' },
      // A street of 5 characters or fewer is refused by Bosta: the whole address line goes instead.
      dropOffAddress: { city: 'Giza', firstLine: 'Nile Street, Dokki' },
    });
  });

  it('names every governorate by a city of Bosta', () => {
    for (const code of GOVERNORATE_CODES) expect(BOSTA_CITY[code]).toMatch(/\S/);
    expect(new Set(Object.values(BOSTA_CITY)).size).toBe(GOVERNORATE_CODES.length);
  });

  it("is refused with Bosta's reason, not retried, when Bosta refuses the order (400)", async () => {
    const error = await courierErrorOf(adapter.createShipment({ ...order, street: 'Nile', address: 'Nile' }));

    expect(error).toMatchObject({ retryable: false, status: 400 });
    expect(error.reason).toContain('firstLine');
    expect(bosta.deliveries).toHaveLength(0);
  });

  it('is refused and not retried with a wrong API key (401)', async () => {
    const wrongKey = createBostaAdapter({ apiKey: 'not-the-key', baseUrl: bosta.url });

    const error = await courierErrorOf(wrongKey.createShipment(order));

    expect(error).toMatchObject({ retryable: false, status: 401, reason: 'User is not authorized!' });
    expect(bosta.deliveries).toHaveLength(0);
  });

  it('is retried later when Bosta fails (500)', async () => {
    bosta.failNext(1, 'status500');

    const error = await courierErrorOf(adapter.createShipment(order));

    expect(error).toMatchObject({ retryable: true, status: 500, reason: 'Internal server error' });
    await expect(adapter.createShipment(order)).resolves.toMatchObject({ courierState: 'Pickup requested' });
  });

  it('is not retried when Bosta refuses a request it did not validate (an injected 400)', async () => {
    bosta.failNext(1, 'status400');

    const error = await courierErrorOf(adapter.createShipment(order));

    expect(error).toMatchObject({
      retryable: false,
      status: 400,
      reason: 'Invalid request (injected fault)',
    });
  });

  it('is retried later when Bosta cannot be reached', async () => {
    const closed = createBostaAdapter({ apiKey: bosta.apiKey, baseUrl: 'http://127.0.0.1:1' });

    const error = await courierErrorOf(closed.createShipment(order));

    expect(error.retryable).toBe(true);
    expect(error.status).toBeUndefined();
  });

  it('after a timeout, finds the delivery Bosta made so a retry creates no second one', async () => {
    bosta.failNext(1, 'timeout');

    const timedOut = await courierErrorOf(adapter.createShipment(order));
    expect(timedOut.retryable).toBe(true);
    expect(timedOut.reason).toContain('did not answer');
    // Bosta made it; we did not hear.
    expect(bosta.deliveries).toHaveLength(1);

    // The retry looks before it creates.
    const found = await adapter.findShipment(order.number);

    expect(found).toEqual({
      externalId: bosta.deliveries[0]!.trackingNumber,
      trackingNumber: bosta.deliveries[0]!.trackingNumber,
      trackingUrl: null,
      courierState: 'Pickup requested',
    });
    expect(bosta.deliveries).toHaveLength(1);
  });

  it('is accepted twice by Bosta with the same reference: only the look-up prevents a double', async () => {
    await adapter.createShipment(order);
    await adapter.createShipment(order);

    expect(bosta.deliveries.map((d) => d.businessReference)).toEqual(['N-10234', 'N-10234']);
  });
});

describe('creating a delivery once', () => {
  it('creates the delivery the first time, and finds it on every later try', async () => {
    const first = await createShipmentOnce(adapter, order);
    const again = await createShipmentOnce(adapter, order);

    expect(first.created).toBe(true);
    expect(again).toEqual({ shipment: first.shipment, created: false });
    expect(bosta.deliveries).toHaveLength(1);
  });

  it('makes one delivery through a timeout and the retry after it', async () => {
    bosta.failNext(1, 'timeout', 'create');

    const timedOut = await courierErrorOf(createShipmentOnce(adapter, order));
    const retried = await createShipmentOnce(adapter, order);

    expect(timedOut.retryable).toBe(true);
    expect(retried.created).toBe(false);
    expect(retried.shipment.trackingNumber).toBe(bosta.deliveries[0]!.trackingNumber);
    expect(bosta.deliveries).toHaveLength(1);
  });

  it('makes a new delivery for an order whose delivery was cancelled', async () => {
    const first = await createShipmentOnce(adapter, order);
    await adapter.cancelShipment(first.shipment.externalId);

    const again = await createShipmentOnce(adapter, order);

    expect(again.created).toBe(true);
    expect(again.shipment.trackingNumber).not.toBe(first.shipment.trackingNumber);
  });

  it('creates nothing when the look-up fails: the job tries again later', async () => {
    bosta.failNext(1, 'status500', 'search');

    const error = await courierErrorOf(createShipmentOnce(adapter, order));

    expect(error.retryable).toBe(true);
    expect(bosta.deliveries).toHaveLength(0);
  });
});

describe('finding a delivery by its reference', () => {
  it('finds the delivery of the reference, and none for another', async () => {
    const created = await adapter.createShipment(order);
    await adapter.createShipment({ ...order, number: 'N-10235' });

    await expect(adapter.findShipment('N-10234')).resolves.toEqual(created);
    await expect(adapter.findShipment('N-99999')).resolves.toBeNull();
  });

  it('does not count a terminated delivery: the order may be sent again after a cancel', async () => {
    const created = await adapter.createShipment(order);
    await adapter.cancelShipment(created.externalId);

    await expect(adapter.findShipment(order.number)).resolves.toBeNull();
  });

  it('is retried later when the search fails', async () => {
    bosta.failNext(1, 'status500');

    const error = await courierErrorOf(adapter.findShipment(order.number));

    expect(error).toMatchObject({ retryable: true, status: 500 });
  });
});

describe('cancelling a delivery', () => {
  it('terminates it at Bosta', async () => {
    const created = await adapter.createShipment(order);

    await adapter.cancelShipment(created.externalId);

    expect(bosta.deliveries[0]!.state).toBe(48);
    expect(bosta.requests.at(-1)).toEqual({
      method: 'DELETE',
      path: `/api/v2/deliveries/business/${created.trackingNumber}/terminate`,
    });
  });

  it("is refused with Bosta's reason once the parcel was picked up", async () => {
    const created = await adapter.createShipment(order);
    bosta.moveDelivery(created.trackingNumber, 21);

    const error = await courierErrorOf(adapter.cancelShipment(created.externalId));

    expect(error).toMatchObject({ retryable: false, status: 400 });
    expect(error.reason).toContain('picked up');
  });

  it('is refused for a delivery Bosta does not have', async () => {
    const error = await courierErrorOf(adapter.cancelShipment('404404'));

    expect(error).toMatchObject({ retryable: false, status: 404, reason: 'Delivery not found' });
  });
});

describe('airway bills', () => {
  it('answers the bills of two deliveries as one PDF of two pages', async () => {
    const first = await adapter.createShipment(order);
    const second = await adapter.createShipment({ ...order, number: 'N-10235' });

    const pdf = await adapter.airwayBill([first.externalId, second.externalId]);

    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
  });

  it('asks Bosta in groups of 50 and merges them into one PDF', async () => {
    const numbers: string[] = [];
    for (let index = 0; index < 51; index += 1) {
      numbers.push((await adapter.createShipment({ ...order, number: `N-${20000 + index}` })).externalId);
    }

    // Drawing 50 bills takes the fake longer than the other tests' short timeout.
    const patient = createBostaAdapter({ apiKey: bosta.apiKey, baseUrl: bosta.url, timeoutMs: 20_000 });

    const pdf = await patient.airwayBill(numbers);

    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(51);
    expect(bosta.requests.filter((r) => r.path === '/api/v2/deliveries/mass-awb')).toHaveLength(2);
  });

  it("takes a bare PDF answer as well as Bosta's base64 in JSON", async () => {
    const bare = await PDFDocument.create();
    bare.addPage();
    const bytes = await bare.save();
    const pdfAnswer = createBostaAdapter({
      apiKey: 'key',
      fetch: async () => new Response(Buffer.from(bytes), { headers: { 'content-type': 'application/pdf' } }),
    });

    expect((await PDFDocument.load(await pdfAnswer.airwayBill(['1']))).getPageCount()).toBe(1);
  });

  it("is refused with Bosta's reason for a delivery Bosta does not have, and for none", async () => {
    const unknown = await courierErrorOf(adapter.airwayBill(['404404']));
    expect(unknown).toMatchObject({
      retryable: false,
      status: 400,
      reason: 'Some deliveries were not found',
    });

    const none = await courierErrorOf(adapter.airwayBill([]));
    expect(none.retryable).toBe(false);
  });

  it('is refused when Bosta answers something that is not a PDF', async () => {
    const notPdf = createBostaAdapter({
      apiKey: 'key',
      fetch: async () => Response.json({ success: true, data: Buffer.from('hello').toString('base64') }),
    });

    const error = await courierErrorOf(notPdf.airwayBill(['1']));

    expect(error.reason).toContain('printable');
  });
});

describe('the webhook', () => {
  const secret = 'the-shop-webhook-secret';
  const webhook = createBostaWebhook();

  it('is Bosta only with the secret the owner set in the header', () => {
    expect(webhook.verifyWebhook({ authorization: secret }, secret)).toBe(true);
    expect(webhook.verifyWebhook({ authorization: 'the-shop-webhook-secreT' }, secret)).toBe(false);
    expect(webhook.verifyWebhook({ authorization: 'short' }, secret)).toBe(false);
    expect(webhook.verifyWebhook({ authorization: `${secret}-and-more` }, secret)).toBe(false);
    expect(webhook.verifyWebhook({}, secret)).toBe(false);
    expect(webhook.verifyWebhook({ authorization: [secret, secret] }, secret)).toBe(false);
    // No secret configured: nobody is Bosta, not even a caller that sends an empty header.
    expect(webhook.verifyWebhook({ authorization: '' }, '')).toBe(false);
  });

  it("reads the secret from the header the owner named in Bosta's dashboard", () => {
    const named = createBostaWebhook('X-Nour-Webhook');

    expect(named.verifyWebhook({ 'x-nour-webhook': secret }, secret)).toBe(true);
    expect(named.verifyWebhook({ authorization: secret }, secret)).toBe(false);
  });

  it('reads a delivered event with the cash collected', () => {
    const event = parseBostaWebhook(
      JSON.stringify({
        _id: 'abc',
        trackingNumber: 7120000001,
        state: 45,
        type: 'SEND',
        cod: 1250.5,
        timeStamp: 1_764_850_000_000,
        isConfirmedDelivery: false,
        businessReference: 'N-10234',
      }),
    );

    expect(event).toEqual({
      eventKey: '7120000001:45:SEND:1764850000000',
      trackingNumber: '7120000001',
      businessReference: 'N-10234',
      courierState: 'Delivered',
      state: 'delivered',
      occurredAt: new Date(1_764_850_000_000),
      cashCollected: 1250.5,
    });
  });

  it('reads a return, a refusal and a parcel coming back, and no cash with them', () => {
    const read = (body: Record<string, unknown>) =>
      parseBostaWebhook(
        JSON.stringify({ trackingNumber: '1', timeStamp: '2026-12-04T10:00:00.000Z', ...body }),
      );

    expect(read({ state: 46, type: 'RTO', cod: 0 })).toMatchObject({
      state: 'returned',
      cashCollected: null,
    });
    expect(read({ state: 49, type: 'SEND' })).toMatchObject({ state: 'refused', courierState: 'Canceled' });
    expect(read({ state: 30, type: 'RTO' })).toMatchObject({ state: 'refused' });
    expect(read({ state: 45, type: 'RTO', cod: 100 })).toMatchObject({
      state: 'returned',
      cashCollected: null,
    });
    expect(read({ state: 21 })).toMatchObject({
      state: 'shipped',
      occurredAt: new Date('2026-12-04T10:00:00.000Z'),
      businessReference: null,
    });
  });

  it('reads states that move nothing of ours, and codes Bosta does not list, without a state', () => {
    const read = (state: unknown) =>
      parseBostaWebhook(JSON.stringify({ trackingNumber: '1', state, timeStamp: 1 }));

    expect(read(10)).toMatchObject({ state: null, courierState: 'Pickup requested' });
    expect(read(47)).toMatchObject({ state: null, courierState: 'Exception' });
    expect(read(999)).toMatchObject({ state: null, courierState: 'State 999' });
    expect(read('45')).toMatchObject({ state: 'delivered' });
    expect(read({ code: 46, value: 'Returned to business' })).toMatchObject({ state: 'returned' });
  });

  it('gives the same event the same key each time it is sent, and another news another key', () => {
    const body = { trackingNumber: '1', state: 45, type: 'SEND', timeStamp: 1_764_850_000_000 };
    const key = (changes: Record<string, unknown>) =>
      parseBostaWebhook(JSON.stringify({ ...body, ...changes }))!.eventKey;

    expect(key({})).toBe(key({}));
    expect(key({ state: 46 })).not.toBe(key({}));
    expect(key({ timeStamp: 1_764_850_000_001 })).not.toBe(key({}));
  });

  it('dates an event without a readable time when it is received', () => {
    const receivedAt = new Date('2026-12-04T12:00:00.000Z');

    const event = parseBostaWebhook(JSON.stringify({ trackingNumber: '1', state: 45 }), receivedAt);

    expect(event).toMatchObject({ occurredAt: receivedAt, eventKey: '1:45::untimed' });
  });

  it("is no event when the body is not Bosta's", () => {
    expect(parseBostaWebhook('not json')).toBeNull();
    expect(parseBostaWebhook('[1, 2]')).toBeNull();
    expect(parseBostaWebhook(JSON.stringify({ state: 45 }))).toBeNull();
    expect(parseBostaWebhook(JSON.stringify({ trackingNumber: '1' }))).toBeNull();
    expect(parseBostaWebhook(JSON.stringify({ trackingNumber: '1', state: 'delivered' }))).toBeNull();
  });

  it('is what the fake Bosta sends when it moves a delivery', async () => {
    const created = await adapter.createShipment(order);

    const body = bosta.moveDelivery(created.trackingNumber, 45);

    expect(parseBostaWebhook(JSON.stringify(body))).toMatchObject({
      trackingNumber: created.trackingNumber,
      businessReference: 'N-10234',
      state: 'delivered',
      cashCollected: 1250.5,
    });
  });
});

describe("the fake Bosta's webhook", () => {
  it('posts the JSON body with the custom header, as the shop receives it', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const shop = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    try {
      const created = await adapter.createShipment(order);
      const body = bosta.moveDelivery(created.trackingNumber, 46, 'RTO');
      const url = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/api/couriers/bosta/webhook`;

      const answer = await bosta.sendWebhook(url, body, { Authorization: 'the-secret' });

      expect(answer).toEqual({ status: 200, body: '{"success":true}' });
      const [request] = received;
      expect(createBostaWebhook().verifyWebhook(request!.headers, 'the-secret')).toBe(true);
      expect(parseBostaWebhook(request!.body)).toMatchObject({ state: 'returned', cashCollected: null });
    } finally {
      await new Promise<void>((resolve) => shop.close(() => resolve()));
    }
  });
});

describe("Bosta's states in ours", () => {
  it.each([
    [10, 'SEND', null],
    [20, 'SEND', null],
    [21, 'SEND', 'shipped'],
    [24, 'SEND', 'shipped'],
    [30, 'SEND', 'shipped'],
    [41, 'SEND', 'shipped'],
    [45, 'SEND', 'delivered'],
    [46, 'SEND', 'returned'],
    [47, 'SEND', null],
    [48, 'SEND', null],
    [49, 'SEND', 'refused'],
    [60, 'SEND', 'returned'],
    [100, 'SEND', null],
    [101, 'SEND', null],
    [102, 'SEND', null],
    [105, 'SEND', null],
    [24, 'RTO', 'refused'],
    [30, 'RTO', 'refused'],
    [41, 'RTO', 'refused'],
    [45, 'RTO', 'returned'],
    [46, 'RTO', 'returned'],
    [47, 'RTO', null],
    [10, null, null],
    [45, null, 'delivered'],
    [12345, 'SEND', null],
  ] as const)('state %i of type %s is %s', (code, type, state) => {
    expect(bostaDeliveryState(code, type)).toBe(state);
  });
});
