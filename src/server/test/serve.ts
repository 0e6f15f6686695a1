import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface ServerRun {
  child: ChildProcess;
  output: () => string;
  /** What it wrote to stderr alone. */
  errors: () => string;
  exited: Promise<number | null>;
}

/** The server from its TypeScript source, as `npm run dev` runs it. */
const FROM_SOURCE = ['--import', 'tsx', 'src/server/main.ts'];

/**
 * The server as a person runs it, in a child process, on a free port: from its source, or with `args`
 * (e.g. a compiled `main.js`) from `cwd`.
 */
export function serve(
  env: Record<string, string>,
  options: { args?: string[]; cwd?: string } = {},
): ServerRun {
  let output = '';
  let errors = '';
  const child = spawn(process.execPath, options.args ?? FROM_SOURCE, {
    cwd: options.cwd ?? root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/tmp/nour-test-no-web-build',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, errors: () => errors, exited };
}

/** What the server printed matching `pattern`, waiting for it; throws with the whole output if it never does. */
export async function waitForOutput(
  run: ServerRun,
  pattern: RegExp,
  timeoutMs = 60_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = run.output().match(pattern);
    if (match) return match;
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never printed ${pattern}:\n${run.output()}`);
}

/** Starts the server and answers its address once it says it runs there. */
export async function serveAndWait(env: Record<string, string>): Promise<{ run: ServerRun; url: string }> {
  const run = serve({ SHOP_NAME: 'Test Shop', ...env });
  const url = (await waitForOutput(run, /Test Shop is running at (http:\/\/\S+)/))[1]!;
  return { run, url };
}
