import { Download } from 'lucide-react';
import { messages } from '@/web/admin/messages';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { useCreateBackupLink } from './api/create-backup-link';

const m = messages.admin;

/**
 * 'Download backup' (issue 17): the whole shop as one .tar.gz. The session token travels in a header a
 * plain download cannot send, so the button first asks for a link valid for a minute, then lets the
 * browser download it as any file: streamed to disk, however large the shop.
 */
export function DownloadBackupButton() {
  const link = useCreateBackupLink({
    onSuccess: ({ url }) => {
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = '';
      anchor.click();
      notify.success(m.backupStarting);
    },
  });
  return (
    <button
      type="button"
      className="btn btn-outline"
      disabled={link.isPending}
      onClick={() =>
        link.mutate(undefined, { onError: (error) => notify.error(failureText(error, m.backupFailed)) })
      }
    >
      <Download className="size-4" aria-hidden="true" />
      {m.downloadBackup}
    </button>
  );
}
