import { randomUUID } from 'node:crypto';
import type { Role } from '@/shared/constants';
import { users } from '../db/schema';
import type { TestApp } from './app';

export interface TestUser {
  id: string;
  email: string;
  username: string;
  role: Role;
  token: string;
  /** Headers that sign a request in as this user. */
  headers: { token: string };
}

/**
 * A user straight in the database with a signed token, for tests of everything but sign-in itself
 * (its password hash is not a real one, so it cannot sign in with a password).
 */
export async function createUser(
  t: TestApp,
  options: { role?: Role; username?: string } = {},
): Promise<TestUser> {
  const role = options.role ?? 'user';
  const email = `${role}-${randomUUID()}@example.com`;
  const username = options.username ?? (role === 'admin' ? 'Admin' : 'Shopper');
  const [row] = await t.database.db
    .insert(users)
    .values({ email, username, role, passwordHash: 'not-a-real-hash' })
    .returning({ id: users.id });
  if (!row) throw new Error('user not created');
  const token = t.tokens.sign({ userId: row.id, role });
  return { id: row.id, email, username, role, token, headers: { token } };
}
