/**
 * `npm run bench [-- --duration 3]`: the performance issue's harness. For PGlite (always) and PostgreSQL
 * (when DATABASE_URL is set; a fresh database is created there and dropped after) it starts the real
 * server on 127.0.0.1, loads the demo catalogue, then 100,000 generated products, and drives it with
 * autocannon from this process. On PostgreSQL it ends with issue 17's comparison: the uncached listing
 * and order placement with WEB_CONCURRENCY=1, then 2. `--only pglite|postgres|processes` (or
 * `BENCH_ONLY=…`) runs one part: `processes` is that comparison alone. Figures go to the console and to
 * bench/out/ (JSON and a Markdown table for RESULTS.md). Needs the build (`npm run build`: dist/web and
 * dist/server). Every run is bounded in time, and the servers it starts are killed when it leaves,
 * however it leaves.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { PRODUCT_SORTS } from '@/shared/constants';
import { GENERATED_NAME_WORDS } from '../src/server/db/seed/large';
import type { BenchUser } from './prepare';
import { measurePages, type LighthouseResult } from './lib/lighthouse';
import {
  getJson,
  inPool,
  multipartBody,
  runCase,
  sendJson,
  type CaseResult,
  type LoadOptions,
} from './lib/load';
import { onInterrupt, prepareDatabase, startServer, type ServerProcess } from './lib/server-process';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    count: { type: 'string', default: '100000' },
    /** Orders in the database for the CSV export's case. */
    orders: { type: 'string', default: '100000' },
    /** pglite, postgres, or processes (the WEB_CONCURRENCY comparison alone); BENCH_ONLY says the same. */
    only: { type: 'string' },
    'skip-lighthouse': { type: 'boolean', default: false },
    'skip-demo': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    /** Only the cases whose name matches this regular expression, e.g. `--cases 'order|cart'`. */
    cases: { type: 'string' },
    /** The payment proof of the upload burst: the largest the shop takes (8000 px a side, 40 MP). */
    'proof-size': { type: 'string', default: '8000x5000' },
  },
});

const load: LoadOptions = { duration: Number(args.duration), connections: Number(args.connections) };
const productCount = Number(args.count);
const casePattern = args.cases ? new RegExp(args.cases, 'i') : null;
const wanted = (name: string) => casePattern === null || casePattern.test(name);
const only = args.only ?? process.env.BENCH_ONLY;
const webDist = resolve(process.env.WEB_DIST_DIR ?? 'dist/web');
const outDir = resolve('bench/out');

type DatabaseKind = 'pglite' | 'postgres';

/** The issue's targets; `minRps` is per database, `maxP99Ms` applies on PostgreSQL only. */
type Kind = 'listing' | 'fresh' | 'typo' | 'details' | 'cart' | 'orders' | 'seo';
const TARGETS: Record<Kind, Record<DatabaseKind, { minRps?: number; maxP99Ms?: number }>> = {
  listing: { postgres: { minRps: 2000, maxP99Ms: 60 }, pglite: { minRps: 1000 } },
  // Issue 18: what a listing costs when the read model cannot answer it.
  fresh: { postgres: { minRps: 2000, maxP99Ms: 100 }, pglite: { minRps: 1000, maxP99Ms: 100 } },
  // A misspelt search: answered by SQL (pg_trgm's word similarity), measured, no target.
  typo: { postgres: {}, pglite: {} },
  details: { postgres: { minRps: 4000 }, pglite: { minRps: 4000 } },
  cart: { postgres: {}, pglite: {} },
  orders: { postgres: { minRps: 200 }, pglite: { minRps: 100 } },
  seo: { postgres: {}, pglite: {} },
};

interface Row extends CaseResult {
  kind: Kind;
}

/** The hardening issue: this many shoppers send the largest proof at once while others browse. */
const PROOF_BURST_SHOPPERS = 16;
/** Its targets, on PostgreSQL: the listing's p99 and the server's memory while the proofs are decoded. */
const PROOF_BURST_TARGETS: Record<DatabaseKind, { maxP99Ms?: number; maxMemoryMb?: number }> = {
  postgres: { maxP99Ms: 100, maxMemoryMb: 400 },
  pglite: {},
};

interface ProofBurst {
  /** The same listing just before, on the same server: what the machine gives without the uploads. */
  quiet: Row;
  /** The listing measured with autocannon while the uploads run. */
  listing: Row;
  proof: { width: number; height: number; bytes: number };
  /** How the uploads were answered: HTTP status (or `failed`) → count. */
  answers: Record<string, number>;
  /** From the first upload sent to the last one answered. */
  seconds: number;
  /** RSS sampled every 100 ms during the case, and the kernel's high-water mark (VmHWM) after it. */
  peakRssMb: number;
  highWaterMb: number;
}

interface ProductWire {
  id: string;
  slug: string;
  avaliableItems: number;
  soldItems: number;
  category: { slug: string };
  options: unknown[];
}
interface ListingWire {
  products: ProductWire[];
  totalPages: number;
  totalCount: number;
}

interface OversellCheck {
  orders: number;
  sold: number;
  negativeStock: number;
  productsSoldTwice: number;
  ok: boolean;
}

/** Issue 17: WEB_CONCURRENCY=2 on PostgreSQL should serve at least this many times one process's load. */
const CLUSTER_PROCESSES = 2;
const CLUSTER_GOAL = 1.6;
const UNCACHED_LISTING = 'listing random page or search (uncached)';
const FRESH_SEARCH = 'fresh search term per request';
const FRESH_PAGE = 'fresh featured page per request';
const FRESH_TYPO = 'fresh misspelt search per request';
const PLACE_ORDER = 'place order (distinct products)';
const LIGHTHOUSE_DEMO = 'lighthouse on the demo catalogue';
const LIGHTHOUSE_LARGE = 'lighthouse on the large catalogue';
/** Issue 18 asks for the median of three Lighthouse runs per page (the demo's pages get the same). */
const LIGHTHOUSE_RUNS = 3;
/** Issues 14 and 18: Lighthouse mobile at least this on every page measured, in each language. */
const LIGHTHOUSE_TARGET = 95;
const EXPORT_ORDERS = 'export orders as CSV';

