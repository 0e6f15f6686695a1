import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_SUB_IMAGES } from '@/shared/constants';
import { AdminAccountSchema } from '../auth/service';
import { loadConfig } from '../config';
import { configVariables } from '../test/config-variables';

/**
 * The deploy guide (README, 'Deploy') and its examples under deploy/ are copied by owners onto real
 * machines, where a wrong port, script or variable shows only once the shop is down: each is checked
 * against the code here, and against nginx, Caddy and systemd themselves where they are installed.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const run = promisify(execFile);

/** From `heading` to the next heading of its level. */
function markdownSection(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`README.md has no '${heading}'`);
  const body = markdown.slice(start + heading.length + 2);
  const end = body.search(/^## /m);
  return end === -1 ? body : body.slice(0, end);
}

/** `KEY=value` lines as systemd's EnvironmentFile reads them: comments skipped, one pair of quotes removed. */
function envFile(text: string): Record<string, string> {
  const pairs = text
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map((match) => [match[1]!, match[2]!.replace(/^"(.*)"$/, '$1')]);
  return Object.fromEntries(pairs);
}

/** A systemd unit's settings; a key given several times (Environment=) keeps every value. */
function unitSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) settings.set(match[1]!, [...(settings.get(match[1]!) ?? []), match[2]!]);
  }
  return settings;
}

/** Lines that are not comments: a comment may name what the configuration must not do. */
const directives = (text: string) =>
  text
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');

const guide = markdownSection(read('README.md'), '## Deploy');
const codeBlocks = [...guide.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
  language: match[1]!,
  body: match[2]!,
}));
const unit = unitSettings(read('deploy/nour.service'));
const unitValue = (key: string) => {
  const values = unit.get(key);
  if (values?.length !== 1) throw new Error(`deploy/nour.service: ${key}= must be given once`);
  return values[0]!;
};
const unitEnvironment = envFile((unit.get('Environment') ?? []).join('\n'));
const caddyfile = directives(read('deploy/Caddyfile'));
const nginx = directives(read('deploy/nginx.conf'));
const compose = read('compose.yaml');
const dockerfile = read('Dockerfile');

/** `npm run serve`: `NAME=value … node <args>`, which every way of running the shop repeats. */
const serve = (() => {
  const manifest = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  const words = manifest.scripts.serve!.split(/\s+/);
  const env = envFile(words.filter((word) => /^[A-Z][A-Z0-9_]*=/.test(word)).join('\n'));
  const node = words.findIndex((word) => word === 'node');
  return { env, args: words.slice(node + 1) };
})();

/** Upper-case names the guide and the examples use that are not the shop's settings, and where each belongs. */
const OTHER_NAMES: Record<string, { file: string; because: string }> = {
  POSTGRES_PASSWORD: { file: 'compose.yaml', because: "the PostgreSQL image's setting" },
  MALLOC_ARENA_MAX: { file: 'package.json', because: "glibc's setting, given by npm run serve" },
  HEALTHCHECK: { file: 'Dockerfile', because: 'a Dockerfile instruction' },
};

const onPath = (command: string) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, command)));

