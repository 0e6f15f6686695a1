import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuthResult, SigninSchema } from '@/shared/schemas/auth';
import { api } from '@/web/lib/api';

/** POST /api/auth/signin: the session's token and role for a known address and password. */
export function signIn(values: z.output<typeof SigninSchema>): Promise<AuthResult> {
  return api.post<AuthResult>('/auth/signin', { body: values });
}

/** The login form awaits it (`mutateAsync`) and words the failure itself. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
