import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What the test server does with the next message: take it, or answer a temporary failure (451). */
export type SmtpBehaviour = 'accept' | 'reject';

export interface TestSmtpServer {
  port: number;
  url: string;
  /** Every message the server accepted, parsed, in order of arrival. */
  received: ParsedMail[];
  /** Messages refused with 451 so far. */
  rejected: number;
  behave(behaviour: SmtpBehaviour): void;
  /** Resolves once `count` messages in all have been accepted. */
  waitForMessages(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A port nothing listens on (yet): for a mail server that is down, started there later. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A real SMTP server on 127.0.0.1 (plain text, no authentication), as the shop's mail relay in tests. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const waiters: Array<{ count: number; resolve: (mails: ParsedMail[]) => void }> = [];
  let behaviour: SmtpBehaviour = 'accept';
  let rejected = 0;

  const server = new SMTPServer({
    authOptional: true,
    // nodemailer would upgrade to TLS and refuse the server's self-signed certificate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (behaviour === 'reject') {
            rejected += 1;
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          received.push(mail);
          callback();
          for (const waiter of waiters.filter((w) => received.length >= w.count)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve([...received]);
          }
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;

  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    get rejected() {
      return rejected;
    },
    behave: (next) => {
      behaviour = next;
    },
    waitForMessages: (count) =>
      received.length >= count
        ? Promise.resolve([...received])
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
