import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NewPasswordSchema } from '@/shared/schemas/auth';
import type { DoneAnswer } from '@/shared/schemas/common';
import { api } from '@/web/lib/api';

export type ResetPasswordRequest = z.output<typeof NewPasswordSchema> & { token: string };

/** POST /api/auth/reset: sets the new password for the e-mailed token. */
export function resetPassword(request: ResetPasswordRequest): Promise<DoneAnswer> {
  return api.post<DoneAnswer>('/auth/reset', { body: request });
}

/** The reset form awaits it (`mutateAsync`) and words the failure itself. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
