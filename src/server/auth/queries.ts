import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Role } from '@/shared/constants';
import type { Language } from '@/shared/language';
import type { DbOrTx, Tx } from '../db/client';
import { passwordResets, users } from '../db/schema';

export const accountColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  passwordHash: users.passwordHash,
  sessionVersion: users.sessionVersion,
  language: users.language,
};

export type AccountRow = {
  id: string;
  username: string;
  email: string;
  role: Role;
  passwordHash: string;
  sessionVersion: number;
  language: Language | null;
};

/** `email` must already be in lowercase, as every stored address is. */
export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** null when the address is taken (by a concurrent sign-up too: the unique index decides). */
export async function insertAccount(
  db: DbOrTx,
  values: { username: string; email: string; passwordHash: string; role: Role; language?: Language | null },
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
  values: Partial<{ username: string; passwordHash: string; role: Role; language: Language | null }>,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function findAccountById(db: DbOrTx, id: string): Promise<AccountRow | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function insertPasswordReset(
  db: DbOrTx,
  values: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** Whether this token hash names a link that is neither used nor expired (by the database's clock). */
export async function isPasswordResetUsable(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(usable(tokenHash))
    .limit(1);
  return row !== undefined;
}

function usable(tokenHash: string) {
  return and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );
}

/**
 * Spends the link (in one statement, so two uses at once cannot both pass), sets the password, ends
 * every session by raising the account's session version, and spends the account's other links too.
 * Answers false when the link was not usable.
 */
export async function applyPasswordReset(tx: Tx, tokenHash: string, passwordHash: string): Promise<boolean> {
  const [spent] = await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(usable(tokenHash))
    .returning({ userId: passwordResets.userId });
  if (!spent) return false;
  await tx
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, spent.userId));
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
  return true;
}
