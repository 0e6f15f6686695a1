import { z } from 'zod';
import { format, messages } from '@/shared/messages';
import type { Language } from '@/shared/language';
import { SignupSchema, type Account, type AuthResult } from '@/shared/schemas/auth';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { hashPassword, spendVerifyTime, verifyPassword } from './passwords';
import {
  findAccountByEmail,
  findAccountById,
  insertAccount,
  updateAccount,
  type AccountRow,
} from './queries';
import type { TokenService } from './tokens';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
}

async function authResult(tokens: TokenService, account: AccountRow, message: string): Promise<AuthResult> {
  const token = tokens.sign({
    userId: account.id,
    role: account.role,
    sessionVersion: account.sessionVersion,
  });
  return {
    success: true,
    message,
    results: { token },
    role: account.role,
    username: account.username,
    email: account.email,
    language: account.language,
  };
}

/** `input` has passed SignupSchema, so the email is already trimmed and in lowercase. */
export async function signUp(
  { db, tokens }: AuthDeps,
  input: { name: string; email: string; password: string; language?: Language | undefined },
): Promise<AuthResult> {
  if (await findAccountByEmail(db, input.email)) {
    throw new AppError('CONFLICT', messages.auth.emailTaken);
  }
  const passwordHash = await hashPassword(input.password);
  // Whatever the body says, a sign-up makes a customer: admins come only from the operator.
  const account = await insertAccount(db, {
    username: input.name,
    email: input.email,
    passwordHash,
    role: 'user',
    language: input.language ?? null,
  });
  if (!account) throw new AppError('CONFLICT', messages.auth.emailTaken);
  return authResult(tokens, account, messages.auth.signupSuccess);
}

export async function signIn(
  { db, tokens }: AuthDeps,
  input: { email: string; password: string },
): Promise<AuthResult> {
  const account = await findAccountByEmail(db, input.email);
  if (!account) {
    await spendVerifyTime(input.password);
    throw new AppError('UNAUTHORIZED', messages.auth.invalidCredentials);
  }
  if (!(await verifyPassword(account.passwordHash, input.password))) {
    throw new AppError('UNAUTHORIZED', messages.auth.invalidCredentials);
  }
  return authResult(tokens, account, messages.auth.signinSuccess);
}

/** The signed-in account as `/api/auth/me` answers it (issue 14). */
function accountAnswer(row: AccountRow): Account {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    language: row.language,
  };
}

export async function readAccount(db: Db, userId: string): Promise<Account> {
  const row = await findAccountById(db, userId);
  if (!row) throw new AppError('UNAUTHORIZED', messages.auth.invalidToken);
  return accountAnswer(row);
}

/** Saves the settings a user changed (a field left out stays as it is) and answers the account. */
export async function saveSettings(
  db: Db,
  userId: string,
  settings: { language?: Language | null | undefined },
): Promise<Account> {
  if (settings.language !== undefined) await updateAccount(db, userId, { language: settings.language });
  return readAccount(db, userId);
}

/** The sign-up rules of SPEC §5 for name, email and password, applied to admins made by the operator too. */
export const AdminAccountSchema = z.object({
  name: SignupSchema.shape.name,
  email: SignupSchema.shape.email,
  password: SignupSchema.shape.password,
});

export class AdminAccountError extends Error {}

export type EnsureAdminOutcome = 'created' | 'promoted' | 'updated' | 'unchanged';

/**
 * Makes sure an admin account with this email and password exists: creates it, or promotes the
 * existing account of that address and sets the given password, so that the operator's settings
 * (ADMIN_EMAIL/ADMIN_PASSWORD or `npm run admin:create`) are always what signs in.
 */
export async function ensureAdmin(
  db: Db,
  input: { name: string; email: string; password: string },
): Promise<{ outcome: EnsureAdminOutcome; email: string }> {
  const parsed = AdminAccountSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) =>
      format(messages.errors.invalidField, { field: issue.path.join('.'), rule: issue.message }),
    );
    throw new AdminAccountError(issues.join('\n'));
  }
  const { name, email, password } = parsed.data;
  const existing = await findAccountByEmail(db, email);
  if (!existing) {
    const created = await insertAccount(db, {
      username: name,
      email,
      passwordHash: await hashPassword(password),
      role: 'admin',
    });
    // Lost a race with a sign-up of the same address: promote that account instead.
    if (created) return { outcome: 'created', email };
    return ensureAdmin(db, input);
  }
  const changes: Parameters<typeof updateAccount>[2] = {};
  if (existing.role !== 'admin') changes.role = 'admin';
  if (!(await verifyPassword(existing.passwordHash, password))) {
    changes.passwordHash = await hashPassword(password);
  }
  if (Object.keys(changes).length === 0) return { outcome: 'unchanged', email };
  await updateAccount(db, existing.id, changes);
  return { outcome: changes.role ? 'promoted' : 'updated', email };
}

/** Whether this email and password would sign in now (to tell the operator which demo sign-ins still work). */
export async function signsInWith(db: Db, email: string, password: string): Promise<boolean> {
  const account = await findAccountByEmail(db, email.trim().toLowerCase());
  return account !== null && (await verifyPassword(account.passwordHash, password));
}
