import { createHmac, timingSafeEqual } from 'node:crypto';

/** Expiring links to private files (payment proofs), so a plain `<img>` works without a token (DESIGN §3). */
export interface UrlSigner {
  /** `/api/files/<key>?expires=<unix seconds>&signature=<base64url>`, valid for `ttlSeconds`. */
  sign(key: string, ttlSeconds: number): string;
  /** True only for the signature this signer made for exactly this key and expiry, and only until it expires. */
  verify(key: string, expires: string | number, signature: string): boolean;
}

export const FILES_PATH = '/api/files/';

/**
 * `secret` is the JWT secret; the signing key is derived from it, so a link's signature can never be
 * replayed as (or reveal anything about) a token signature.
 */
export function createUrlSigner(secret: string, now: () => number = Date.now): UrlSigner {
  const signingKey = createHmac('sha256', secret).update('nour:private-file-links:v1').digest();

  function signatureOf(key: string, expires: number): Buffer {
    return createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest();
  }

  return {
    sign(key, ttlSeconds) {
      const expires = Math.floor(now() / 1000) + Math.max(1, Math.floor(ttlSeconds));
      const signature = signatureOf(key, expires).toString('base64url');
      const path = key.split('/').map(encodeURIComponent).join('/');
      return `${FILES_PATH}${path}?expires=${expires}&signature=${signature}`;
    },
    verify(key, expires, signature) {
      const expiresAt =
        typeof expires === 'number' ? expires : /^\d{1,12}$/.test(expires) ? Number(expires) : NaN;
      if (!Number.isSafeInteger(expiresAt) || expiresAt * 1000 <= now()) return false;
      if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
      const given = Buffer.from(signature, 'base64url');
      // The last of 43 characters carries 2 unused bits, so four spellings decode to the same bytes:
      // only the one the signer wrote is a link, or a changed link would still open the file.
      if (given.toString('base64url') !== signature) return false;
      const expected = signatureOf(key, expiresAt);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
