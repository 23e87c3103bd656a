import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isLoopbackAddress, isPublicAddress } from '../net/ip-ranges';

/** Resolves a host name to its addresses (the system resolver by default; tests pass their own). */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface PinnedPostOptions {
  headers: Record<string, string>;
  body: Uint8Array;
  /** The whole exchange (name lookup, connection, answer) at most this long. */
  timeoutMs: number;
  /** Plain http and loopback addresses too (tests and a local push service; off in production). */
  allowLoopback?: boolean;
  resolve?: Resolve;
}

export type PostAnswer = { status: number } | { error: string };

/**
 * POSTs to a push endpoint on the address its name resolved to, checked first
 * (server/README.md § Push reminders): every address the name has must be a public unicast
 * one (net/ip-ranges: no private, loopback, link-local, unique-local, IPv4-mapped private…),
 * and the connection goes to the address checked, not to a second lookup (so a name that
 * answers a public address to the check and an internal one to the connection, DNS
 * rebinding, still reaches only the public one). TLS verifies the certificate for the name.
 * No redirects are followed. Never throws: a refusal, failure or time-out is `{ error }`.
 */
export async function pinnedPost(endpoint: string, opts: PinnedPostOptions): Promise<PostAnswer> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { error: 'the endpoint is not a URL' };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = (a: string) =>
    isPublicAddress(a) || (opts.allowLoopback === true && isLoopbackAddress(a));
  if (url.protocol !== 'https:' && !(opts.allowLoopback && url.protocol === 'http:'))
    return { error: 'the endpoint is not https' };
  const deadline = AbortSignal.timeout(opts.timeoutMs);
  let address: { address: string; family: number };
  if (isIP(host)) address = { address: host, family: isIP(host) };
  else {
    let all: { address: string; family: number }[];
    try {
      all = await Promise.race([
        (opts.resolve ?? systemResolve)(host.replace(/\.$/, '')),
        new Promise<never>((_, reject) =>
          deadline.addEventListener('abort', () => reject(new Error('timed out'))),
        ),
      ]);
    } catch (e) {
      return { error: `could not resolve ${host}: ${e instanceof Error ? e.message : String(e)}` };
    }
    if (all.length === 0) return { error: `${host} has no address` };
    const refused = all.find((a) => !allowed(a.address));
    if (refused) return { error: `${host} resolves to ${refused.address}, not a public address` };
    address = all[0]!;
  }
  if (!allowed(address.address)) return { error: `${host} is not a public address` };
  const pinned = address;
  // The socket connects to the checked address whatever the name would resolve to now.
  const lookup: LookupFunction = (_name, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostAnswer>((resolve) => {
    let settled = false;
    const done = (a: PostAnswer) => {
      if (settled) return;
      settled = true;
      deadline.removeEventListener('abort', onAbort);
      resolve(a);
    };
    const req = send(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: opts.headers,
        lookup,
        agent: false,
        ...(url.protocol === 'https:' && !isIP(host)
          ? { servername: host.replace(/\.$/, '') }
          : {}),
      },
      (res) => {
        done({ status: res.statusCode ?? 0 });
        res.resume();
        res.destroy();
      },
    );
    const onAbort = () => {
      req.destroy();
      done({ error: `no answer within ${opts.timeoutMs} ms` });
    };
    if (deadline.aborted) return onAbort();
    deadline.addEventListener('abort', onAbort, { once: true });
    req.on('error', (e) => done({ error: e.message }));
    req.end(opts.body);
  });
}
