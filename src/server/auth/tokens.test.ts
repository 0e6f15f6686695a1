import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

describe('TokenService', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs the claims for the configured lifetime and reads them back', () => {
    const tokens = new TokenService(SECRET, '90s');
    const token = tokens.sign({ userId: 'u-1', role: 'admin', sessionVersion: 3 });
    const payload = payloadOf(token);
    expect(payload).toMatchObject({ sub: 'u-1', role: 'admin', sv: 3 });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(90);
    expect(tokens.verify(token)).toEqual({ userId: 'u-1', role: 'admin', sessionVersion: 3 });
  });

  it('refuses a token once its lifetime is over', () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z') });
    const tokens = new TokenService(SECRET, '12h');
    const token = tokens.sign({ userId: 'u-1', role: 'user' });
    vi.setSystemTime(new Date('2026-11-29T21:59:00Z'));
    expect(tokens.verify(token)).toEqual({ userId: 'u-1', role: 'user', sessionVersion: 0 });
    vi.setSystemTime(new Date('2026-11-29T22:00:01Z'));
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a token of another secret, a tampered one and an empty one', () => {
    const tokens = new TokenService(SECRET, '7d');
    const other = new TokenService(`${SECRET}-other`, '7d');
    expect(tokens.verify(other.sign({ userId: 'u-1', role: 'admin' }))).toBeNull();
    const [header, , signature] = tokens.sign({ userId: 'u-1', role: 'user' }).split('.');
    const raised = Buffer.from(JSON.stringify({ sub: 'u-1', role: 'admin', sv: 0 })).toString('base64url');
    expect(tokens.verify(`${header}.${raised}.${signature}`)).toBeNull();
    expect(tokens.verify('')).toBeNull();
  });
});
