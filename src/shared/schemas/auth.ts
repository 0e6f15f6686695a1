import { z } from 'zod';
import { EMAIL_MAX_LENGTH, ROLES } from '../constants';
import { LANGUAGES } from '../language';
import { messages } from '../messages';
import { AnswerIdSchema, text } from './common';

const m = messages.auth;

// Letters and digits only, at least one uppercase letter and one digit, 6 to 11 long (SPEC §5).
const PASSWORD_PATTERN = /^(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{6,11}$/;
const PASSWORD_MAX = 11;
/** Sign-in takes any stored password (an admin's may predate the sign-up rule), up to a sane length. */
const SIGNIN_PASSWORD_MAX = 128;

/** A shop language a user chooses (issue 14). */
const LanguageChoiceSchema = z.enum(LANGUAGES, { error: m.languageRule });

const passwordsMatch = {
  check: (body: { password: string; confirmPassword: string }) => body.password === body.confirmPassword,
  params: { message: m.passwordsDoNotMatch, path: ['confirmPassword'] },
};

export const SignupSchema = z
  .object({
    name: text('name', { max: 15, error: m.nameRequired, tooLong: m.nameMax })
      .min(1, m.nameRequired)
      .min(3, m.nameMin),
    email: text('email', { max: EMAIL_MAX_LENGTH, error: m.emailRequired, tooLong: m.emailTooLong })
      .min(1, m.emailRequired)
      .pipe(z.email({ error: m.emailInvalid }))
      // Users type their email in any case; it is one account, so it is stored in lowercase.
      .transform((email) => email.toLowerCase()),
    password: text('password', {
      max: PASSWORD_MAX,
      trim: false,
      error: m.passwordRequired,
      tooLong: m.passwordRule,
    })
      .min(1, m.passwordRequired)
      .regex(PASSWORD_PATTERN, m.passwordRule),
    // Longer than any valid password, it cannot match one.
    confirmPassword: text('confirmPassword', {
      max: PASSWORD_MAX,
      trim: false,
      error: m.confirmRequired,
      tooLong: m.passwordsDoNotMatch,
    }).min(1, m.confirmRequired),
    /** The language the new account chooses; without it, none is chosen yet. */
    language: LanguageChoiceSchema.optional(),
  })
  .refine(passwordsMatch.check, passwordsMatch.params);

export const SigninSchema = z.object({
  email: text('email', {
    max: EMAIL_MAX_LENGTH,
    error: m.signinEmailRequired,
    tooLong: m.signinEmailInvalid,
  })
    .min(1, m.signinEmailRequired)
    .pipe(z.email({ error: m.signinEmailInvalid }))
    .transform((email) => email.toLowerCase()),
  password: text('password', { max: SIGNIN_PASSWORD_MAX, trim: false, error: m.passwordRequired }).min(
    1,
    m.passwordRequired,
  ),
});

/** `POST /auth/signup` and `POST /auth/signin` (DESIGN §2): the session token and who it is for. */
export const AuthResultSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    results: z.object({ token: z.string() }),
    role: z.enum(ROLES),
    username: z.string(),
    email: z.string(),
    /** The language the account chose (issue 14); null until it chooses one. */
    language: z.enum(LANGUAGES).nullable(),
  })
  .describe('Signed in: the token to send in the `token` header');
export type AuthResult = z.infer<typeof AuthResultSchema>;

/** `POST /api/auth/forgot`: the address is read as sign-in reads it. */
export const ForgotPasswordSchema = z.object({ email: SigninSchema.shape.email });

/** The reset form's fields: a new password under the sign-up rules (SPEC §5), typed twice. */
export const NewPasswordSchema = z
  .object({
    password: SignupSchema.shape.password,
    confirmPassword: SignupSchema.shape.confirmPassword,
  })
  .refine(passwordsMatch.check, passwordsMatch.params);

/** `POST /api/auth/reset`: the link's token with the new password. */
export const ResetPasswordSchema = z
  .object({
    token: text('token', { max: 200, error: m.resetLinkInvalid }).min(1, m.resetLinkInvalid),
    password: SignupSchema.shape.password,
    confirmPassword: SignupSchema.shape.confirmPassword,
  })
  .refine(passwordsMatch.check, passwordsMatch.params);

/** The signed-in account as `GET`/`PATCH /api/auth/me` answer it (issue 14). */
export const AccountSchema = z.object({
  _id: AnswerIdSchema,
  id: AnswerIdSchema,
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** The language the account chose; null until it chooses one (the shop then follows the browser). */
  language: z.enum(LANGUAGES).nullable(),
});
export type Account = z.infer<typeof AccountSchema>;

export const AccountAnswerSchema = z.object({ success: z.literal(true), user: AccountSchema });

/** `PATCH /api/auth/me`: the settings a user may change; a field left out stays as it is, null clears it. */
export const AccountSettingsSchema = z.object({
  language: LanguageChoiceSchema.nullable().optional(),
});

export const AccountSavedAnswerSchema = AccountAnswerSchema.extend({ message: z.string() });