interface OrderExport {
  rows: number;
  megabytes: number;
  seconds: number;
  /** The server's resident set just before the export, and the highest seen while it ran. */
  beforeRssMb: number;
  peakRssMb: number;
}

/**
 * Downloads every order as CSV (GET /api/order/export.csv) as fast as this process reads, and samples
 * the server's memory meanwhile: a streamed export stays flat however many orders there are.
 */
async function exportCase(server: ServerProcess, admin: BenchUser): Promise<OrderExport> {
  server.resetPeak();
  const beforeRssMb = server.memory().peakRssMb;
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/order/export.csv`, { headers: { token: admin.token } });
  if (!response.ok || !response.body) throw new Error(`the export answered ${response.status}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 0x0a) newlines += 1;
  }
  const result: OrderExport = {
    // One line a row (no exported field holds a line break), less the header.
    rows: newlines - 1,
    megabytes: bytes / 1024 / 1024,
    seconds: (performance.now() - started) / 1000,
    beforeRssMb,
    peakRssMb: server.memory().peakRssMb,
  };
  console.log(
    `  ${EXPORT_ORDERS}: ${result.rows} rows, ${result.megabytes.toFixed(1)} MB in ${result.seconds.toFixed(1)} s; ` +
      `server RSS ${beforeRssMb.toFixed(0)} MB before, peak ${result.peakRssMb.toFixed(0)} MB`,
  );
  return result;
}

const SITEMAP_INDEX = 'GET /sitemap.xml (the index)';
const SEO_FILES = 'sitemaps and product feeds downloaded';
/** What crawlers and shopping platforms download whole (issue 16), in the order the case takes them. */
const SEO_DOWNLOADS = [
  '/sitemap.xml',
  '/sitemaps/products-1.xml',
  '/sitemaps/products-2.xml',
  '/feeds/products.xml',
  '/feeds/products.csv',
] as const;

interface SeoDownload {
  path: string;
  megabytes: number;
  seconds: number;
  /** `<loc>` entries in a sitemap, items in the RSS feed, rows in the CSV (less its header). */
  entries: number;
  beforeRssMb: number;
  peakRssMb: number;
}

/**
 * Downloads the sitemap index, its products sitemaps and both product feeds whole, as fast as this
 * process reads, sampling the server's memory meanwhile: streamed from keyset batches, they stay flat
 * however many products there are.
 */
async function seoDownloadsCase(server: ServerProcess): Promise<SeoDownload[]> {
  const results: SeoDownload[] = [];
  for (const path of SEO_DOWNLOADS) {
    server.resetPeak();
    const beforeRssMb = server.memory().peakRssMb;
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${path}`);
    if (!response.ok || !response.body) throw new Error(`${path} answered ${response.status}`);
    const decoder = new TextDecoder();
    let bytes = 0;
    let entries = 0;
    const marker = path.endsWith('.csv') ? '\n' : path.startsWith('/feeds/') ? '<item>' : '<loc>';
    // The end of the last chunk, shorter than the marker: a marker cut between two chunks is counted once.
    let carry = '';
    for await (const chunk of response.body) {
      bytes += chunk.length;
      const text = carry + decoder.decode(chunk, { stream: true });
      entries += text.split(marker).length - 1;
      carry = text.slice(text.length - (marker.length - 1));
    }
    const result: SeoDownload = {
      path,
      megabytes: bytes / 1024 / 1024,
      seconds: (performance.now() - started) / 1000,
      entries: marker === '\n' ? entries - 1 : entries,
      beforeRssMb,
      peakRssMb: server.memory().peakRssMb,
    };
    console.log(
      `  ${path}: ${result.entries} entries, ${result.megabytes.toFixed(1)} MB in ${result.seconds.toFixed(1)} s; ` +
        `server RSS ${beforeRssMb.toFixed(0)} MB before, peak ${result.peakRssMb.toFixed(0)} MB`,
    );
    results.push(result);
  }
  return results;
}

interface ClusterComparison {
  name: string;
  /** The case on a server of one process, and on one of CLUSTER_PROCESSES: the same run, the same database. */
  one: Row;
  several: Row;
  /** The machine's 1-minute load average when each of the two started and ended: was it shared? */
  load: { one: LoadSpan; several: LoadSpan };
  /** The second's requests per second over the first's. */
  ratio: number;
}

interface LoadSpan {
  start: number;
  end: number;
}

interface DatabaseReport {
  database: DatabaseKind;
  /** WEB_CONCURRENCY=1 against CLUSTER_PROCESSES (PostgreSQL only). */
  cluster: ClusterComparison[];
  seedSeconds: number;
  demo: Row[];
  large: Row[];
  oversell: OversellCheck | null;
  proofBurst: ProofBurst | null;
  orderExport: OrderExport | null;
  seoDownloads: SeoDownload[] | null;
  lighthouse: LighthouseResult[];
  /** Issue 18: the same pages on the 100,000-product catalogue, each the median of LIGHTHOUSE_RUNS. */
  lighthouseLarge: LighthouseResult[];
  highWaterMb: number;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** A database of the benchmark's own on the server DATABASE_URL names; `drop` removes it. */
async function freshPostgres(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `nour_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

const get = (path: string, headers: Record<string, string> = {}) => [{ method: 'GET', path, headers }];

/** The listing cases: first and deep page for every sort. */
async function listingCases(server: ServerProcess, label: string): Promise<Row[]> {
  const first = await getJson<ListingWire>(`${server.baseUrl}/api/product?page=1&limit=12`);
  const deep = Math.max(1, Math.min(500, first.totalPages));
  console.log(`\n${label}: ${first.totalCount} products, deep page ${deep}`);
  const rows: Row[] = [];
  for (const sort of PRODUCT_SORTS) {
    for (const page of [1, deep]) {
      const name = `listing ${sort} page ${page}`;
      if (!wanted(name)) continue;
      rows.push({
        kind: 'listing',
        ...(await runCase(server, name, get(`/api/product?page=${page}&limit=12&sort=${sort}`), load)),
      });
    }
  }
  return rows;
}

/** Draws `items` in a random order without repeating one until all were drawn, then shuffles again. */
function deckOf<T>(items: readonly T[]): () => T {
  let order: T[] = [];
  return () => {
    if (order.length === 0) {
      order = [...items];
      // Fisher–Yates; drawn from the end.
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
    }
    return order.pop()!;
  };
}

/**
 * What the listing costs when the read model's cache misses: by turns a page of the newest products
 * and a search for a phrase of the generated names ("Luxor Sage", "Sage Linen", "Luxor Sage Linen"),
 * each drawn without repeats (`pages` pages, about 15,000 phrases), so no question comes twice until
 * a deck runs out: past a minute of a few hundred requests a second, longer than an answer is kept.
 * One list per server: its warm-up and its measured run share the decks.
 */
function uncachedListing(pages: number): Parameters<typeof runCase>[2] {
  const { adjectives, colours, materials } = GENERATED_NAME_WORDS;
  const phrases = new Set([
    ...adjectives.flatMap((adjective) =>
      colours.flatMap((colour) => [
        `${adjective} ${colour}`,
        ...materials.map((material) => `${adjective} ${colour} ${material}`),
      ]),
    ),
    ...colours.flatMap((colour) => materials.map((material) => `${colour} ${material}`)),
  ]);
  const nextPage = deckOf(Array.from({ length: pages }, (_, i) => i + 1));
  const nextPhrase = deckOf([...phrases]);
  let asked = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        asked += 1;
        return {
          ...request,
          path:
            asked % 2 === 0
              ? `/api/product?page=${nextPage()}&limit=12&sort=newest`
              : `/api/product?page=1&limit=12&search=${encodeURIComponent(nextPhrase())}`,
        };
      },
    },
  ];
}

