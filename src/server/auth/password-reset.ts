import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES } from '@/shared/constants';
import { DEFAULT_LANGUAGE, type Language } from '@/shared/language';
import { messages } from '@/shared/messages';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { Mailer } from '../mail/mailer';
import { hashPassword } from './passwords';
import {
  applyPasswordReset,
  findAccountByEmail,
  insertPasswordReset,
  isPasswordResetUsable,
} from './queries';

export interface PasswordResetDeps {
  db: Db;
  mail: Pick<Mailer, 'passwordReset' | 'committed'>;
}

/** Only this is stored: whoever reads the table cannot use a link from it. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Mails a link to choose a new password when the address has an account, and does nothing otherwise:
 * the caller answers the same either way, so nobody learns which addresses have accounts. The link
 * and its e-mail are written in one transaction.
 */
/**
 * `askedLanguage` is the shop language the request's `Accept-Language` named: the e-mail is in it, else
 * in the account's saved language, else in English (plugins/language.ts's rule).
 */
export async function requestPasswordReset(
  { db, mail }: PasswordResetDeps,
  email: string,
  askedLanguage: Language | null,
): Promise<void> {
  const account = await findAccountByEmail(db, email);
  if (!account) return;
  const language = askedLanguage ?? account.language ?? DEFAULT_LANGUAGE;
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await insertPasswordReset(tx, {
      tokenHash: hashToken(token),
      userId: account.id,
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    });
    await mail.passwordReset(tx, { email: account.email, name: account.username }, token, language);
  });
  mail.committed();
}

/** Sets the new password through a link that is unused and not expired; every earlier session ends. */
export async function resetPassword(
  { db }: Pick<PasswordResetDeps, 'db'>,
  input: { token: string; password: string },
): Promise<void> {
  const tokenHash = hashToken(input.token);
  // Checked before the (deliberately slow) hashing, so a wrong token costs the server nothing.
  if (!(await isPasswordResetUsable(db, tokenHash))) {
    throw new AppError('BAD_REQUEST', messages.auth.resetLinkInvalid);
  }
  const passwordHash = await hashPassword(input.password);
  const applied = await db.transaction((tx) => applyPasswordReset(tx, tokenHash, passwordHash));
  if (!applied) throw new AppError('BAD_REQUEST', messages.auth.resetLinkInvalid);
}
