import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { createTestApp, type TestApp } from '../test/app';
import { translatorIn } from './language';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The answer as it came over the socket, read until the server closed it. */
function readAnswer(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('what Node itself answers before a request is read', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Sends `raw` as it is and reads the answer. */
  async function send(raw: string): Promise<RawAnswer> {
    const socket = connect(port, '127.0.0.1');
    const answer = readAnswer(socket);
    socket.write(raw);
    return answer;
  }

  const expectRefusal = (answer: RawAnswer, status: number, message: string) => {
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(JSON.parse(answer.body)).toEqual({ success: false, message });
  };

  it('answers headers over 16 kB with 431 and { success, message }', async () => {
    const answer = await send(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectRefusal(answer, 431, messages.errors.headersTooLarge);
  });

  it('says it in Arabic when the request asked for Arabic before its headers overflowed', async () => {
    const answer = await send(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: ar\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectRefusal(answer, 431, translatorIn('ar').text(messages.errors.headersTooLarge));
  });

  it('answers an address over 16 kB with 431 and { success, message }', async () => {
    const answer = await send(`GET /api/product?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectRefusal(answer, 431, messages.errors.headersTooLarge);
  });

  it('answers what is no HTTP request with 400 and { success, message }', async () => {
    const answer = await send('HELLO THERE\r\n\r\n');
    expectRefusal(answer, 400, messages.errors.badRequest);
  });

  it('answers a request that did not arrive in time with 408 and { success, message }', async () => {
    // Node's own timer checks every 30 s: its error is raised here as Node raises it, on a real socket.
    const accepted = new Promise<Socket>((resolve) => t.app.server.once('connection', resolve));
    const socket = connect(port, '127.0.0.1');
    const answer = readAnswer(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const serverSide = await accepted;
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    t.app.server.emit('clientError', timeout, serverSide);
    expectRefusal(await answer, 408, messages.errors.requestTimeout);
  });
});
