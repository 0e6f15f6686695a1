import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Every child the harness starts, so an exit for any reason (failure, Ctrl+C) takes them along. */
const children = new Set<ChildProcess>();

function killAll(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
/** Work that must still happen when the run is interrupted: dropping a database, removing a directory. */
const cleanups = new Set<() => Promise<void>>();

/** Registers `cleanup` to run on Ctrl+C or SIGTERM; call the returned function once it has run normally. */
export function onInterrupt(cleanup: () => Promise<void>): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    console.error(`\n${signal}: servers stopped, cleaning up...`);
    const bounded = Promise.race([
      Promise.allSettled([...cleanups].map((cleanup) => cleanup())),
      new Promise((resolve) => setTimeout(resolve, 10_000)),
    ]);
    void bounded.then(() => process.exit(130));
  });
}

export interface ServerOptions {
  port: number;
  env: Record<string, string>;
  /** Node flags before the entry, e.g. `--cpu-prof --cpu-prof-dir=…`. */
  nodeFlags?: string[];
  /** Seeding 100,000 rows and opening PGlite take a while on a shared machine. */
  startTimeoutMs?: number;
}

export interface MemoryReading {
  /** Highest resident set seen by the sampler since the last `resetPeak()`, in MB. */
  peakRssMb: number;
  /** The kernel's high-water mark for the whole life of the process (VmHWM), in MB. */
  highWaterMb: number;
}

export interface ServerProcess {
  pid: number;
  baseUrl: string;
  resetPeak(): void;
  memory(): MemoryReading;
  stop(): Promise<void>;
}

function readStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      // Ready once it answers the listing from its memory, as a server that has run a while does: the
      // figures are about serving, not about the seconds its listing index takes to build at start.
      if (response.ok && ((await response.json()) as { listing?: string }).listing === 'memory') return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s:\n${log()}`);
}

/**
 * Runs `bench/prepare.ts` (seeding, bench shoppers) with `env` to its end, in a process of its own, so
 * the server's memory figures are about serving; prints its `bench:` lines.
 */
export async function prepareDatabase(env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/prepare.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  children.delete(child);
  for (const line of output.split('\n').filter((l) => l.startsWith('bench:'))) console.log(`  ${line}`);
  if (code !== 0) throw new Error(`bench/prepare.ts exited with ${code}:\n${output.slice(-4000)}`);
}

/**
 * The server's environment settings and Node arguments exactly as `npm run serve` (and so `npm start`)
 * gives them (`NAME=value … node …`: the allocator's arenas, the heap limit), so the figures are about
 * the process a shop runs.
 */
function serveCommand(): { env: Record<string, string>; args: string[] } {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const words = (manifest.scripts.serve ?? '').split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0]?.includes('=')) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  const [command, ...args] = words;
  if (command !== 'node') throw new Error(`package.json's serve script must run node, not ${command}`);
  return { env, args };
}

/**
 * Starts the real server (`dist/server/main.js`, as `npm run serve` does) on 127.0.0.1 and waits until it
 * answers, its listing from its memory.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const serve = serveCommand();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...serve.args], {
    env: { ...process.env, ...serve.env, ...options.env, HOST: '127.0.0.1', PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => children.delete(child)).catch(() => undefined);

  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process did not start');
  try {
    await waitForHealth(baseUrl, child, options.startTimeoutMs ?? 300_000, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  let peak = readStatusMb(pid, 'VmRSS');
  const sampler = setInterval(() => {
    peak = Math.max(peak, readStatusMb(pid, 'VmRSS'));
  }, 100);
  sampler.unref();

  return {
    pid,
    baseUrl,
    resetPeak: () => {
      peak = readStatusMb(pid, 'VmRSS');
    },
    memory: () => ({
      peakRssMb: Math.max(peak, readStatusMb(pid, 'VmRSS')),
      highWaterMb: readStatusMb(pid, 'VmHWM'),
    }),
    stop: async () => {
      clearInterval(sampler);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
