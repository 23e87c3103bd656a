/**
 * A TCP relay on its own loopback port in front of the server. WebDriver classic has no
 * offline switch: closing the relay (and every connection through it) makes the server
 * unreachable for pages opened through it. It listens on RELAY_PORT_OFFSET above the server's
 * port, an origin the server is told to answer for (./server.mjs: PNEUMA_PUBLIC_ALIASES).
 */
import { connect, createServer } from 'node:net';

export const RELAY_PORT_OFFSET = 100;

export async function startRelay(targetPort, listenPort = targetPort + RELAY_PORT_OFFSET) {
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    baseURL: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}