/**
 * Issue 18's fresh search: every request searches a phrase of the generated names not asked before
 * in the run ("Sage Linen", "Linen Kaftan", "Luxor Sage", "Luxor Sage Linen", "Sage Linen Kaftan":
 * about 30,000 phrases, a few to a few thousand matches each), page 1 in the default order. Misspelt,
 * each phrase's last word loses a letter, so every request is answered by the typo-tolerant SQL.
 */
function freshSearches(misspelt = false): Parameters<typeof runCase>[2] {
  const { adjectives, colours, materials, pieces } = GENERATED_NAME_WORDS;
  const phrases = new Set([
    ...colours.flatMap((colour) => materials.map((material) => `${colour} ${material}`)),
    ...materials.flatMap((material) => pieces.map((piece) => `${material} ${piece}`)),
    ...adjectives.flatMap((adjective) =>
      colours.flatMap((colour) => [
        `${adjective} ${colour}`,
        ...materials.map((material) => `${adjective} ${colour} ${material}`),
      ]),
    ),
    ...colours.flatMap((colour) =>
      materials.flatMap((material) => pieces.map((piece) => `${colour} ${material} ${piece}`)),
    ),
  ]);
  // Misspelt: the last word loses its second letter ("Sage Lnen"), so nothing matches as typed.
  const typed = misspelt
    ? [...phrases].map((phrase) => phrase.replace(/(\S)\S(\S+)$/, '$1$2'))
    : [...phrases];
  const nextPhrase = deckOf(typed);
  return [
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: `/api/product?page=1&limit=12&search=${encodeURIComponent(nextPhrase())}`,
      }),
    },
  ];
}

