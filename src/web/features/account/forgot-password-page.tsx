import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { messages } from '@/web/i18n/messages';
import { ForgotPasswordSchema } from '@/shared/schemas/auth';
import { FormField } from '@/web/components/form-field';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { useDocumentTitle } from '@/web/lib/shop';
import { href } from '@/web/paths';
import { useRequestPasswordReset } from './api/request-password-reset';
import { AuthLayout } from './auth-layout';

const m = messages.auth;

function BackToLogin() {
  return (
    <p className="mt-8 text-center text-sm text-muted">
      <Link to={href.login()} className="font-medium text-accent-strong underline-offset-4 hover:underline">
        {m.backToLogin}
      </Link>
    </p>
  );
}

/**
 * /forgot-password: asks for the account's address and mails it a reset link. The answer is the same
 * whether or not the address has an account, so the page only ever says that a link may be on its way.
 */
export default function ForgotPasswordPage() {
  useDocumentTitle(m.forgotTitle);
  const [sent, setSent] = useState<string | null>(null);
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ForgotPasswordSchema>, unknown, z.output<typeof ForgotPasswordSchema>>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await requestReset.mutateAsync(values);
      setSent(answer.message || m.resetLinkSent);
    } catch (error) {
      notify.error(failureText(error, messages.errors.internal));
    }
  });

  return (
    <AuthLayout
      title={m.forgotTitle}
      subtitle={m.forgotSubtitle}
      aside={<p className="text-lg leading-relaxed text-canvas/80">{m.passwordAside}</p>}
    >
      {sent ? (
        <div role="status" className="flex gap-3 rounded-card bg-sand p-5 text-sm text-ink-soft">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
          <p>{sent}</p>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <FormField
            id="forgot-email"
            label={m.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <button type="submit" disabled={isSubmitting} className="btn btn-primary w-full py-3">
            {isSubmitting ? m.sendingResetLink : m.forgotSubmit}
          </button>
        </form>
      )}
      <BackToLogin />
    </AuthLayout>
  );
}
