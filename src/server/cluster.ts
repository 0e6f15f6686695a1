import cluster, { type Worker } from 'node:cluster';

/** Deaths within RESTART_WINDOW_MS after which the primary stops replacing workers: a crash loop. */
const RESTART_LIMIT = 5;
const RESTART_WINDOW_MS = 60_000;

export interface SupervisorOptions {
  workers: number;
  /** How long workers may take to finish open requests once told to stop, before they are killed. */
  shutdownTimeoutMs: number;
  /** Called once, when every first worker listens: the shop serves. */
  onServing(port: number, pids: number[]): void;
  say(line: string): void;
  warn(line: string): void;
}

/**
 * The primary process of WEB_CONCURRENCY > 1: forks the workers that serve the shop on one shared
 * port (node:cluster hands each connection to one of them), replaces one that dies unexpectedly, and
 * on SIGTERM or SIGINT tells every worker to finish its open requests, leaving with code 0 once all
 * did. It never serves nor opens the database itself: main.ts has prepared the database before.
 */
export function superviseWorkers(options: SupervisorOptions): void {
  const live = new Set<Worker>();
  const firstListening = new Set<number>();
  let serving = false;
  let stopping = false;
  /** Whether the primary leaves with code 1: a start that failed, a crash loop, a worker that did not stop cleanly. */
  let failed = false;
  const deaths: number[] = [];

  const fork = () => live.add(cluster.fork());

  const stopAll = (reason: string) => {
    stopping = true;
    options.say(reason);
    for (const worker of live) worker.process.kill('SIGTERM');
    // Each worker has its own deadline (main.ts); this one only catches a worker that ignored it.
    setTimeout(() => {
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(1);
    }, options.shutdownTimeoutMs + 5_000).unref();
    if (live.size === 0) process.exit(failed ? 1 : 0);
  };

  cluster.on('listening', (worker, address) => {
    if (serving) {
      options.say(`Server process ${worker.process.pid} is serving.`);
      return;
    }
    firstListening.add(worker.id);
    if (firstListening.size === options.workers) {
      serving = true;
      options.onServing(
        address.port,
        [...live].map((each) => each.process.pid ?? 0),
      );
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (stopping) {
      if (code !== 0) failed = true;
      if (live.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!serving) {
      failed = true;
      // A worker that could not start (the port in use, the database unreachable) has said why; its
      // replacements would fail the same way.
      stopAll(`A server process could not start (${how}); stopping.`);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0]! < now - RESTART_WINDOW_MS) deaths.shift();
    if (deaths.length >= RESTART_LIMIT) {
      failed = true;
      options.warn(
        `${deaths.length} server processes died within ${RESTART_WINDOW_MS / 1000} s (the last: pid ${worker.process.pid}, ${how}); stopping the shop.`,
      );
      stopAll('Stopping every server process...');
      return;
    }
    options.warn(`Server process ${worker.process.pid} stopped unexpectedly (${how}); starting another.`);
    fork();
  });

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl+C: the person does not want to wait.
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopAll(`\n${signal} received: the ${live.size} server processes finish their open requests...`);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  for (let i = 0; i < options.workers; i += 1) fork();
}