/** Issue 18's fresh page: every request a page of the default (featured) order not asked before. */
function freshPages(pages: number): Parameters<typeof runCase>[2] {
  const nextPage = deckOf(Array.from({ length: pages }, (_, i) => i + 1));
  return [
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/product?page=${nextPage()}&limit=12` }),
    },
  ];
}

async function inStockProducts(server: ServerProcess, count: number): Promise<ProductWire[]> {
  const found: ProductWire[] = [];
  for (let page = 1; found.length < count; page++) {
    const listing = await getJson<ListingWire>(
      `${server.baseUrl}/api/product?availability=inStock&sort=newest&page=${page}&limit=100`,
    );
    found.push(...listing.products.filter((p) => p.avaliableItems > 0));
    if (page >= listing.totalPages) break;
  }
  if (found.length < count) throw new Error(`only ${found.length} products in stock, ${count} needed`);
  return found.slice(0, count);
}

/** The cart line that buys one of `product`: a product with sizes (issue 13) needs one of its in-stock variants. */
async function cartLineOf(server: ServerProcess, product: ProductWire) {
  if (product.options.length === 0) return { productId: product.id, quantity: 1 };
  const { product: detail } = await getJson<{
    product: { variants: Array<{ id: string; avaliableItems: number }> };
  }>(`${server.baseUrl}/api/product/${product.id}`);
  const variant = detail.variants.find((v) => v.avaliableItems > 0);
  if (!variant) throw new Error(`product ${product.id} is in stock but none of its variants is`);
  return { productId: product.id, variantId: variant.id, quantity: 1 };
}

/**
 * Orders on distinct products: every prepared shopper has one cart line of a product nobody else holds,
 * and each request places one shopper's order, so every order is valid and the sold counts must add up.
 */
async function orderCase(
  server: ServerProcess,
  shoppers: BenchUser[],
): Promise<{ row: Row; oversell: OversellCheck }> {
  const products = await inStockProducts(server, shoppers.length);
  const carts = await inPool(shoppers, 20, async (shopper, index) => {
    const answer = await sendJson<{ cart: { id: string } }>(
      'POST',
      `${server.baseUrl}/api/cart`,
      await cartLineOf(server, products[index]!),
      { token: shopper.token },
    );
    return { token: shopper.token, cartId: answer.cart.id };
  });
  let next = 0;
  const requests = [
    {
      method: 'POST',
      path: '/api/order',
      setupRequest: (request: { headers?: Record<string, string> }) => {
        const cart = carts[next++ % carts.length]!;
        const form = multipartBody({
          cartId: cart.cartId,
          name: 'Bench Shopper',
          phone: '01012345678',
          address: '12 Tahrir Square, Cairo',
          paymentType: 'cash',
        });
        return {
          ...request,
          method: 'POST',
          path: '/api/order',
          headers: { token: cart.token, 'content-type': form.contentType },
          body: form.body,
        };
      },
    },
  ];
  const result = await runCase(server, PLACE_ORDER, requests, {
    ...load,
    amount: carts.length,
  });

  // Counted from the server, not from the answers: a request that timed out may still have placed its order.
  interface OrderWire {
    products: Array<{ product: { id: string }; quantity: number }>;
  }
  const stored = await inPool(shoppers, 20, (shopper) =>
    getJson<{ results: OrderWire[] }>(`${server.baseUrl}/api/order/user/orders`, {
      token: shopper.token,
    }).then((a) => a.results),
  );
  const ordered = new Map<string, number>();
  for (const order of stored.flat()) {
    for (const line of order.products) {
      ordered.set(line.product.id, (ordered.get(line.product.id) ?? 0) + line.quantity);
    }
  }
  const placed = stored.reduce((sum, orders) => sum + orders.length, 0);
  const after = await inPool(products, 20, (product) =>
    getJson<{ product: ProductWire }>(`${server.baseUrl}/api/product/${product.id}`).then((a) => a.product),
  );
  let sold = 0;
  let negativeStock = 0;
  let productsSoldTwice = 0;
  after.forEach((product, i) => {
    const before = products[i]!;
    const delta = product.soldItems - before.soldItems;
    sold += delta;
    if (product.avaliableItems < 0) negativeStock++;
    const expected = ordered.get(product.id) ?? 0;
    if (delta !== expected || before.avaliableItems - product.avaliableItems !== delta) {
      productsSoldTwice++;
      if (productsSoldTwice <= 3) {
        console.log(
          `  product ${product.id}: ordered ${expected}, sold ${before.soldItems} -> ${product.soldItems}, ` +
            `stock ${before.avaliableItems} -> ${product.avaliableItems}`,
        );
      }
    }
  });
  const oversell = {
    orders: placed,
    sold,
    negativeStock,
    productsSoldTwice,
    ok: sold === placed && negativeStock === 0 && productsSoldTwice === 0,
  };
  console.log(
    `  oversell check: ${placed} orders, ${sold} items sold, ${negativeStock} negative stock, ` +
      `${productsSoldTwice} products whose stock does not match their orders: ${oversell.ok ? 'OK' : 'FAILED'}`,
  );
  return { row: { kind: 'orders', ...result }, oversell };
}

async function largestProof(): Promise<{ buffer: Buffer; width: number; height: number }> {
  const [width, height] = args['proof-size'].split('x').map(Number) as [number, number];
  // One colour, like the issue's 8000 × 8000 PNG of 249 kB: a small upload that is a huge decode.
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#d8c3a5' } })
    .png()
    .toBuffer();
  return { buffer, width, height };
}

/**
 * PROOF_BURST_SHOPPERS shoppers, each with a cart, place an InstaPay order with the largest proof at the
 * same moment, while autocannon measures the listing: the listing must not notice, and the server must
 * not balloon (the issue saw 36.9 s and 1,046 MB when every proof was decoded at once).
 */
async function proofBurstCase(server: ServerProcess, shoppers: BenchUser[]): Promise<ProofBurst> {
  const proof = await largestProof();
  const products = await inStockProducts(server, shoppers.length);
  const forms = await inPool(shoppers, 16, async (shopper, index) => {
    const answer = await sendJson<{ cart: { id: string } }>(
      'POST',
      `${server.baseUrl}/api/cart`,
      await cartLineOf(server, products[index]!),
      { token: shopper.token },
    );
    const form = multipartBody(
      {
        cartId: answer.cart.id,
        name: 'Bench Shopper',
        phone: '01012345678',
        address: '12 Tahrir Square, Cairo',
        paymentType: 'instapay',
      },
      { paymentImage: { filename: 'proof.png', contentType: 'image/png', content: proof.buffer } },
    );
    return { token: shopper.token, form };
  });

  const listingPath = get('/api/product?page=1&limit=12');
  const quiet = await runCase(server, 'listing alone (just before)', listingPath, load);
  const answers: Record<string, number> = {};
  const count = (answer: string) => (answers[answer] = (answers[answer] ?? 0) + 1);
  const name = `listing during ${shoppers.length} proof uploads`;
  const listing = runCase(server, name, listingPath, load);
  const started = Date.now();
  const uploads = Promise.all(
    forms.map(async ({ token, form }) => {
      try {
        const response = await fetch(`${server.baseUrl}/api/order`, {
          method: 'POST',
          headers: { token, 'content-type': form.contentType },
          body: new Uint8Array(form.body),
          signal: AbortSignal.timeout(120_000),
        });
        await response.arrayBuffer();
        count(String(response.status));
      } catch {
        count('failed');
      }
    }),
  ).then(() => (Date.now() - started) / 1000);
  const [row, seconds] = await Promise.all([listing, uploads]);
  const summary = Object.entries(answers)
    .map(([answer, n]) => `${answer} x${n}`)
    .join(', ');
  console.log(
    `  ${shoppers.length} uploads of a ${proof.width}x${proof.height} PNG (${(proof.buffer.length / 1024).toFixed(0)} kB) ` +
      `answered in ${seconds.toFixed(1)} s: ${summary}; VmHWM ${server.memory().highWaterMb.toFixed(0)} MB`,
  );
  if (seconds > load.duration)
    console.log(`  (the uploads outlasted the ${load.duration} s of listing load)`);
  return {
    quiet: { kind: 'listing', ...quiet },
    listing: { kind: 'listing', ...row },
    proof: { width: proof.width, height: proof.height, bytes: proof.buffer.length },
    answers,
    seconds,
    peakRssMb: row.peakRssMb,
    highWaterMb: server.memory().highWaterMb,
  };
}

const loadText = (span: LoadSpan) => `${span.start.toFixed(1)}→${span.end.toFixed(1)}`;

/** Seconds of the uncached listing each comparison server gets, unmeasured, before its figures count. */
const WARM_UP_SECONDS = 3;

/**
 * Issue 17's comparison on PostgreSQL: the uncached listing and order placement on a server of
 * WEB_CONCURRENCY=1, then on a fresh one of CLUSTER_PROCESSES, on the same database in the same run.
 * Each server starts with empty caches and first serves WARM_UP_SECONDS of the same listing (the JIT
 * and the pools of every process warm), so neither count meets the other's warm state; `shoppersFor`
 * gives each order run shoppers of its own. Prints req/s and p99 for each and the ratio.
 */
async function compareProcesses(options: {
  port: number;
  env: Record<string, string>;
  pages: number;
  shoppersFor: (run: number) => BenchUser[];
  onOversell: (check: OversellCheck) => void;
}): Promise<ClusterComparison[]> {
  type Measured = Map<string, { row: Row; load: LoadSpan }>;
  const measured: Measured[] = [];
  for (const [run, processes] of [1, CLUSTER_PROCESSES].entries()) {
    console.log(`\nWEB_CONCURRENCY=${processes}:`);
    const rows: Measured = new Map();
    const timed = async (name: string, measure: () => Promise<Row>) => {
      const start = loadavg()[0]!;
      const row = await measure();
      rows.set(name, { row, load: { start, end: loadavg()[0]! } });
    };
    const server = await startServer({
      port: options.port,
      env: { ...options.env, WEB_CONCURRENCY: String(processes) },
    });
    try {
      if (wanted(UNCACHED_LISTING)) {
        const listing = uncachedListing(options.pages);
        await runCase(server, 'warm-up (not counted)', listing, {
          ...load,
          duration: Math.min(WARM_UP_SECONDS, load.duration),
        });
        await timed(UNCACHED_LISTING, async () => ({
          kind: 'listing',
          ...(await runCase(server, UNCACHED_LISTING, listing, load)),
        }));
      }
      if (wanted(PLACE_ORDER)) {
        await timed(PLACE_ORDER, async () => {
          const orders = await orderCase(server, options.shoppersFor(run));
          options.onOversell(orders.oversell);
          return orders.row;
        });
      }
    } finally {
      await server.stop();
    }
    measured.push(rows);
  }
  const [oneProcess, several] = measured as [Measured, Measured];
  const comparisons = [...oneProcess].map(([name, one]): ClusterComparison => {
    const other = several.get(name)!;
    return {
      name,
      one: one.row,
      several: other.row,
      load: { one: one.load, several: other.load },
      ratio: other.row.requestsPerSecond / Math.max(1, one.row.requestsPerSecond),
    };
  });
  console.log(`\n1 process against ${CLUSTER_PROCESSES} (goal ≥ ${CLUSTER_GOAL}×):`);
  for (const { name, one, several: other, ratio, load: span } of comparisons) {
    console.log(
      `  ${name.padEnd(42)} 1: ${one.requestsPerSecond.toFixed(0).padStart(5)} req/s p99 ${one.p99Ms.toFixed(0).padStart(5)} ms` +
        `  ${CLUSTER_PROCESSES}: ${other.requestsPerSecond.toFixed(0).padStart(5)} req/s p99 ${other.p99Ms.toFixed(0).padStart(5)} ms` +
        `  ratio ${ratio.toFixed(2)}×  load ${loadText(span.one)} / ${loadText(span.several)}`,
    );
  }
  return comparisons;
}

async function benchDatabase(database: DatabaseKind, processesOnly: boolean): Promise<DatabaseReport> {
  console.log(`\n=== ${database === 'pglite' ? 'PGlite' : 'PostgreSQL'} ===`);
  const dataDir = await mkdtemp(join(tmpdir(), 'nour-bench-'));
  const postgres = database === 'postgres' ? await freshPostgres(process.env.DATABASE_URL!) : null;
  const cleanup = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };
  const forgetCleanup = onInterrupt(cleanup);
  const port = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Loopback only, and only here: a load test from one address is what rate limits exist to stop.
    RATE_LIMIT_ALLOW_LIST: '127.0.0.1,::1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: webDist,
    ADMIN_EMAIL: '',
  };
  const report: DatabaseReport = {
    database,
    cluster: [],
    seedSeconds: 0,
    demo: [],
    large: [],
    oversell: null,
    proofBurst: null,
    orderExport: null,
    seoDownloads: null,
    lighthouse: [],
    lighthouseLarge: [],
    highWaterMb: 0,
  };
  let server: ServerProcess | null = null;
  try {
    if (!args['skip-demo'] && !processesOnly) {
      await prepareDatabase({ ...env, BENCH_SEED_DEMO: 'true' });
      server = await startServer({ port, env });
      report.demo = await listingCases(server, 'Demo catalogue');
      if (database === 'pglite' && !args['skip-lighthouse'] && wanted(LIGHTHOUSE_DEMO)) {
        const { products } = await getJson<ListingWire>(`${server.baseUrl}/api/product?page=1&limit=1`);
        console.log(`\nLighthouse (mobile, demo catalogue, median of ${LIGHTHOUSE_RUNS}):`);
        report.lighthouse = await measurePages(
          server.baseUrl,
          ['/', '/products', `/product/${products[0]!.slug}`],
          LIGHTHOUSE_RUNS,
        );
      }
      await server.stop();
      server = null;
    }

    // Shoppers of their own for each order run (one order each, so the oversell check adds up): the
    // matrix's, then one process and CLUSTER_PROCESSES on PostgreSQL; one more for the cart, and the
    // proof burst's.
    const ordersPerRun = Math.ceil(TARGETS.orders[database].minRps! * 1.5 * load.duration);
    const matrixRuns = processesOnly ? 0 : 1;
    const orderRuns = matrixRuns + (database === 'postgres' ? 2 : 0);
    const shopperCount = 1 + ordersPerRun * orderRuns + PROOF_BURST_SHOPPERS;
    const usersFile = join(dataDir, 'bench-users.json');
    const adminFile = join(dataDir, 'bench-admin.json');
    const orderCount = wanted(EXPORT_ORDERS) ? Number(args.orders) : 0;
    const seedStarted = Date.now();
    const profileDir = join(outDir, `cpu-${database}`);
    if (args['cpu-prof']) await mkdir(profileDir, { recursive: true });
    await prepareDatabase({
      ...env,
      BENCH_SEED_LARGE: String(productCount),
      // Drawn pictures the products share, not keys without files: Lighthouse measures the pages a
      // shopper sees, whose main picture is a product's photo, not a missing file's placeholder.
      BENCH_LARGE_IMAGES: 'true',
      BENCH_USERS: String(shopperCount),
      BENCH_USERS_FILE: usersFile,
      BENCH_ORDERS: String(orderCount),
      BENCH_ADMIN_FILE: adminFile,
    });
    server = await startServer({
      port,
      env,
      nodeFlags: args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    });
    report.seedSeconds = (Date.now() - seedStarted) / 1000;
    const shoppers = JSON.parse(await readFile(usersFile, 'utf8')) as BenchUser[];
    const orderShoppers = (run: number) =>
      shoppers.slice(1 + run * ordersPerRun, 1 + (run + 1) * ordersPerRun);

    const first = await getJson<ListingWire>(`${server.baseUrl}/api/product?page=1&limit=12`);
    const pages = Math.min(5000, first.totalPages);
    if (!processesOnly) {
      report.large = await listingCases(server, `Large catalogue`);
      const sample = (await getJson<ListingWire>(`${server.baseUrl}/api/product?page=7&limit=12`))
        .products[3]!;
      // Issue 13's filter: products with an in-stock M (adults' clothing), on page 1 and deep.
      const sized = await getJson<ListingWire>(`${server.baseUrl}/api/product?page=1&limit=12&size=M`);
      const sizedDeep = Math.max(1, Math.min(500, sized.totalPages));
      console.log(`size M: ${sized.totalCount} products, deep page ${sizedDeep}`);
      const cases: Array<[Kind, string, Parameters<typeof runCase>[2]]> = [
        ['listing', 'size M page 1', get('/api/product?page=1&limit=12&size=M')],
        ['listing', `size M page ${sizedDeep}`, get(`/api/product?page=${sizedDeep}&limit=12&size=M`)],
        ['listing', 'size M,L + color Navy page 1', get('/api/product?page=1&limit=12&size=M,L&color=Navy')],
        ['listing', 'search "linen"', get('/api/product?page=1&limit=12&search=linen')],
        ['listing', 'search "rose linen"', get('/api/product?page=1&limit=12&search=rose%20linen')],
        [
          'listing',
          'category + price 500-1500',
          get(`/api/product?page=1&limit=12&category=${sample.category.slug}&minPrice=500&maxPrice=1500`),
        ],
        ['details', 'product by id', get(`/api/product/${sample.id}`)],
        ['details', 'product by slug', get(`/api/product/${sample.slug}`)],
        ['cart', 'GET /api/cart (signed in)', get('/api/cart', { token: shoppers[0]!.token })],
        ['listing', UNCACHED_LISTING, uncachedListing(pages)],
        ['fresh', FRESH_SEARCH, freshSearches()],
        ['fresh', FRESH_PAGE, freshPages(first.totalPages)],
        ['typo', FRESH_TYPO, freshSearches(true)],
      ];
      for (const [kind, name, requests] of cases) {
        if (!wanted(name)) continue;
        report.large.push({ kind, ...(await runCase(server, name, requests, load)) });
      }
      if (database === 'pglite' && !args['skip-lighthouse'] && wanted(LIGHTHOUSE_LARGE)) {
        console.log(`\nLighthouse (mobile, ${first.totalCount} products, median of ${LIGHTHOUSE_RUNS}):`);
        report.lighthouseLarge = await measurePages(
          server.baseUrl,
          ['/', '/products', `/product/${sample.slug}`],
          LIGHTHOUSE_RUNS,
        );
      }
      if (wanted('place order')) {
        const orders = await orderCase(server, orderShoppers(0));
        report.large.push(orders.row);
        report.oversell = orders.oversell;
      }
      if (wanted(`listing during ${PROOF_BURST_SHOPPERS} proof uploads`)) {
        report.proofBurst = await proofBurstCase(server, shoppers.slice(-PROOF_BURST_SHOPPERS));
      }
    }
    if (orderCount > 0) {
      const admin = JSON.parse(await readFile(adminFile, 'utf8')) as BenchUser;
      report.orderExport = await exportCase(server, admin);
    }
    if (wanted(SITEMAP_INDEX)) {
      // The index is one kept answer, asked as often as crawlers like.
      report.large.push({
        kind: 'seo',
        ...(await runCase(server, SITEMAP_INDEX, get('/sitemap.xml'), load)),
      });
    }
    // The sitemaps and feeds are downloaded whole, one at a time.
    if (wanted(SEO_FILES)) report.seoDownloads = await seoDownloadsCase(server);
    report.highWaterMb = server.memory().highWaterMb;
    await server.stop();
    server = null;

    if (database === 'postgres') {
      report.cluster = await compareProcesses({
        port,
        env,
        pages,
        shoppersFor: (run) => orderShoppers(matrixRuns + run),
        // The report keeps one check: a failed one wherever it happened, else the last.
        onOversell: (check) => {
          if (report.oversell?.ok !== false) report.oversell = check;
        },
      });
    }
    return report;
  } finally {
    await server?.stop().catch(() => undefined);
    forgetCleanup();
    await cleanup();
  }
}

function verdict(database: DatabaseKind, row: Row): string {
  const target = TARGETS[row.kind][database];
  const misses: string[] = [];
  if (target.minRps && row.requestsPerSecond < target.minRps) misses.push(`< ${target.minRps} req/s`);
  if (target.maxP99Ms && row.p99Ms > target.maxP99Ms) misses.push(`p99 > ${target.maxP99Ms} ms`);
  if (row.errors > 0) misses.push('errors');
  if (!target.minRps && !target.maxP99Ms && row.errors === 0) return '-';
  return misses.length ? `missed (${misses.join(', ')})` : 'met';
}

/** One Lighthouse table: each page in each language, with the metrics behind its score and the load then. */
function lighthouseTable(title: string, pages: LighthouseResult[]): string[] {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    '',
    `### Lighthouse (mobile, performance only, ${title})`,
    '',
    `| language | page | score | LCP | FCP | TBT | CLS | load average | target (≥ ${LIGHTHOUSE_TARGET}) |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
    ...pages.map(
      (page) =>
        `| ${page.language} | ${page.page} | ${page.score} | ${seconds(page.lcpMs)} | ${seconds(page.fcpMs)} | ` +
        `${page.tbtMs.toFixed(0)} ms | ${page.cls.toFixed(3)} | ${page.load.toFixed(1)} | ` +
        `${page.score >= LIGHTHOUSE_TARGET ? 'met' : `missed (< ${LIGHTHOUSE_TARGET})`} |`,
    ),
  ];
}

function markdown(reports: DatabaseReport[]): string {
  const lines: string[] = [];
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  lines.push(
    `Run ${new Date().toISOString()} on ${cpus().length} cores (${cpu}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
      `Node ${process.version}; ${load.connections} connections, ${load.duration} s per case, ` +
      `${productCount} generated products.`,
  );
  for (const report of reports) {
    const name = report.database === 'pglite' ? 'PGlite' : 'PostgreSQL';
    for (const [title, rows] of [
      [
        `${name}, ${productCount} products (seeded in ${report.seedSeconds.toFixed(0)} s incl. start)`,
        report.large,
      ],
      [`${name}, demo catalogue`, report.demo],
    ] as const) {
      if (rows.length === 0) continue;
      lines.push(
        '',
        `### ${title}`,
        '',
        '| case | req/s | p50 ms | p99 ms | errors | peak RSS MB | target |',
      );
      lines.push('|---|---:|---:|---:|---:|---:|---|');
      for (const row of rows) {
        lines.push(
          `| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50Ms.toFixed(0)} | ${row.p99Ms.toFixed(0)} | ` +
            `${row.errors} | ${row.peakRssMb.toFixed(0)} | ${verdict(report.database, row)} |`,
        );
      }
    }
    if (report.oversell) {
      const o = report.oversell;
      lines.push(
        '',
        `Oversell check: ${o.orders} orders, ${o.sold} items sold, ${o.negativeStock} products below zero, ` +
          `${o.productsSoldTwice} inconsistent: ${o.ok ? 'OK' : 'FAILED'}. Server memory high-water mark ` +
          `(VmHWM): ${report.highWaterMb.toFixed(0)} MB.`,
      );
    }
    if (report.cluster.length > 0) {
      lines.push(
        '',
        `### ${name}: WEB_CONCURRENCY=1 and ${CLUSTER_PROCESSES} (same run, same database)`,
        '',
        `| case | 1 process req/s | 1: p99 ms | ${CLUSTER_PROCESSES} processes req/s | ${CLUSTER_PROCESSES}: p99 ms | errors (1 / ${CLUSTER_PROCESSES}) | ratio ${CLUSTER_PROCESSES}/1 | goal ≥ ${CLUSTER_GOAL}× | load average (1 / ${CLUSTER_PROCESSES}) |`,
        '|---|---:|---:|---:|---:|---:|---:|---|---|',
      );
      for (const row of report.cluster) {
        lines.push(
          `| ${row.name} | ${row.one.requestsPerSecond.toFixed(0)} | ${row.one.p99Ms.toFixed(0)} | ` +
            `${row.several.requestsPerSecond.toFixed(0)} | ${row.several.p99Ms.toFixed(0)} | ` +
            `${row.one.errors} / ${row.several.errors} | ${row.ratio.toFixed(2)}× | ${row.ratio >= CLUSTER_GOAL ? 'met' : 'missed'} | ` +
            `${loadText(row.load.one)} / ${loadText(row.load.several)} |`,
        );
      }
    }
    if (report.proofBurst) {
      const burst = report.proofBurst;
      const target = PROOF_BURST_TARGETS[report.database];
      const misses: string[] = [];
      if (target.maxP99Ms && burst.listing.p99Ms >= target.maxP99Ms)
        misses.push(`p99 ≥ ${target.maxP99Ms} ms`);
      if (target.maxMemoryMb && burst.peakRssMb >= target.maxMemoryMb)
        misses.push(`RSS ≥ ${target.maxMemoryMb} MB`);
      if (burst.listing.errors > 0) misses.push('listing errors');
      const verdictText =
        target.maxP99Ms || target.maxMemoryMb
          ? misses.length
            ? `missed (${misses.join(', ')})`
            : 'met'
          : '-';
      const answers = Object.entries(burst.answers)
        .map(([answer, n]) => `${answer} ×${n}`)
        .join(', ');
      lines.push(
        '',
        `### ${name}: ${PROOF_BURST_SHOPPERS} proof uploads at once (${burst.proof.width}×${burst.proof.height} PNG, ` +
          `${(burst.proof.bytes / 1024).toFixed(0)} kB) while the listing is measured`,
        '',
        '| listing req/s | listing p50 ms | listing p99 ms | listing errors | uploads answered | in | peak RSS MB | VmHWM MB | target |',
        '|---:|---:|---:|---:|---|---:|---:|---:|---|',
        `| alone: ${burst.quiet.requestsPerSecond.toFixed(0)} | ${burst.quiet.p50Ms.toFixed(0)} | ${burst.quiet.p99Ms.toFixed(0)} | ` +
          `${burst.quiet.errors} | – | – | ${burst.quiet.peakRssMb.toFixed(0)} | – | – |`,
        `| ${burst.listing.requestsPerSecond.toFixed(0)} | ${burst.listing.p50Ms.toFixed(0)} | ${burst.listing.p99Ms.toFixed(0)} | ` +
          `${burst.listing.errors} | ${answers} | ${burst.seconds.toFixed(1)} s | ${burst.peakRssMb.toFixed(0)} | ` +
          `${burst.highWaterMb.toFixed(0)} | ${verdictText} |`,
      );
    }
    if (report.orderExport) {
      const run = report.orderExport;
      lines.push(
        '',
        `### ${name}: ${EXPORT_ORDERS} (GET /api/order/export.csv, streamed)`,
        '',
        '| rows | MB | seconds | server RSS before MB | peak RSS MB |',
        '|---:|---:|---:|---:|---:|',
        `| ${run.rows} | ${run.megabytes.toFixed(1)} | ${run.seconds.toFixed(1)} | ${run.beforeRssMb.toFixed(0)} | ` +
          `${run.peakRssMb.toFixed(0)} |`,
      );
    }
    if (report.lighthouseLarge.length > 0) {
      lines.push(
        ...lighthouseTable(
          `${name}, ${productCount} products, median of ${LIGHTHOUSE_RUNS}`,
          report.lighthouseLarge,
        ),
      );
    }
    if (report.seoDownloads) {
      lines.push(
        '',
        `### ${name}: ${SEO_FILES} (downloaded whole, streamed)`,
        '',
        '| path | entries | MB | seconds | server RSS before MB | peak RSS MB |',
        '|---|---:|---:|---:|---:|---:|',
        ...report.seoDownloads.map(
          (run) =>
            `| ${run.path} | ${run.entries} | ${run.megabytes.toFixed(1)} | ${run.seconds.toFixed(1)} | ` +
            `${run.beforeRssMb.toFixed(0)} | ${run.peakRssMb.toFixed(0)} |`,
        ),
      );
    }
    if (report.lighthouse.length > 0) {
      lines.push(
        ...lighthouseTable(`${name}, demo catalogue, median of ${LIGHTHOUSE_RUNS}`, report.lighthouse),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`${webDist} has no built web app: run \`npm run build\` first.`);
  }
  if (!existsSync('dist/server/main.js')) {
    throw new Error('dist/server has no compiled server: run `npm run build` first.');
  }
  const databases: DatabaseKind[] = ['pglite'];
  if (process.env.DATABASE_URL) databases.push('postgres');
  const processesOnly = only === 'processes';
  if (processesOnly && !process.env.DATABASE_URL) {
    throw new Error('Comparing processes needs PostgreSQL: set DATABASE_URL (PGlite is one process).');
  }
  const chosen = processesOnly
    ? ['postgres' as const]
    : only
      ? databases.filter((d) => d === only)
      : databases;
  if (chosen.length === 0)
    throw new Error(`--only ${only}: not available (pglite, processes, or postgres with DATABASE_URL)`);
  const reports: DatabaseReport[] = [];
  for (const database of chosen) reports.push(await benchDatabase(database, processesOnly));

  await mkdir(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const table = markdown(reports);
  await writeFile(join(outDir, `results-${stamp}.json`), JSON.stringify(reports, null, 2));
  await writeFile(join(outDir, 'latest.md'), table);
  console.log(`\n${table}\nWritten to bench/out/latest.md and bench/out/results-${stamp}.json`);
  const failed = reports.some((r) => r.oversell && !r.oversell.ok);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error('\nThe benchmark failed:', error);
  process.exit(1);
});
