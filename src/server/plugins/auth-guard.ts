import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TOKEN_HEADER } from '@/shared/shell-constants';
import type { Language } from '@/shared/language';
import { messages } from '@/shared/messages';
import type { TokenService } from '../auth/tokens';
import type { Db } from '../db/client';
import { writtenOnce } from '../db/prepared';
import { users } from '../db/schema';
import { AppError } from '../errors';

export interface SessionUser {
  id: string;
  role: 'user' | 'admin';
  username: string;
  email: string;
  /** The language the user chose (issue 14); null until they choose one. */
  language: Language | null;
}

/** The account a session's token names, as every signed-in request reads it. */
const sessionRow = writtenOnce((db) =>
  db
    .select({
      id: users.id,
      role: users.role,
      username: users.username,
      email: users.email,
      language: users.language,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1),
);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` guard; null on public routes when no valid token came. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 without a valid token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: 401 without a valid token, 403 for anyone but an admin. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest for what only a shopper does (a cart, an order, a rating): 401 without a valid token,
     * 403 with `refusal` for an admin. Before the body is read, so nobody uploads in vain.
     */
    requireShopper: (refusal: string) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: reads the token when there is one, never refuses (public routes that adapt to the user). */
    identify: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

function readToken(request: FastifyRequest): string | null {
  const header = request.headers[TOKEN_HEADER];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || null;
  return null;
}

/**
 * The guards every route uses. The user is read from the database on each request, so a deleted user,
 * a changed role or a reset password takes effect at once rather than when the token expires.
 */
export const authGuard = fp(
  async (app: FastifyInstance, options: { db: Db; tokens: TokenService }) => {
    app.decorateRequest('user', null);

    // Read once per request: the language hook below and a route's guard may both ask.
    const sessions = new WeakMap<FastifyRequest, Promise<SessionUser | null | 'invalid'>>();
    async function resolveUser(request: FastifyRequest): Promise<SessionUser | null | 'invalid'> {
      let session = sessions.get(request);
      if (!session) {
        session = readSession(request);
        sessions.set(request, session);
      }
      const user = await session;
      // Without an `Accept-Language` naming a shop language, a signed-in caller hears their own (plugins/language.ts).
      if (typeof user === 'object' && user?.language && !request.askedLanguage)
        request.language = user.language;
      return user;
    }

    async function readSession(request: FastifyRequest): Promise<SessionUser | null | 'invalid'> {
      const token = readToken(request);
      if (!token) return null;
      const claims = options.tokens.verify(token);
      if (!claims) return 'invalid';
      const [row] = await sessionRow(options.db, { id: claims.userId });
      // A token from before the account's last password reset is over.
      if (!row || row.sessionVersion !== (claims.sessionVersion ?? 0)) return 'invalid';
      return { id: row.id, role: row.role, username: row.username, email: row.email, language: row.language };
    }

    // A signed-in caller who names no language hears their saved one from validation on, on every route
    // (guarded routes read the user earlier, in onRequest). Never refuses: a bad token is the guards' to answer.
    app.addHook('preValidation', async (request) => {
      if (!request.askedLanguage && readToken(request)) await resolveUser(request);
    });

    app.decorate('identify', async (request: FastifyRequest) => {
      const user = await resolveUser(request);
      request.user = user === 'invalid' ? null : user;
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const user = await resolveUser(request);
      if (user === null) throw new AppError('UNAUTHORIZED', messages.auth.authenticationRequired);
      if (user === 'invalid') throw new AppError('UNAUTHORIZED', messages.auth.invalidToken);
      request.user = user;
    });

    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (request.user?.role !== 'admin') throw new AppError('FORBIDDEN', messages.auth.adminOnly);
    });

    app.decorate(
      'requireShopper',
      (refusal: string) => async (request: FastifyRequest, reply: FastifyReply) => {
        await app.authenticate(request, reply);
        if (request.user?.role === 'admin') throw new AppError('FORBIDDEN', refusal);
      },
    );
  },
  { name: 'auth-guard' },
);

/** For services: the signed-in user of a route guarded by `authenticate`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', messages.auth.authenticationRequired);
  return request.user;
}
