import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@/shared/constants';

export interface SessionClaims {
  userId: string;
  role: Role;
}

/** Signs and checks session tokens (HS256); the secret and lifetime come from the config. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly expiresIn: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: SessionClaims): Promise<string> {
    return new SignJWT({ role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(this.expiresIn)
      .sign(this.key);
  }

  /** Returns the claims, or null for a token that is malformed, forged or expired. */
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const role = payload.role;
      if (typeof payload.sub !== 'string' || (role !== 'user' && role !== 'admin')) return null;
      return { userId: payload.sub, role };
    } catch {
      return null;
    }
  }
}
