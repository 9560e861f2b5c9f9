import type { Server } from 'node:http';

/** What {@link createGracefulShutdown} stops, and the steps around closing the port. */
export interface GracefulShutdownOptions {
  /** The listening HTTP server. */
  server: Server;
  /** How long the port stays open after draining began (for load balancers polling `/ready`). */
  drainMilliseconds: number;
  /** How long answers in flight may go on once the port is closed, before their connections are cut. */
  graceMilliseconds: number;
  /** Called when draining begins: `/ready` should answer 503 `draining` from now on. */
  onDrain: () => void;
  /** Called just before the port closes: stop background work that would outlive the requests. */
  onPortClosing: () => void;
  /** Called once every connection has ended: stop the rest and close the storage, last. */
  onConnectionsClosed: () => Promise<void>;
}

/** The two ways to begin stopping the server. */
export interface GracefulShutdown {
  /** Begins draining (see {@link GracefulShutdownOptions.onDrain}); everything else is served as before. */
  drain(): void;
  /**
   * Drains, keeps the port open for the drain period, stops accepting connections, lets answers
   * in flight finish (up to the grace period), then runs `onConnectionsClosed`. Safe to call twice.
   */
  close(): Promise<void>;
}

/**
 * Stops a server in the order load balancers and clients need: `/ready` turns 503 first, the
 * port closes after the drain period, answers in flight get the grace period.
 *
 * @example const shutdown = createGracefulShutdown({ server, drainMilliseconds: 0, graceMilliseconds: 10_000, onDrain, onPortClosing, onConnectionsClosed }); await shutdown.close();
 */
export function createGracefulShutdown(options: GracefulShutdownOptions): GracefulShutdown {
  const { server } = options;
  let closing: Promise<void> | undefined;
  const drain = () => options.onDrain();
  const stop = () =>
    new Promise<void>((resolve) => {
      options.onPortClosing();
      // Idle keep-alive connections would hold close() open; answers in flight get the grace period.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const deadline = setTimeout(() => server.closeAllConnections(), options.graceMilliseconds);
      server.close(() => {
        clearInterval(sweep);
        clearTimeout(deadline);
        void options.onConnectionsClosed().then(() => resolve());
      });
      server.closeIdleConnections();
    });
  const close = () =>
    (closing ??= (async () => {
      drain();
      if (options.drainMilliseconds > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMilliseconds));
      await stop();
    })());
  return { drain, close };
}
