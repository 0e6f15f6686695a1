import { parse as parseIcu } from '@formatjs/icu-messageformat-parser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;
/**
 * The app's own code (and the icons it draws) that the entry imports statically: the shell and the home
 * page, which every visit runs first.
 */
const SHELL = /[\\/]src[\\/](web|shared)[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]/;
/** The chunks of the entry, loaded with the page (the codeSplitting groups below, and the bundler's runtime). */
const ALWAYS_LOADED_CHUNK = /^assets\/(framework|shell|rolldown-runtime)-[\w-]+\.(js|css)$/;
const LUCIDE_ICON = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
const ENTRY_MODULE = /[\\/]src[\\/]web[\\/]main\.tsx$/;
const serverTests = [
  'src/server/**/*.test.ts',
  'src/shared/**/*.test.ts',
  'bench/**/*.test.ts',
  'scripts/**/*.test.ts',
];

/** Below this a compressed twin saves less than its headers cost. */
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz twin beside every script, style sheet and SVG of the build, at the strongest
 * settings: compressed once here instead of on every request (the server sends the twin the browser
 * accepts, see src/server/plugins/web-app.ts), and smaller than per-request compression can afford.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'nour:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist/web';
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const content = await readFile(path);
          if (content.length < PRECOMPRESS_MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
            gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * React Router's package sends every bundler to its development build, whose warnings a production
 * build cannot drop (~0.6 kB gzip); the package ships a production build beside it, used here for
 * `vite build` only (the dev server and the tests keep the warnings).
 */
function reactRouterProductionBuild(): Plugin {
  const packageDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const productionEntry = join(packageDir, 'dist', 'production', 'index.mjs');
  return {
    name: 'nour:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? productionEntry : null;
    },
  };
}

/** The dictionaries: every text a user reads, as ICU messages (src/shared/messages/format.ts). */
const DICTIONARY_MODULE = /[\\/]src[\\/]shared[\\/]messages[\\/](ar[\\/])?(?!format\.ts$)[\w-]+\.ts$/;

interface SyntaxNode {
  type: string;
  start: number;
  end: number;
  value?: unknown;
}

function stringLiterals(node: unknown, found: SyntaxNode[] = []): SyntaxNode[] {
  if (Array.isArray(node)) {
    for (const child of node) stringLiterals(child, found);
  } else if (node && typeof node === 'object') {
    const syntaxNode = node as SyntaxNode;
    if (syntaxNode.type === 'Literal' && typeof syntaxNode.value === 'string') found.push(syntaxNode);
    else for (const child of Object.values(node)) stringLiterals(child, found);
  }
  return found;
}

/**
 * Parses every ICU message of the dictionaries at build time, as FormatJS advises: the build carries
 * each message with placeholders or plurals as its parsed form and swaps the ICU parser for FormatJS's
 * parser-less twin, which keeps ~7 kB gzip off every shopper's first load. The dev server and the tests
 * keep the strings and the parser.
 */
function precompileMessages(): Plugin[] {
  const parserDir = dirname(createRequire(import.meta.url).resolve('@formatjs/icu-messageformat-parser'));
  return [
    {
      name: 'nour:icu-without-parser',
      apply: 'build',
      enforce: 'pre',
      resolveId(source) {
        return source === '@formatjs/icu-messageformat-parser' ? join(parserDir, 'no-parser.js') : null;
      },
    },
    {
      name: 'nour:precompile-messages',
      apply: 'build',
      transform(code, id) {
        if (!DICTIONARY_MODULE.test(id)) return null;
        const messages = stringLiterals(this.parse(code)).filter((node) => String(node.value).includes('{'));
        let output = code;
        for (const node of messages.sort((a, b) => b.start - a.start)) {
          const parsed = JSON.stringify(parseIcu(String(node.value), { ignoreTag: true }));
          output = output.slice(0, node.start) + parsed + output.slice(node.end);
        }
        return { code: output, map: null };
      },
    },
  ];
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets(), reactRouterProductionBuild(), precompileMessages()],
  resolve: { alias: { '@': src } },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    modulePreload: {
      // Every browser the shop supports preloads modules natively; the polyfill only cost first-load bytes.
      polyfill: false,
      // A lazy page's preload list leaves out the chunks the entry has loaded before any page runs: they
      // are there already, and each name in each list costs the shell's chunk bytes. index.html keeps
      // them: preloaded from the first HTML they load beside the entry, not one round trip after it.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !ALWAYS_LOADED_CHUNK.test(dep)),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs in two chunks: the libraries (React, the router, the query client), and
          // the app's shell with the home page. Left to itself the bundler cut them into a dozen pieces
          // shared with lazy pages, each costing gzip overhead and a request (2 kB on the home page).
          groups: [
            // Only what the first load runs: the rest (useMutation, which no first screen calls) goes with
            // the lazy pages that use it.
            { name: 'framework', tags: ['$initial'], test: FRAMEWORK, priority: 20 },
            {
              name: 'shell',
              tags: ['$initial'],
              test: (id: string) => SHELL.test(id) && !ENTRY_MODULE.test(id),
              priority: 10,
            },
            // The icons only later pages draw, in one chunk: each of them alone was a chunk whose name
            // (and hash) every preload list of the shell spelled, for ~0.3 kB of drawing.
            { name: 'icons', test: LUCIDE_ICON, priority: 5 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' } },
  test: {
    // One test file per core (Vitest's default leaves one core to itself, which on a 2-core machine
    // runs the files one by one): much of a file's time is spent waiting on PostgreSQL, a child server
    // process or the file system, not on the CPU.
    maxWorkers: availableParallelism(),
    reporters: ['default', './scripts/vitest-summary-reporter.ts'],
    projects: [
      {
        extends: true as const,
        test: {
          name: 'server',
          environment: 'node',
          include: serverTests,
          globalSetup: ['./src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-pg',
                environment: 'node',
                include: ['src/server/**/*.test.ts'],
                env: { TEST_DB: 'pg' },
                globalSetup: ['./src/server/test/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true as const,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/web/test/setup.ts'],
        },
      },
    ],
  },
});
