import { useMutation } from '@tanstack/react-query';
import { messages } from '@/web/admin/messages';
import type { BackupLinkAnswer } from '@/shared/schemas/backup';
import type { ErrorAnswer } from '@/shared/schemas/common';
import { api } from '@/web/lib/api';
import { checked, type MutationConfig } from '@/web/admin/call-helpers';

/** POST /api/admin/backup/link: a link the browser downloads the backup from, without the token header. */
export async function createBackupLink(): Promise<BackupLinkAnswer> {
  return checked(
    await api.post<BackupLinkAnswer | ErrorAnswer>('/admin/backup/link'),
    messages.admin.backupFailed,
  );
}

export function useCreateBackupLink({ onSuccess }: MutationConfig<BackupLinkAnswer> = {}) {
  return useMutation({ mutationFn: createBackupLink, onSuccess: (answer) => onSuccess?.(answer) });
}
