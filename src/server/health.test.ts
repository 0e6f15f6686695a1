import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDriver, type TestApp } from './test/app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers when the database does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    // Built on the first listing: until then the listing is the database's.
    expect(res.json()).toEqual({ success: true, status: 'ok', database: testDriver, listing: 'database' });
    await t.app.inject({ method: 'GET', url: '/api/product?page=1&limit=1' });
    await vi.waitFor(async () => {
      const again = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(again.json()).toEqual({ success: true, status: 'ok', database: testDriver, listing: 'memory' });
    });
  });

  it('answers an unknown API path with 404 and a JSON message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Route GET /api/nothing-here not found' });
  });
});
