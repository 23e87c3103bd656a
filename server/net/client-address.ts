import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import proxyaddr from 'proxy-addr';

/**
 * Which reverse proxies are trusted to say who the client is (X-Forwarded-For) and how it
 * connected (X-Forwarded-Proto/-Host): a proxy-addr trust function, or null for none.
 * Only a peer on the list may speak for the client; the address taken is the one nearest to
 * the server that is not a trusted proxy, never the client-forgeable leftmost value.
 */
export type ProxyTrust = ((addr: string, hop: number) => boolean) | null;

/**
 * Compiles PNEUMA_TRUST_PROXY: a comma-separated list of addresses, subnets (CIDR) and the
 * names proxy-addr knows (loopback, linklocal, uniquelocal). '1' or 'true' mean loopback (a
 * proxy on the same machine); '', '0' or 'false' mean none. Throws on an invalid entry.
 */
export function compileProxyTrust(
  setting: string | readonly string[] | boolean | undefined,
): ProxyTrust {
  if (setting === undefined || setting === false) return null;
  let list: string[];
  if (setting === true) list = ['loopback'];
  else if (typeof setting === 'string') {
    const t = setting.trim().toLowerCase();
    if (t === '' || t === '0' || t === 'false') return null;
    list =
      t === '1' || t === 'true'
        ? ['loopback']
        : setting
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
  } else list = [...setting];
  try {
    return proxyaddr.compile(list);
  } catch (e) {
    throw new Error(
      `PNEUMA_TRUST_PROXY: ${(e as Error).message}. Use the addresses of your proxies, e.g. loopback, 10.0.0.5 or 10.0.0.0/8.`,
      { cause: e },
    );
  }
}

/** The socket's peer address, or 'local' for in-process requests (tests, app.request). */
export function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}

/** The client's address: the peer, or through trusted proxies the first untrusted hop. */
export function clientAddress(c: Context, trust: ProxyTrust): string {
  const peer = peerAddress(c);
  if (!trust || peer === 'local' || peer === 'unknown') return peer;
  const xff = c.req.header('x-forwarded-for');
  if (!xff) return peer;
  const req = {
    headers: { 'x-forwarded-for': xff },
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
  };
  return proxyaddr(req as never, trust);
}

/** Whether the direct peer is a trusted proxy (its X-Forwarded-Proto/-Host count). */
export function peerIsTrusted(c: Context, trust: ProxyTrust): boolean {
  if (!trust) return false;
  const peer = peerAddress(c);
  return peer !== 'local' && peer !== 'unknown' && trust(peer, 0);
}
