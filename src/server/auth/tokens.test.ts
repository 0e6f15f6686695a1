import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens';

const USER_ID = '7f0b6c2e-4a7d-4b8e-9c1f-2d3e4f5a6b7c';
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
    const token = tokens.sign({ userId: USER_ID, role: 'admin', sessionVersion: 3 });
    const payload = payloadOf(token);
    expect(payload).toMatchObject({ sub: USER_ID, role: 'admin', sv: 3 });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(90);
    expect(tokens.verify(token)).toEqual({ userId: USER_ID, role: 'admin', sessionVersion: 3 });
  });

  it('refuses a token once its lifetime is over', () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z') });
    const tokens = new TokenService(SECRET, '12h');
    const token = tokens.sign({ userId: USER_ID, role: 'user' });
    vi.setSystemTime(new Date('2026-11-29T21:59:00Z'));
    expect(tokens.verify(token)).toEqual({ userId: USER_ID, role: 'user', sessionVersion: 0 });
    vi.setSystemTime(new Date('2026-11-29T22:00:01Z'));
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a token of another secret, a tampered one and an empty one', () => {
    const tokens = new TokenService(SECRET, '7d');
    const other = new TokenService(`${SECRET}-other`, '7d');
    expect(tokens.verify(other.sign({ userId: USER_ID, role: 'admin' }))).toBeNull();
    const [header, , signature] = tokens.sign({ userId: USER_ID, role: 'user' }).split('.');
    const raised = Buffer.from(JSON.stringify({ sub: USER_ID, role: 'admin', sv: 0 })).toString('base64url');
    expect(tokens.verify(`${header}.${raised}.${signature}`)).toBeNull();
    expect(tokens.verify('')).toBeNull();
  });

  it('refuses a token of the right secret whose subject is not an account id', () => {
    const tokens = new TokenService(SECRET, '7d');
    for (const userId of ['u-1', '', '1', `${USER_ID}x`]) {
      expect(tokens.verify(tokens.sign({ userId, role: 'user' })), userId).toBeNull();
    }
  });
});
