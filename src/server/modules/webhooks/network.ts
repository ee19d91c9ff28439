import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '../../../shared/webhooks.ts';

/**
 * Where a webhook may go (decision 047, no server-side request forgery). An address is checked
 * after resolving the name ourselves, and the connection is made to that checked address (the
 * request's `lookup` returns it), so a second resolution cannot swap in another (no TOCTOU).
 */

/** Ranges no webhook reaches unless WEBHOOK_ALLOWED_NETWORKS names them (RFC 6890 special-purpose registries). */
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const BLOCKED_V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0', 96], // IPv4-mapped (would reach any IPv4 address, private ones included)
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64 (an IPv4 address inside)
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo included)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (an IPv4 address inside)
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];
const LOOPBACK: [string, number, 'ipv4' | 'ipv6'][] = [
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
];

/**
 * One list per family, each checked only with its own family's addresses: Node's BlockList also
 * matches an IPv4 address against IPv4-mapped IPv6 rules, so `::ffff:0:0/96` in a shared list
 * would block every IPv4 address.
 */
function lists(entries: readonly (readonly [string, number, 'ipv4' | 'ipv6'])[]): { ipv4: BlockList; ipv6: BlockList } {
  const out = { ipv4: new BlockList(), ipv6: new BlockList() };
  for (const [a, p, t] of entries) out[t].addSubnet(a, p, t);
  return out;
}
const blocked = lists([...BLOCKED_V4.map(([a, p]) => [a, p, 'ipv4'] as const), ...BLOCKED_V6.map(([a, p]) => [a, p, 'ipv6'] as const)]);
const loopback = lists(LOOPBACK);
const inList = (l: { ipv4: BlockList; ipv6: BlockList }, address: string) => {
  const t = typeOf(address);
  return l[t].check(address, t);
};

export interface NetworkPolicy {
  /** CIDR ranges allowed although blocked above (WEBHOOK_ALLOWED_NETWORKS). */
  allowedNetworks: string[];
  /** http:// to a loopback address, and loopback itself (WEBHOOK_ALLOW_HTTP_LOOPBACK; tests). */
  allowHttpLoopback: boolean;
}

/** Resolves a host name to its addresses (tests inject one: see `webhookNetwork`). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** The resolver in use: the system's; the suites replace it to make a name point at loopback offline. */
export const webhookNetwork: { resolve: Resolver } = {
  resolve: (hostname) => lookup(hostname, { all: true, verbatim: true }),
};

export class WebhookAddressError extends Error {
  constructor(
    message: string,
    readonly field: 'url' = 'url',
  ) {
    super(message);
    this.name = 'WebhookAddressError';
  }
}

const typeOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

function allowListed(address: string, policy: NetworkPolicy): boolean {
  if (policy.allowedNetworks.length === 0) return false;
  return inList(
    lists(
      policy.allowedNetworks.map((entry) => {
        const [a, bits] = entry.split('/') as [string, string | undefined];
        const t = typeOf(a);
        return [a, bits === undefined ? (t === 'ipv6' ? 128 : 32) : Number(bits), t];
      }),
    ),
    address,
  );
}

export const isLoopback = (address: string) => inList(loopback, address);

/** Whether a webhook may connect to this address under the policy. */
export function addressAllowed(address: string, policy: NetworkPolicy): boolean {
  if (!isIP(address)) return false;
  if (allowListed(address, policy)) return true;
  if (policy.allowHttpLoopback && isLoopback(address)) return true;
  return !inList(blocked, address);
}

/** A URL's form: https (or http to loopback when allowed), no user name or password, a host. */
export function parseWebhookUrl(raw: string, policy: NetworkPolicy): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new WebhookAddressError(WEBHOOK_MESSAGES.urlInvalid);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new WebhookAddressError(WEBHOOK_MESSAGES.urlInvalid);
  if (u.username || u.password) throw new WebhookAddressError(WEBHOOK_MESSAGES.urlCredentials);
  if (!u.hostname) throw new WebhookAddressError(WEBHOOK_MESSAGES.urlInvalid);
  if (u.protocol === 'http:') {
    // Plain http only to a loopback address written as such, and only when the setting allows it.
    const host = bareHost(u.hostname);
    if (!policy.allowHttpLoopback || !(isIP(host) && isLoopback(host))) throw new WebhookAddressError(WEBHOOK_MESSAGES.urlHttps);
  }
  return u;
}

/** [::1] -> ::1 */
export const bareHost = (hostname: string) => (hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname);

/**
 * The one address a delivery connects to: the URL's host resolved here, every address checked
 * (a name with any refused address is refused as a whole: a rebinding name mixes them).
 */
export async function resolveChecked(u: URL, policy: NetworkPolicy): Promise<{ address: string; family: 4 | 6 }> {
  const host = bareHost(u.hostname);
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await webhookNetwork.resolve(host);
    } catch {
      throw new WebhookAddressError(WEBHOOK_MESSAGES.urlUnresolved);
    }
  }
  if (addresses.length === 0) throw new WebhookAddressError(WEBHOOK_MESSAGES.urlUnresolved);
  for (const a of addresses) if (!addressAllowed(a.address, policy)) throw new WebhookAddressError(WEBHOOK_MESSAGES.urlBlocked);
  const first = addresses[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** Both checks, as at registration. */
export async function checkWebhookUrl(raw: string, policy: NetworkPolicy): Promise<URL> {
  const u = parseWebhookUrl(raw, policy);
  await resolveChecked(u, policy);
  return u;
}
