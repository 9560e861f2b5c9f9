import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** A TCP proxy a test can cut (the database "goes away") and restore, without touching the database. */
export interface TcpProxy {
  /** The port it listens on (127.0.0.1). */
  port: number;
  /** Drops every open connection and refuses new ones (each is closed as soon as it is accepted). */
  cut(): void;
  /** Passes connections through again. */
  restore(): void;
  /** Stops listening and drops every connection. */
  close(): Promise<void>;
}

/**
 * Starts a proxy on a free port forwarding each connection to `target`.
 *
 * @example const proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 }); proxy.cut(); … proxy.restore();
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let passing = true;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    // A reset peer is what a cut means; it must not crash the test process.
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (!passing) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const dropAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      passing = false;
      dropAll();
    },
    restore() {
      passing = true;
    },
    async close() {
      const closed = once(server, 'close');
      server.close();
      dropAll();
      await closed;
    },
  };
}
