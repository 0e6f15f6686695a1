import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ForgotPasswordSchema } from '@/shared/schemas/auth';
import type { DoneAnswer } from '@/shared/schemas/common';
import { api } from '@/web/lib/api';

/** POST /api/auth/forgot: mails a reset link; the answer is the same whether or not the address has an account. */
export function requestPasswordReset(values: z.output<typeof ForgotPasswordSchema>): Promise<DoneAnswer> {
  return api.post<DoneAnswer>('/auth/forgot', { body: values });
}

/** The forgot-password form awaits it (`mutateAsync`) and words the failure itself. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
