import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { SIGNIN_REDIRECT_DELAY_MS } from '@/shared/constants';
import { messages } from '@/web/i18n/messages';
import type { AuthResult } from '@/shared/schemas/auth';
import { SigninSchema } from '@/shared/schemas/auth';
import { FormField } from '@/web/components/form-field';
import { useDocumentTitle } from '@/web/lib/shop';
import { redirectTargetOf } from '@/web/session/login-redirect';
import { isAdminRole, useSession } from '@/web/session/session';
import { useSignIn } from './api/sign-in';
import { AuthLayout } from './auth-layout';
import { completeSignIn } from './complete-sign-in';
import { href } from '@/web/paths';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { followAccountLanguage } from '@/web/i18n/language-choice';
import { openPage } from '@/web/lib/reload-page';

const m = messages.auth;

function SecurityTips() {
  return (
    <section aria-labelledby="security-tips-title">
      <h2 id="security-tips-title" className="eyebrow text-accent-soft">
        {m.securityTipsTitle}
      </h2>
      <ul className="mt-5 space-y-4">
        {m.securityTips.map((tip) => (
          <li key={tip} className="flex gap-3 text-sm leading-relaxed text-canvas/80">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-accent-soft" aria-hidden="true" />
            {tip}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function LoginPage() {
  useDocumentTitle(m.welcomeBack);
  const { isSignedIn, isAdmin } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signInRequest = useSignIn();
  const [showPassword, setShowPassword] = useState(false);
  // Set once this page signs someone in, so its own redirect (to the remembered page) is the one taken.
  const signingIn = useRef(false);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof SigninSchema>, unknown, z.output<typeof SigninSchema>>({
    resolver: zodResolver(SigninSchema),
    defaultValues: { email: '', password: '' },
  });

  if (isSignedIn && !signingIn.current) {
    return <Navigate to={isAdmin ? href.adminDashboard() : href.home()} replace />;
  }

  const onSubmit = handleSubmit(async (values) => {
    let answer: AuthResult | undefined;
    try {
      answer = await signInRequest.mutateAsync(values);
    } catch (error) {
      notify.error(failureText(error, m.loginFailed, m.loginFailed));
      return;
    }
    signingIn.current = true;
    if (!(await completeSignIn(answer, values.email, queryClient))) {
      signingIn.current = false;
      notify.error(m.noTokenReceived);
      return;
    }
    const target = redirectTargetOf(location.state, { admin: isAdminRole(answer?.role ?? 'user') });
    // The language saved on the account wins: the page loads again in it, at the page it was going to.
    if (followAccountLanguage(answer?.language)) {
      openPage(target);
      return;
    }
    notify.success(answer?.message ?? m.signinSuccess);
    setTimeout(() => navigate(target, { replace: true }), SIGNIN_REDIRECT_DELAY_MS);
  });

  return (
    <AuthLayout title={m.welcomeBack} subtitle={m.signinSubtitle} aside={<SecurityTips />}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <FormField
          id="signin-email"
          label={m.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormField
          id="signin-password"
          label={m.password}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          error={errors.password?.message}
          trailing={
            <button
              type="button"
              aria-label={showPassword ? m.hidePassword : m.showPassword}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((value) => !value)}
              className="inline-flex size-8 items-center justify-center rounded-pill text-muted transition hover:bg-sand hover:text-ink"
            >
              {showPassword ? (
                <EyeOff className="size-4" aria-hidden="true" />
              ) : (
                <Eye className="size-4" aria-hidden="true" />
              )}
            </button>
          }
          {...register('password')}
        />
        <p className="-mt-2 text-end text-sm">
          <Link
            to={href.forgotPassword()}
            className="font-medium text-accent-strong underline-offset-4 hover:underline"
          >
            {m.forgotLink}
          </Link>
        </p>
        <button type="submit" disabled={isSubmitting} className="btn btn-primary w-full py-3">
          {isSubmitting ? m.signingIn : m.signinSubmit}
        </button>
      </form>
      <p className="mt-8 text-center text-sm text-muted">
        {m.noAccount}{' '}
        <Link
          to={href.register()}
          className="font-medium text-accent-strong underline-offset-4 hover:underline"
        >
          {m.createAccount}
        </Link>
      </p>
      <div className="mt-10 rounded-card bg-sand p-5 md:hidden">
        <h2 className="eyebrow">{m.securityTipsTitle}</h2>
        <ul className="mt-3 space-y-2">
          {m.securityTips.map((tip) => (
            <li key={tip} className="flex gap-2 text-sm text-ink-soft">
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
              {tip}
            </li>
          ))}
        </ul>
      </div>
    </AuthLayout>
  );
}
