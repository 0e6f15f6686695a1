import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuthResult, SignupSchema } from '@/shared/schemas/auth';
import { api } from '@/web/lib/api';

/** POST /api/auth/signup: creates the account and answers its session, as signing in does. */
export function signUp(values: z.output<typeof SignupSchema>): Promise<AuthResult> {
  return api.post<AuthResult>('/auth/signup', { body: values });
}

/** The register form awaits it (`mutateAsync`) and words the failure itself. */
export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
