import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The journeys' server has no SMTP_URL, so its mail worker writes each message as an `.eml` file under
 * `DATA_DIR/outbox` (the API tests cover delivery through a real SMTP server). This waits for the
 * message to `recipient` that `wanted` picks, as a mail program would show it.
 */
export async function mailTo(recipient: string, wanted: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const names = await readdir(outbox).catch(() => [] as string[]);
        for (const name of names.filter((n) => n.endsWith('.eml'))) {
          const mail = await simpleParser(await readFile(join(outbox, name)));
          const to = [mail.to ?? []].flat().flatMap((address) => address.value.map((v) => v.address));
          if (to.includes(recipient) && wanted(mail)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail to ${recipient}`, timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}
