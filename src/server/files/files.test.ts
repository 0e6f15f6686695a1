import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePaymentProof } from '../images/pipeline';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../test/app';
import { makeImage } from '../test/images';
import { createUrlSigner } from './signing';

describe('createUrlSigner', () => {
  const at = (seconds: number) => () => seconds * 1000;
  const key = 'private/proofs/abc.webp';

  function partsOf(link: string) {
    const url = new URL(link, 'http://shop.test');
    return {
      path: url.pathname,
      expires: url.searchParams.get('expires') ?? '',
      signature: url.searchParams.get('signature') ?? '',
    };
  }

  it('makes links shaped /api/files/<key>?expires=<unix>&signature=<base64url>', () => {
    const link = createUrlSigner(TEST_JWT_SECRET, at(1_000_000)).sign(key, 3600);
    expect(link).toMatch(
      /^\/api\/files\/private\/proofs\/abc\.webp\?expires=1003600&signature=[A-Za-z0-9_-]{43}$/,
    );
  });

  it('refuses another spelling of its own signature (the unused bits of its last character set)', () => {
    const signer = createUrlSigner(TEST_JWT_SECRET, at(1_000_000));
    const { expires, signature } = partsOf(signer.sign(key, 60));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1)!);
    const respelled = signature.slice(0, -1) + alphabet[last | 1];
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    expect(signer.verify(key, expires, signature)).toBe(true);
    expect(signer.verify(key, expires, respelled)).toBe(false);
  });

  it('accepts its own link until it expires, and not after', () => {
    const { expires, signature } = partsOf(createUrlSigner(TEST_JWT_SECRET, at(1_000_000)).sign(key, 60));
    expect(createUrlSigner(TEST_JWT_SECRET, at(1_000_059)).verify(key, expires, signature)).toBe(true);
    expect(createUrlSigner(TEST_JWT_SECRET, at(1_000_060)).verify(key, expires, signature)).toBe(false);
  });

  it('refuses a changed key, expiry or signature, and another secret', () => {
    const signer = createUrlSigner(TEST_JWT_SECRET, at(1_000_000));
    const { expires, signature } = partsOf(signer.sign(key, 60));
    expect(signer.verify('private/proofs/abd.webp', expires, signature)).toBe(false);
    expect(signer.verify(key, String(Number(expires) + 1000), signature)).toBe(false);
    // The first character carries 6 bits of the signature, so changing it always changes the bytes.
    expect(signer.verify(key, expires, (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1))).toBe(
      false,
    );
    expect(signer.verify(key, expires, '')).toBe(false);
    expect(signer.verify(key, 'soon', signature)).toBe(false);
    const other = createUrlSigner('another-secret-that-is-long-enough-for-signing', at(1_000_000));
    expect(other.verify(key, expires, signature)).toBe(false);
  });
});

describe('GET /api/files/private/*', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp();
    key = await storePaymentProof(t.store, await makeImage(300, 400, 'jpeg'));
  });
  afterAll(() => t.close());

  it('serves the file through a valid link, never kept by a browser or proxy', async () => {
    const res = await t.app.inject({ method: 'GET', url: t.signer.sign(key, 3600) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('answers 403 for an expired link', async () => {
    const past = createUrlSigner(TEST_JWT_SECRET, () => Date.now() - 7200 * 1000);
    const res = await t.app.inject({ method: 'GET', url: past.sign(key, 3600) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'This link is invalid or has expired' });
  });

  it('answers 403 for a tampered link, a link for another key, or no signature', async () => {
    const link = t.signer.sign(key, 3600);
    const tampered = link.replace(/expires=(\d+)/, (_, n: string) => `expires=${Number(n) + 60}`);
    const otherKey = link.replace('/proofs/', '/proofs/x');
    for (const url of [tampered, otherKey, `/api/files/${key}`, `/api/files/${key}?expires=9999999999`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('answers 404 for a validly signed link to a missing file', async () => {
    const res = await t.app.inject({ method: 'GET', url: t.signer.sign('private/proofs/gone.webp', 3600) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'File not found' });
  });

  it('never serves anything outside private/, even with a valid signature for the climbing key', async () => {
    for (const climbing of [
      'private/../../etc/passwd',
      'private/%2e%2e/%2e%2e/etc/passwd',
      'private/..%2F..%2Fetc/passwd',
    ]) {
      const decoded = decodeURIComponent(climbing);
      const signed = t.signer.sign(decoded, 3600);
      const query = signed.slice(signed.indexOf('?'));
      const res = await t.app.inject({ method: 'GET', url: `/api/files/${climbing}${query}` });
      expect([403, 404], climbing).toContain(res.statusCode);
      expect(res.body).not.toContain('root:');
    }
  });

  it('does not serve public images through this route', async () => {
    const res = await t.app.inject({ method: 'GET', url: t.signer.sign('products/a.webp', 3600) });
    expect(res.statusCode).toBe(404);
  });
});
