import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { createTestApp, type TestApp } from '../test/app';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForRedis(port: number): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .trim() === 'PONG'
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('redis-server did not start');
}

const signin = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email: 'nobody@example.com', password: 'Secret12' },
  });

// Runs where a redis-server binary is installed (Debian's redis-server); a private one on a free port.
describe.skipIf(!hasRedis)('rate limits shared through Redis', () => {
  let redis: ChildProcess;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitForRedis(port);
    const settings = { REDIS_URL: `redis://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_MINUTE: '2' };
    a = await createTestApp(settings);
    b = await createTestApp(settings);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    redis?.kill();
  });

  it('counts the attempts of one address across processes', async () => {
    expect((await signin(a)).statusCode).toBe(401);
    expect((await signin(b)).statusCode).toBe(401);
    const third = await signin(a);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ success: false, message: messages.auth.tooManyAttempts });
    expect((await signin(b)).statusCode).toBe(429);
  });
});

describe('rate limits with Redis out of reach', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  });
  afterAll(() => t.close());

  it('keeps serving rather than refusing every request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});

describe('rate limit allow list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_ALLOW_LIST: '127.0.0.1, 10.0.0.7' });
  });
  afterAll(() => t.close());

  it('lets listed addresses through, also in their IPv6-mapped form, and limits the rest', async () => {
    for (const remoteAddress of ['127.0.0.1', '::ffff:10.0.0.7']) {
      for (let i = 0; i < 3; i += 1) {
        const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress });
        expect(res.statusCode, remoteAddress).toBe(200);
      }
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.8' })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.8' })).statusCode,
    ).toBe(429);
  });
});
