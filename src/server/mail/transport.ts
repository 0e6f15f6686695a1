import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ClaimedMail } from './outbox';

/** Where the worker hands a message; resolves once it is accepted (by the SMTP server, or on disk). */
export interface MailTransport {
  send(message: ClaimedMail): Promise<void>;
  close(): void;
}

/**
 * The Message-ID is the outbox row's: should a crash after the server's acceptance make the worker send a
 * row again, the two copies carry one id, which mail systems use to drop the second.
 */
function envelope(from: string, domain: string, message: ClaimedMail) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<${message.id}@${domain}>`,
    date: message.createdAt,
  };
}

/** The part after @ of an address like `Nour <shop@nour.example>`, for Message-IDs. */
export function senderDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** Timeouts well under the worker's lease, so a send that hangs fails before another worker may take the row. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter: Transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  const domain = senderDomain(from);
  return {
    send: async (message) => {
      await transporter.sendMail(envelope(from, domain, message));
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP_URL: each message as an `.eml` file (open it in any mail program), named by the row, so
 * writing one twice leaves one file. Written beside and renamed, so a crash leaves no half message.
 */
export function fileTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const domain = senderDomain(from);
  return {
    send: async (message) => {
      const info = await transporter.sendMail(envelope(from, domain, message));
      await mkdir(dir, { recursive: true });
      const name = `${message.createdAt.toISOString().replaceAll(':', '-')}-${message.id}.eml`;
      const partial = join(dir, `.${name}.partial`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, join(dir, name));
    },
    close: () => transporter.close(),
  };
}
