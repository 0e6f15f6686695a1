import { eq } from 'drizzle-orm';
import type { Role } from '@/shared/constants';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

export const accountColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  passwordHash: users.passwordHash,
};

export type AccountRow = {
  id: string;
  username: string;
  email: string;
  role: Role;
  passwordHash: string;
};

/** `email` must already be in lowercase, as every stored address is. */
export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** null when the address is taken (by a concurrent sign-up too: the unique index decides). */
export async function insertAccount(
  db: DbOrTx,
  values: { username: string; email: string; passwordHash: string; role: Role },
): Promise<AccountRow | null> {
  const rows = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning(accountColumns);
  return rows[0] ?? null;
}

export async function updateAccount(
  db: DbOrTx,
  id: string,
  values: Partial<{ username: string; passwordHash: string; role: Role }>,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}
