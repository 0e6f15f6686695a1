/**
 * `npm run admin:create -- --email owner@example.com --password Secret12 --name Owner`
 * Creates an admin, or promotes the account of that email and sets its password. Asks for whatever
 * is not given. With PGlite it refuses to run while the server holds the database: stop it first.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { AdminAccountSchema, ensureAdmin } from '../auth/service';
import { ConfigError, loadConfig } from '../config';
import { LockHeldError } from '../db/lock';
import { openConfiguredDatabase } from '../db/open';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** One reader for every question, so typed-ahead answers are not lost between them. */
function createPrompter() {
  let muted = false;
  // Echo the questions, but not what is typed after one whose answer is a password.
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  let readline: ReturnType<typeof createInterface> | undefined;
  return {
    async ask(question: string, options: { hidden?: boolean } = {}): Promise<string> {
      if (!process.stdin.isTTY) {
        fail(`${question.replace(/[\s(:].*$/, '')} is needed: pass it as an option (see --help).`);
      }
      readline ??= createInterface({ input: process.stdin, output, terminal: true });
      const answer = readline.question(question);
      muted = options.hidden === true;
      const text = await answer;
      if (muted) process.stdout.write('\n');
      muted = false;
      return text.trim();
    },
    close: () => readline?.close(),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log('Usage: npm run admin:create -- [--email EMAIL] [--password PASSWORD] [--name NAME]');
    console.log('Asks for what is missing. The rules are the sign-up rules: name 3-15 characters,');
    console.log('password 6-11 letters and digits with an uppercase letter and a digit.');
    return;
  }

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const prompter = createPrompter();
  const input = {
    email: values.email ?? (await prompter.ask('Email: ')),
    name: values.name ?? ((await prompter.ask(`Name (${config.ADMIN_NAME}): `)) || config.ADMIN_NAME),
    password: values.password ?? (await prompter.ask('Password: ', { hidden: true })),
  };
  prompter.close();
  // Check before opening the database, so a typo costs nothing.
  const parsed = AdminAccountSchema.safeParse(input);
  if (!parsed.success)
    fail(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));

  let opened;
  try {
    opened = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof LockHeldError) {
      fail(
        `${error.message}\nThe server is running on this database: stop it, run this again, then start it.`,
      );
    }
    throw error;
  }
  try {
    await opened.database.migrate();
    const { outcome, email } = await ensureAdmin(opened.database.db, input);
    const said = {
      created: 'created',
      promoted: 'promoted to admin, with the new password',
      updated: 'already an admin; password updated',
      unchanged: 'already an admin with this password',
    }[outcome];
    console.log(`Admin ${email}: ${said} (${opened.location}).`);
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
