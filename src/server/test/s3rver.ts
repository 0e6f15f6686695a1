import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createS3Store, type S3StoreOptions } from '../storage/s3';
import type { ObjectStore } from '../storage/types';

/** s3rver accepts any signature; these are the credentials it documents. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface RunningS3rver {
  /** `http://127.0.0.1:<port>`: the S3_ENDPOINT to give the shop. */
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point the shop at this server's bucket. */
  env: Record<string, string>;
  /** A store on the bucket, built from the same options the shop builds from its S3_* variables. */
  store(options?: Partial<S3StoreOptions>): ObjectStore;
  /** Whether the bucket holds `key`, asked of the server's own files. */
  holds(key: string): Promise<boolean>;
  /** Makes `key` look written at `when`: S3 sets last-modified itself, s3rver from its file's mtime. */
  backdate(key: string, when: Date): Promise<void>;
  close(): Promise<void>;
}

const SERVER_SCRIPT = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));

/** Starts the server process and answers it with the port it listens on, once it listens. */
async function spawnS3rver(directory: string, bucket: string) {
  // Its own process, as a real S3 is, and the only one given OpenSSL's legacy provider (see the script).
  const child = spawn(process.execPath, ['--openssl-legacy-provider', SERVER_SCRIPT, directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const ready = (async () => {
    for await (const line of lines) return (JSON.parse(line) as { port: number }).port;
    throw new Error('s3rver exited before it listened');
  })();
  const port = await Promise.race([
    ready,
    exited.then(([code]) => {
      throw new Error(`s3rver exited with code ${String(code)} before it listened`);
    }),
  ]);
  lines.close();
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A real S3-protocol server (s3rver) on a free port of 127.0.0.1, keeping its bucket in a temporary
 * directory that `close` removes with the server.
 */
export async function startS3rver(bucket = 'nour'): Promise<RunningS3rver> {
  const directory = await mkdtemp(join(tmpdir(), 'nour-s3rver-'));
  const { port, stop } = await spawnS3rver(directory, bucket);
  const endpoint = `http://127.0.0.1:${port}`;
  const options: S3StoreOptions = {
    bucket,
    region: 'us-east-1',
    endpoint,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
  };
  // s3rver keeps each object as `<bucket>/<key>._S3rver_object` under its directory.
  const objectFile = (key: string) => join(directory, bucket, `${key}._S3rver_object`);

  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: options.region,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    store: (overrides = {}) => createS3Store({ ...options, ...overrides }),
    holds: (key) =>
      stat(objectFile(key)).then(
        () => true,
        () => false,
      ),
    backdate: (key, when) => utimes(objectFile(key), when, when),
    close: async () => {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
