import type { Server } from 'node:http';

/**
 * Graceful stop on SIGTERM/SIGINT (docs/product.md § Backend): stop accepting connections,
 * let the requests in flight finish (answers carry `Connection: close` so keep-alive clients
 * reconnect elsewhere), then close the database and exit 0. Requests still running after
 * `drainMs` are cut off, so a stuck client cannot hold the stop forever.
 */
export function shutDownGracefully(http: Server, closeDb: () => Promise<void>, drainMs: number) {
  let active = 0;
  let stopping: Promise<void> | null = null;
  let drained: (() => void) | null = null;
  http.on('request', (_req, res) => {
    active += 1;
    if (stopping) res.setHeader('Connection', 'close');
    res.once('close', () => {
      active -= 1;
      if (active === 0) drained?.();
    });
  });
  return (signal: string): Promise<void> => {
    stopping ??= (async () => {
      console.log(`Pneuma stopping (${signal}): finishing ${active} request(s) in flight`);
      http.close();
      http.closeIdleConnections();
      if (active > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(resolve, drainMs).unref();
        });
      }
      http.closeAllConnections();
      await closeDb().catch((e: Error) => console.error(`closing the database: ${e.message}`));
      console.log('Pneuma stopped');
      process.exit(0);
    })();
    return stopping;
  };
}
