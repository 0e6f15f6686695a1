import { MAX_IMAGE_BYTES } from '@/shared/constants';
import { messages } from '@/web/i18n/messages';

const m = messages.orders;

/** SPEC §5's checks of a chosen proof, before upload; the server checks the content again. */
export function proofProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return m.imageFileRule;
  if (file.size > MAX_IMAGE_BYTES) return m.fileSizeRule;
  return null;
}
