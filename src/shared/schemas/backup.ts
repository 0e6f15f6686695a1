import { z } from 'zod';
import { text } from './common';

/** The life of a backup download link: long enough to start the download, too short to pass around. */
export const BACKUP_LINK_TTL_SECONDS = 60;

/** GET /api/admin/backup: either an admin's token, or both of these from a link made for the download. */
export const BackupQuerySchema = z.object({
  expires: text('expires', { max: 20, trim: false }).optional(),
  signature: text('signature', { max: 200, trim: false }).optional(),
  /** Which link this is: two asked for in the same second are still two links, each used once. */
  link: text('link', { max: 64, trim: false }).optional(),
});

/** POST /api/admin/backup/link */
export const BackupLinkAnswerSchema = z
  .object({
    success: z.literal(true),
    /** GET it without a token (a plain browser download) within BACKUP_LINK_TTL_SECONDS. */
    url: z.string(),
  })
  .describe('A link that downloads the backup without a token, valid for a minute');
export type BackupLinkAnswer = z.infer<typeof BackupLinkAnswerSchema>;
