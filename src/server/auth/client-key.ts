import { isIP } from 'node:net';

/**
 * The key a client's address is counted under by the per-client limits (sign-in failures,
 * sign-up, password recovery; issue 27). An IPv4 address counts as itself (an IPv4-mapped IPv6
 * address as the IPv4 address it carries). An IPv6 address counts as its network of
 * `ipv6Prefix` bits (LIMITS_IPV6_PREFIX, default 64): one subscriber usually holds a whole /64,
 * so counting each of its 2^64 addresses apart would give them unlimited clients.
 */
export function clientKey(ip: string, ipv6Prefix: number): string {
  const address = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const family = isIP(address);
  if (family !== 6) return address;
  const bits = ipv6Bits(address);
  const host = BigInt(128 - ipv6Prefix);
  const network = (bits >> host) << host;
  const hex = network.toString(16).padStart(32, '0');
  return `${hex.match(/.{4}/g)?.join(':')}/${ipv6Prefix}`;
}

/** The 128 bits of a valid IPv6 address (with or without '::' and a dotted IPv4 tail). */
function ipv6Bits(address: string): bigint {
  let a = address.toLowerCase();
  const v4 = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (v4) {
    const [b1, b2, b3, b4] = v4.slice(2).map(Number) as [number, number, number, number];
    a = `${v4[1]}${((b1 << 8) | b2).toString(16)}:${((b3 << 8) | b4).toString(16)}`;
  }
  let groups: string[];
  if (a.includes('::')) {
    const [head = '', tail = ''] = a.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  } else {
    groups = a.split(':');
  }
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(Number.parseInt(g || '0', 16)), 0n);
}
