import { language } from '@/web/i18n/language';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { messages } from '@/web/i18n/messages';
import type { AuthResult } from '@/shared/schemas/auth';
import { SignupSchema } from '@/shared/schemas/auth';
import { FormField } from '@/web/components/form-field';
import { failureText } from '@/web/lib/failure-text';
import { useDocumentTitle } from '@/web/lib/shop';
import { useSession } from '@/web/session/session';
import { useSignUp } from './api/sign-up';
import { AuthLayout } from './auth-layout';
import { completeSignIn } from './complete-sign-in';
import { href } from '@/web/paths';
import { notify } from '@/web/lib/notify';

const m = messages.auth;

function Welcome() {
  return (
    <div>
      <p className="font-display text-2xl leading-snug text-canvas">{m.registerAsideHeadline}</p>
      <ul className="mt-8 space-y-3 text-sm text-canvas/80">
        {m.registerPerks.map((perk) => (
          <li key={perk} className="flex items-start gap-3">
            <Check className="mt-0.5 size-4 shrink-0 text-accent-soft" aria-hidden="true" />
            {perk}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function RegisterPage() {
  useDocumentTitle(m.registerTitle);
  const { isSignedIn } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signUp = useSignUp();
  const registering = useRef(false);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof SignupSchema>, unknown, z.output<typeof SignupSchema>>({
    resolver: zodResolver(SignupSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  if (isSignedIn && !registering.current) return <Navigate to={href.home()} replace />;

  const onSubmit = handleSubmit(async (values) => {
    let answer: AuthResult | undefined;
    try {
      // The new account keeps the language it was made in.
      answer = await signUp.mutateAsync({ ...values, language });
    } catch (error) {
      // SPEC §8: sign-up failure shows the server's message.
      notify.error(failureText(error, messages.errors.internal));
      return;
    }
    registering.current = true;
    if (!(await completeSignIn(answer, values.email, queryClient))) {
      registering.current = false;
      notify.error(m.noTokenReceived);
      return;
    }
    notify.success(answer?.message ?? m.signupSuccess);
    navigate(href.home(), { replace: true });
  });

  return (
    <AuthLayout title={m.registerTitle} subtitle={m.registerSubtitle} aside={<Welcome />}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <FormField
          id="signup-name"
          label={m.userName}
          autoComplete="username"
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          id="signup-email"
          label={m.yourEmail}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            id="signup-password"
            label={m.yourPassword}
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <FormField
            id="signup-confirm"
            label={m.repeatPassword}
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </div>
        <button type="submit" disabled={isSubmitting} className="btn btn-primary w-full py-3">
          {isSubmitting ? m.registering : m.registerSubmit}
        </button>
      </form>
      <p className="mt-8 text-center text-sm text-muted">
        {m.haveAccount}{' '}
        <Link to={href.login()} className="font-medium text-accent-strong underline-offset-4 hover:underline">
          {messages.layout.login}
        </Link>
      </p>
    </AuthLayout>
  );
}
