import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@/shared/constants';

export interface SessionClaims {
  userId: string;
  role: Role;
  /**
   * The account's `session_version` when the token was signed; a password reset raises it, and the
   * auth guard refuses tokens of an older one. Tokens signed before it existed carry none: 0.
   */
  sessionVersion?: number;
}

/** Signs and checks session tokens (HS256); the secret and lifetime come from the config. */
export class TokenService {
  // Imported once: given the secret's bytes (or a KeyObject, which it exports to bytes), jose imports
  // a WebCrypto key afresh on every check, that is on every signed-in request.
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: string,
    private readonly expiresIn: string,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: SessionClaims): Promise<string> {
    return new SignJWT({ role: claims.role, sv: claims.sessionVersion ?? 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(this.expiresIn)
      .sign(await this.key);
  }

  /** Returns the claims, or null for a token that is malformed, forged or expired. */
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const { role, sv = 0 } = payload;
      if (typeof payload.sub !== 'string' || (role !== 'user' && role !== 'admin')) return null;
      if (typeof sv !== 'number') return null;
      return { userId: payload.sub, role, sessionVersion: sv };
    } catch {
      return null;
    }
  }
}
