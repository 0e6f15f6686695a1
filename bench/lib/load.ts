import autocannon from 'autocannon';
import type { ServerProcess } from './server-process';

export interface CaseResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx, plus connection errors and timeouts. */
  errors: number;
  total: number;
  peakRssMb: number;
}

export interface LoadOptions {
  connections: number;
  duration: number;
}

export type Request = autocannon.RequestSpec;

/**
 * One timed case against the running server. `amount` bounds the run by a number of requests instead
 * of time (orders: one per prepared cart); even then it stops after four times the duration.
 */
export async function runCase(
  server: ServerProcess,
  name: string,
  requests: Request[],
  options: LoadOptions & { amount?: number },
): Promise<CaseResult> {
  server.resetPeak();
  const instance = autocannon({
    url: server.baseUrl,
    connections: options.connections,
    duration: options.duration,
    ...(options.amount ? { amount: options.amount } : {}),
    timeout: 10,
    requests,
  });
  const guard = setTimeout(() => instance.stop(), options.duration * 4000 + 10_000);
  const result = await instance;
  clearTimeout(guard);
  // autocannon's req/s average is per whole second, which misreads a run shorter than its duration.
  const completed = result['2xx'] + result.non2xx;
  const row: CaseResult = {
    name,
    requestsPerSecond: result.duration > 0 ? completed / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // autocannon counts a timeout among its errors too.
    errors: result.non2xx + result.errors,
    total: completed,
    peakRssMb: server.memory().peakRssMb,
  };
  if (row.errors > 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stat]) => `${code} x${stat.count}`);
    console.log(
      `  ${name}: errors ${[...statuses, `connection errors x${result.errors}`, `timeouts x${result.timeouts}`].join(', ')}`,
    );
  }
  console.log(
    `  ${name.padEnd(34)} ${row.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${row.p50Ms
      .toFixed(0)
      .padStart(
        4,
      )} ms  p99 ${row.p99Ms.toFixed(0).padStart(4)} ms  errors ${row.errors}  rss ${row.peakRssMb.toFixed(0)} MB`,
  );
  return row;
}

/** Runs `work` over `items` with at most `limit` in flight: preparing carts, reading stock. */
export async function inPool<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function sendJson<T>(
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A multipart/form-data body of text fields, as the checkout form sends it, and files when given (a
 * payment proof: `{ paymentImage: { filename, contentType, content } }`).
 */
export function multipartBody(
  fields: Record<string, string>,
  files: Record<string, { filename: string; contentType: string; content: Buffer }> = {},
): { body: Buffer; contentType: string } {
  const boundary = `----nourbench${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
