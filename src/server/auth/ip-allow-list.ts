import { BlockList, isIP } from 'node:net';

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is checked as the IPv4 address it carries. */
function normalise(ip: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  const family = isIP(address);
  return family === 0 ? null : { address, family: family === 4 ? 'ipv4' : 'ipv6' };
}

export interface AllowList {
  /** No entries: every address is allowed. */
  empty: boolean;
  allows(ip: string): boolean;
}

/**
 * Parses the IP allow-list setting: addresses and CIDR ranges, IPv4 and IPv6, separated by
 * commas, spaces or new lines. Throws with the first entry that is neither.
 */
export function parseAllowList(text: string): AllowList {
  const entries = text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const list = new BlockList();
  for (const entry of entries) {
    const [addr = '', bits, ...rest] = entry.split('/');
    const n = normalise(addr);
    if (!n || rest.length > 0) throw new Error(`'${entry}' is not an IP address or a CIDR range`);
    if (bits === undefined) list.addAddress(n.address, n.family);
    else {
      const prefix = Number(bits);
      if (!/^\d+$/.test(bits) || prefix > (n.family === 'ipv4' ? 32 : 128))
        throw new Error(`'${entry}' is not an IP address or a CIDR range`);
      list.addSubnet(n.address, prefix, n.family);
    }
  }
  return {
    empty: entries.length === 0,
    allows(ip: string) {
      if (entries.length === 0) return true;
      const n = normalise(ip);
      return n !== null && list.check(n.address, n.family);
    },
  };
}

/** The allow-list of a stored setting; a value that no longer parses allows nobody but is never thrown. */
export function allowListOf(text: string): AllowList {
  try {
    return parseAllowList(text);
  } catch {
    return { empty: false, allows: () => false };
  }
}