describe('the deploy guide', () => {
  it('names only settings the server reads (or says whose they are)', () => {
    const settings = new Set(configVariables());
    const named = new Set([
      ...[...guide.matchAll(/`([A-Z][A-Z0-9_]{2,})(=[^`]*)?`/g)].map((match) => match[1]!),
      ...codeBlocks.flatMap((block) =>
        [...block.body.matchAll(/\b([A-Z][A-Z0-9_]{2,})=/g)].map((match) => match[1]!),
      ),
      ...Object.keys(unitEnvironment),
      // The shop's own service in compose.yaml: its environment's keys.
      ...[...compose.slice(compose.indexOf('\n  shop:')).matchAll(/^ {6}([A-Z][A-Z0-9_]*):/gm)].map(
        (match) => match[1]!,
      ),
    ]);
    expect(named.size).toBeGreaterThan(20);
    const unknown = [...named].filter((name) => !settings.has(name) && !(name in OTHER_NAMES));
    expect(unknown).toEqual([]);
    for (const [name, { file }] of Object.entries(OTHER_NAMES)) {
      expect(named.has(name), `${name} is no longer used: drop it from OTHER_NAMES`).toBe(true);
      expect(read(file), `${name} belongs to ${file}`).toContain(name);
    }
  });

  it('gives an environment file the server starts with, and admin passwords it accepts', () => {
    const examples = codeBlocks.filter((block) => block.language === 'ini');
    expect(examples).toHaveLength(1);
    const settings = envFile(examples[0]!.body);
    expect(Object.keys(settings)).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'JWT_SECRET', 'REDIS_URL']),
    );
    // The unit's defaults, then the file over them, as systemd gives them.
    const config = loadConfig({ ...unitEnvironment, ...settings });
    expect(config.TRUST_PROXY).toBe(true);

    const passwords = [...guide.matchAll(/ADMIN_PASSWORD=(\S+)/g)].map((match) => match[1]!);
    expect(passwords.length).toBeGreaterThan(0);
    for (const password of passwords) {
      const owner = { name: 'Owner', email: 'owner@example.com', password };
      expect(AdminAccountSchema.safeParse(owner).success, `ADMIN_PASSWORD=${password}`).toBe(true);
    }
  });
});

describe('deploy/nour.service', () => {
  it('runs what npm run serve runs, as the image does', () => {
    const [node, ...args] = unitValue('ExecStart').split(/\s+/);
    expect(node).toMatch(/\/node$/);
    expect(args).toEqual(serve.args);
    const script = args.at(-1)!;
    // scripts/build-server.mjs writes the server's entry `main` into dist/server.
    expect(script).toBe('dist/server/main.js');
    expect(read('scripts/build-server.mjs')).toContain("main: 'src/server/main.ts'");
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
    expect(JSON.parse(cmd![1]!)).toEqual(['node', ...serve.args]);
    for (const [name, value] of Object.entries(serve.env)) {
      expect(unitEnvironment[name]).toBe(value);
      expect(dockerfile).toContain(`${name}=${value}`);
    }
  });

  it('serves as a user of its own, on this machine only, every core on PostgreSQL, behind the proxy', () => {
    expect(unitValue('User')).not.toBe('root');
    expect(unitValue('EnvironmentFile')).toMatch(/^\/etc\//);
    expect(unitEnvironment).toMatchObject({
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: 'auto',
      TRUST_PROXY: 'true',
    });
    const config = loadConfig(unitEnvironment);
    // StateDirectory= makes /var/lib/<name> for the service's user: the one writable folder.
    expect(config.DATA_DIR).toBe(`/var/lib/${unitValue('StateDirectory')}`);
    expect(unitValue('ProtectSystem')).toBe('strict');
  });

  it('restarts on failure and lets the shop finish its requests when stopped', () => {
    expect(unitValue('Restart')).toBe('on-failure');
    // SIGTERM to the primary alone, which stops its workers in order; then anything left is killed.
    expect(unitValue('KillMode')).toBe('mixed');
    expect(unitValue('KillSignal')).toBe('SIGTERM');
    // The server's own deadlines: 10 s for a process's open requests, 5 s more for the primary.
    expect(Number(unitValue('TimeoutStopSec'))).toBeGreaterThan(15);
  });

  it.skipIf(!onPath('systemd-analyze'))('passes systemd-analyze verify', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nour-unit-'));
    try {
      // This machine's node, wherever it is: verify checks that the command exists.
      const text = read('deploy/nour.service').replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`);
      await writeFile(join(dir, 'nour.service'), text);
      const { stdout, stderr } = await run('systemd-analyze', ['verify', join(dir, 'nour.service')]);
      expect(stdout + stderr).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the TLS proxies', () => {
  const port = loadConfig({}).PORT;

  it('reach the shop where the unit and the defaults make it listen', () => {
    expect(Number(unitEnvironment.PORT)).toBe(port);
    expect(caddyfile).toMatch(new RegExp(`^\\s*reverse_proxy ${unitEnvironment.HOST}:${port}$`, 'm'));
    expect(nginx).toMatch(new RegExp(`^\\s*server ${unitEnvironment.HOST}:${port};$`, 'm'));
    expect(compose).toContain(`'127.0.0.1:${port}:${port}'`);
  });

  it('take the largest form the shop does: a product with every image', () => {
    const largest = (1 + MAX_SUB_IMAGES) * MAX_IMAGE_BYTES;
    const caddyLimit = /^\s*max_size (\d+)MB$/m.exec(caddyfile);
    expect(Number(caddyLimit![1]) * 1_000_000).toBeGreaterThan(largest);
    const nginxLimit = /^\s*client_max_body_size (\d+)m;$/m.exec(nginx);
    expect(Number(nginxLimit![1]) * 1024 * 1024).toBeGreaterThan(largest);
  });

  it('have nginx replace X-Forwarded-For, whose first address TRUST_PROXY believes', () => {
    expect(nginx).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;$/m);
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
    expect(nginx).toMatch(/^\s*proxy_set_header X-Forwarded-Proto \$scheme;$/m);
  });

  it.skipIf(!onPath('caddy'))('pass caddy validate', async () => {
    const home = await mkdtemp(join(tmpdir(), 'nour-caddy-'));
    try {
      await run('caddy', ['validate', '--adapter', 'caddyfile', '--config', join(root, 'deploy/Caddyfile')], {
        env: { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
      });
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it.skipIf(!onPath('nginx') || !onPath('openssl'))('pass nginx -t', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nour-nginx-'));
    try {
      // A certificate of the moment where certbot's will be.
      await run('openssl', [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=shop.example'],
        ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      ]);
      const site = read('deploy/nginx.conf')
        .replace('/etc/letsencrypt/live/shop.example/fullchain.pem', join(dir, 'cert.pem'))
        .replace('/etc/letsencrypt/live/shop.example/privkey.pem', join(dir, 'key.pem'));
      await writeFile(join(dir, 'site.conf'), site);
      await writeFile(
        join(dir, 'nginx.conf'),
        `pid ${join(dir, 'nginx.pid')};\nevents {}\nhttp { include ${join(dir, 'site.conf')}; }\n`,
      );
      const { stderr } = await run('nginx', [
        '-t',
        '-e',
        join(dir, 'error.log'),
        '-c',
        join(dir, 'nginx.conf'),
      ]);
      expect(stderr).toContain('test is successful');
      expect(stderr).not.toContain('[warn]');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
