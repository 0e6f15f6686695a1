import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { messages } from '@/web/i18n/messages';
import { NewPasswordSchema } from '@/shared/schemas/auth';
import { FormField } from '@/web/components/form-field';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { useDocumentTitle } from '@/web/lib/shop';
import { href } from '@/web/paths';
import { useResetPassword } from './api/reset-password';
import { AuthLayout } from './auth-layout';

const m = messages.auth;

function AskAgain() {
  return (
    <Link
      to={href.forgotPassword()}
      className="font-medium text-accent-strong underline-offset-4 hover:underline"
    >
      {m.askNewLink}
    </Link>
  );
}

/**
 * /reset-password?token=…, the page a reset e-mail links to: a new password typed twice, under the
 * sign-up rules. Once it is set, every earlier session is over, so the shopper is sent to log in.
 */
export default function ResetPasswordPage() {
  useDocumentTitle(m.resetTitle);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof NewPasswordSchema>, unknown, z.output<typeof NewPasswordSchema>>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await resetPassword.mutateAsync({ token, ...values });
      notify.success(answer.message || m.passwordChanged);
      navigate(href.login(), { replace: true });
    } catch (error) {
      notify.error(failureText(error, messages.errors.internal));
    }
  });

  const aside = <p className="text-lg leading-relaxed text-canvas/80">{m.passwordAside}</p>;
  if (!token) {
    return (
      <AuthLayout title={m.resetTitle} subtitle={m.resetSubtitle} aside={aside}>
        <p role="alert" className="rounded-card bg-sand p-5 text-sm text-ink-soft">
          {m.resetLinkInvalid}
        </p>
        <p className="mt-8 text-center text-sm">
          <AskAgain />
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={m.resetTitle} subtitle={m.resetSubtitle} aside={aside}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <FormField
          id="reset-password"
          label={m.newPassword}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <FormField
          id="reset-confirm-password"
          label={m.repeatNewPassword}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <button type="submit" disabled={isSubmitting} className="btn btn-primary w-full py-3">
          {isSubmitting ? m.resettingPassword : m.resetSubmit}
        </button>
      </form>
      <p className="mt-8 text-center text-sm text-muted">
        <AskAgain />
      </p>
    </AuthLayout>
  );
}
