import { createSigner, createVerifier } from 'fast-jwt';
import type { Role } from '@/shared/constants';
import { IdSchema } from '@/shared/schemas/common';

export interface SessionClaims {
  userId: string;
  role: Role;
  /**
   * The account's `session_version` when the token was signed; a password reset raises it, and the
   * auth guard refuses tokens of an older one. Tokens signed before it existed carry none: 0.
   */
  sessionVersion?: number;
}

interface TokenPayload {
  sub?: unknown;
  role?: unknown;
  sv?: unknown;
}

/**
 * Signs and checks session tokens (HS256); the secret and lifetime come from the config. fast-jwt (the
 * engine of @fastify/jwt) checks with node:crypto's HMAC in the request's own turn: through WebCrypto
 * (jose) each check was a job on the thread pool and a promise, ~5 % of a signed-in request's CPU.
 */
export class TokenService {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => TokenPayload;

  constructor(secret: string, expiresIn: string) {
    this.signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn });
    this.verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  }

  sign(claims: SessionClaims): string {
    return this.signer({ sub: claims.userId, role: claims.role, sv: claims.sessionVersion ?? 0 });
  }

  /** Returns the claims, or null for a token that is malformed, forged or expired. */
  verify(token: string): SessionClaims | null {
    let payload: TokenPayload;
    try {
      payload = this.verifier(token);
    } catch {
      return null;
    }
    const { sub, role, sv = 0 } = payload;
    const id = IdSchema.safeParse(sub);
    // Signed with our secret yet naming no account id (a key leaked into another tool, a hand-made
    // token): no session, rather than a query the database refuses.
    if (!id.success || (role !== 'user' && role !== 'admin') || typeof sv !== 'number') return null;
    return { userId: id.data, role, sessionVersion: sv };
  }
}
