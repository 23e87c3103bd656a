import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * Address ranges the server must not be steered into, and the grouping its limits count by.
 *
 * - `isPublicAddress`: true only for a global unicast address. Refused: private (10/8,
 *   172.16/12, 192.168/16), loopback (127/8, ::1), link-local (169.254/16, fe80::/10), unique
 *   local (fc00::/7), shared (100.64/10), unspecified, multicast, broadcast, documentation,
 *   benchmarking and reserved ranges, and an IPv6 address that carries an IPv4 one
 *   (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16) when that IPv4 address
 *   is not public.
 * - `limitNetwork`: the /24 or /48 around such a key, for caps a person must not pass by
 *   spreading over neighbouring addresses.
 * - `limitAddress`: the key an address counts under in the abuse limits: an IPv4 address as
 *   itself, an IPv6 address by its /64 (one home or host gets a whole /64, so counting
 *   addresses one by one would let it try 2^64 times), an IPv4-mapped IPv6 address as IPv4.
 */

const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const BLOCKED_V6: [string, number][] = [
  ['::', 8], // unspecified, loopback, IPv4-compatible and other reserved
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const v4Blocked = new BlockList();
for (const [net, bits] of BLOCKED_V4) v4Blocked.addSubnet(net, bits, 'ipv4');
const v6Blocked = new BlockList();
for (const [net, bits] of BLOCKED_V6) v6Blocked.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad included), or null. */
export function ipv6Groups(addr: string): number[] | null {
  let a = addr.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(a) !== 6) return null;
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (quad) {
    const [b0, b1, b2, b3] = quad[1]!.split('.').map(Number) as [number, number, number, number];
    a = `${a.slice(0, -quad[1]!.length)}${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head, tail] = a.includes('::') ? (a.split('::') as [string, string]) : [a, null];
  const parse = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = parse(head);
  if (tail === null) return h.length === 8 ? h : null;
  const t = parse(tail);
  return [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
}

const v4FromGroups = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 one carries (IPv4-mapped, NAT64, 6to4), else null. */
function embeddedV4(g: number[]): string | null {
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return v4FromGroups(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
    return v4FromGroups(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4FromGroups(g[1]!, g[2]!);
  return null;
}

/** Whether `addr` (an IPv4 or IPv6 literal) is a global unicast address a server may post to. */
export function isPublicAddress(addr: string): boolean {
  if (isIPv4(addr)) return !v4Blocked.check(addr, 'ipv4') && addr !== '255.255.255.255';
  const g = ipv6Groups(addr);
  if (!g) return false;
  const v4 = embeddedV4(g);
  if (v4) return isPublicAddress(v4);
  const canonical = g.map((x) => x.toString(16)).join(':');
  return !v6Blocked.check(canonical, 'ipv6');
}

/** Whether `addr` is a loopback address (127/8, ::1, or IPv4-mapped loopback). */
export function isLoopbackAddress(addr: string): boolean {
  if (isIPv4(addr)) return addr.startsWith('127.');
  const g = ipv6Groups(addr);
  if (!g) return false;
  const v4 = embeddedV4(g);
  if (v4) return v4.startsWith('127.');
  return g.slice(0, 7).every((x) => x === 0) && g[7] === 1;
}

/** The key an address counts under in the abuse limits: IPv4 as is, IPv6 by its /64. */
export function limitAddress(addr: string): string {
  if (isIPv4(addr)) return addr;
  const g = ipv6Groups(addr);
  if (!g) return addr;
  const v4 =
    g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff ? v4FromGroups(g[6]!, g[7]!) : null;
  if (v4) return v4;
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

/**
 * The wider network of a limit key (limitAddress): an IPv4 address's /24, an IPv6 /64's /48;
 * anything else as is. For caps that one person with a few neighbouring addresses must not
 * pass by spreading over them.
 */
export function limitNetwork(key: string): string {
  if (isIPv4(key)) return `${key.split('.').slice(0, 3).join('.')}.0/24`;
  const m = /^([0-9a-f]+):([0-9a-f]+):([0-9a-f]+):[0-9a-f]+::\/64$/.exec(key);
  return m ? `${m[1]}:${m[2]}:${m[3]}::/48` : key;
}
