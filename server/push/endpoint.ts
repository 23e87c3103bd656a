import { isIP } from 'node:net';

/**
 * Which push endpoints the server will send to. A browser's push service is always an
 * https URL on a public host (FCM, Mozilla autopush, Apple, Microsoft); refusing anything
 * else keeps a subscription from making the server post to its own network. This checks the
 * spelling only, when a subscription is saved; the address the name resolves to is checked,
 * and the connection pinned to it, at each send (post.ts). Tests and a local push service may
 * allow plain http on the loopback host (`allowLoopbackHttp`).
 */
export function pushEndpointProblem(endpoint: string, allowLoopbackHttp = false): string | null {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return 'is not a URL';
  }
  if (endpoint.length > 2048) return 'is longer than 2048 characters';
  // A trailing dot names the same host ("localhost." is localhost).
  const host = u.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();
  const loopback = host === 'localhost' || host === '127.0.0.1' || host === '::1';
  if (allowLoopbackHttp && loopback && (u.protocol === 'http:' || u.protocol === 'https:'))
    return null;
  if (u.protocol !== 'https:') return 'must be an https URL';
  if (u.username || u.password) return 'must not carry a user name or password';
  if (
    loopback ||
    isIP(host) ||
    !host.includes('.') ||
    /\.(local|internal|localhost)$/i.test(host)
  ) {
    return 'must be on a public push service host';
  }
  return null;
}
