/**
 * A random key for one checkout attempt. crypto.randomUUID exists only in secure contexts, and a shop
 * reached over plain http on a local network is not one, so getRandomValues (available everywhere) backs it.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
