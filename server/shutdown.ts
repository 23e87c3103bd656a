import { Server as NetServer } from 'node:net';
import type { Socket } from 'node:net';
import type { Server } from 'node:http';

/** How often the drain looks again. */
const SETTLE_MS = 100;
/**
 * How long a connection that was accepted but has sent no request yet is waited for (its
 * request may be unread while the server is busy); one silent longer is an idle preconnect.
 */
const FRESH_WAIT_MS = 2000;

/**
 * Graceful stop on SIGTERM/SIGINT (docs/product.md § Backend): stop accepting connections,
 * let the requests in flight finish, including those whose connection was accepted but whose
 * request was not read yet (requests that arrive on an open keep-alive connection meanwhile
 * are answered with `Connection: close`, so the client reconnects elsewhere), then close the
 * database and exit 0. Requests still running after `drainMs` are cut off (and the log says
 * how many), so a stuck client cannot hold the stop forever.
 */
export function shutDownGracefully(http: Server, closeDb: () => Promise<void>, drainMs: number) {
  let active = 0;
  let stopping: Promise<void> | null = null;
  let drained: (() => void) | null = null;
  const fresh = new Set<Socket>();
  http.on('connection', (socket: Socket) => {
    fresh.add(socket);
    socket.once('close', () => fresh.delete(socket));
  });
  http.on('request', (req, res) => {
    fresh.delete(req.socket);
    active += 1;
    if (stopping) res.setHeader('Connection', 'close');
    res.once('close', () => {
      active -= 1;
      if (active === 0) drained?.();
    });
  });
  return (signal: string): Promise<void> => {
    stopping ??= (async () => {
      console.log(
        `Pneuma stopping (${signal}): finishing ${active} request(s) in flight, waiting for ${fresh.size} new connection(s)`,
      );
      // Stop listening only: http.Server#close would also drop accepted connections whose
      // request has not been read yet.
      NetServer.prototype.close.call(http);
      const started = Date.now();
      const deadline = started + drainMs;
      const busy = () => active > 0 || (fresh.size > 0 && Date.now() - started < FRESH_WAIT_MS);
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      while (busy() && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(resolve, Math.max(0, Math.min(SETTLE_MS, deadline - Date.now())));
        });
      }
      if (active > 0) {
        console.log(
          `Pneuma stopping: ${active} request(s) still running after ${drainMs} ms are cut off`,
        );
      }
      http.closeAllConnections();
      await closeDb().catch((e: Error) => console.error(`closing the database: ${e.message}`));
      console.log('Pneuma stopped');
      process.exit(0);
    })();
    return stopping;
  };
}
