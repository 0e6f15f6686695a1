import { z } from 'zod';
import { messages } from '../messages';

const m = messages.auth;

// Letters and digits only, at least one uppercase letter and one digit, 6 to 11 long (SPEC §5).
const PASSWORD_PATTERN = /^(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{6,11}$/;

export const SignupSchema = z
  .object({
    name: z
      .string({ error: m.nameRequired })
      .trim()
      .min(1, m.nameRequired)
      .min(3, m.nameMin)
      .max(15, m.nameMax),
    email: z
      .string({ error: m.emailRequired })
      .trim()
      .min(1, m.emailRequired)
      .pipe(z.email({ error: m.emailInvalid }))
      // Users type their email in any case; it is one account, so it is stored in lowercase.
      .transform((email) => email.toLowerCase()),
    password: z
      .string({ error: m.passwordRequired })
      .min(1, m.passwordRequired)
      .regex(PASSWORD_PATTERN, m.passwordRule),
    confirmPassword: z.string({ error: m.confirmRequired }).min(1, m.confirmRequired),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: m.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignupInput = z.input<typeof SignupSchema>;

export const SigninSchema = z.object({
  email: z
    .string({ error: m.signinEmailRequired })
    .trim()
    .min(1, m.signinEmailRequired)
    .pipe(z.email({ error: m.signinEmailInvalid }))
    .transform((email) => email.toLowerCase()),
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired),
});
export type SigninInput = z.input<typeof SigninSchema>;

export const AuthResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  results: z.object({ token: z.string() }),
  role: z.enum(['user', 'admin']),
  username: z.string(),
  email: z.string(),
});
export type AuthResult = z.infer<typeof AuthResultSchema>;
