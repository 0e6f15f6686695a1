import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP relay between the app and PostgreSQL, so a test can take the database away (as a restart or a
 * fail-over does) without touching the shared server: `cut()` drops every connection and refuses new
 * ones, `restore()` listens again on the same port.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private cutOnNextMessage = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** `host:port` of the relay, for a connection string. */
  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        // The other side going away is the point of this relay, not a failure of the test.
        socket.on('error', () => undefined);
      }
      client.on('data', (chunk: Buffer) => {
        if (!this.cutOnNextMessage) {
          upstream.write(chunk);
          return;
        }
        this.cutOnNextMessage = false;
        this.resetAll();
      });
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** PostgreSQL is gone: open connections are reset, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.resetAll();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  /**
   * The next message the app sends on any connection is never delivered: every open connection is
   * reset instead (as when the server dies between two statements). New connections are served.
   */
  cutAtNextMessage(): void {
    this.cutOnNextMessage = true;
  }

  private resetAll(): void {
    for (const socket of this.sockets) socket.resetAndDestroy();
  }

  /** PostgreSQL is back, at the same address. */
  restore(): Promise<void> {
    return this.start();
  }

  close(): Promise<void> {
    return this.cut();
  }
}
