import { lookup as dnsLookup } from 'node:dns/promises';
import { isIPv4, isIPv6, type LookupFunction } from 'node:net';

/**
 * Outbound connections to addresses users type (database sources, later connectors): the host is
 * resolved once, every address it resolves to is checked, and the caller connects to the checked
 * address (never a second lookup, so DNS rebinding cannot swap it). Refused always: unspecified,
 * loopback, link-local, cloud metadata, multicast, broadcast and reserved ranges; private ranges
 * (RFC 1918, CGNAT, IPv6 unique-local) unless the operator allows them. The operator's allow list
 * (addresses or CIDR ranges) opens any range but the metadata endpoints.
 */
export interface OutboundPolicy {
  /** PATHWAYS_SOURCES_ALLOW_PRIVATE=1: private ranges are reachable (an intranet deployment) */
  allowPrivate: boolean;
  /** PATHWAYS_SOURCES_ALLOW: addresses or CIDR ranges reachable whatever their class */
  allow: readonly string[];
}

export type AddressClass =
  | 'public'
  | 'private'
  | 'loopback'
  | 'link-local'
  | 'metadata'
  | 'multicast'
  | 'unspecified'
  | 'reserved';

/** Hosts that name a cloud metadata service, refused before any lookup */
const METADATA_HOSTS = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);

type Bytes = number[];

function v4Bytes(ip: string): Bytes {
  return ip.split('.').map(Number);
}

/** 16 bytes of an IPv6 address (zone id dropped, embedded dotted IPv4 read) */
function v6Bytes(input: string): Bytes {
  let ip = input.split('%')[0];
  let tail: Bytes = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (dotted) {
    tail = v4Bytes(dotted[1]);
    ip = ip.slice(0, -dotted[1].length) + '0:0';
  }
  const [head, rest] = ip.includes('::') ? ip.split('::') : [ip, null];
  const h = head ? head.split(':') : [];
  const r = rest === null ? [] : rest ? rest.split(':') : [];
  const groups = rest === null ? h : [...h, ...Array(8 - h.length - r.length).fill('0'), ...r];
  const out: Bytes = [];
  for (const g of groups) {
    const n = parseInt(g || '0', 16);
    out.push(n >> 8, n & 255);
  }
  if (tail.length) out.splice(12, 4, ...tail);
  return out;
}

interface Range {
  bytes: Bytes;
  bits: number;
}

function parseRange(cidr: string): Range | null {
  const [addr, len] = cidr.trim().split('/');
  if (isIPv4(addr)) {
    const bits = len === undefined ? 32 : Number(len);
    return Number.isInteger(bits) && bits >= 0 && bits <= 32
      ? { bytes: v4Bytes(addr), bits }
      : null;
  }
  if (isIPv6(addr)) {
    const bits = len === undefined ? 128 : Number(len);
    return Number.isInteger(bits) && bits >= 0 && bits <= 128
      ? { bytes: v6Bytes(addr), bits }
      : null;
  }
  return null;
}

function inRange(bytes: Bytes, range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.bits; bit++) {
    const i = bit >> 3;
    const mask = 128 >> (bit & 7);
    if ((bytes[i] & mask) !== (range.bytes[i] & mask)) return false;
  }
  return true;
}

const ranges = (list: Array<[string, AddressClass]>) =>
  list.map(([cidr, cls]) => ({ range: parseRange(cidr)!, cls }));

/** Checked in order: the first match wins (metadata before the link-local and private ranges holding it) */
const V4 = ranges([
  ['169.254.169.254/32', 'metadata'],
  ['169.254.170.2/32', 'metadata'],
  ['100.100.100.200/32', 'metadata'],
  ['0.0.0.0/8', 'unspecified'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'reserved'],
  ['240.0.0.0/4', 'reserved'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'reserved'],
  ['198.51.100.0/24', 'reserved'],
  ['203.0.113.0/24', 'reserved'],
  ['198.18.0.0/15', 'reserved'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'private'],
]);

const V6 = ranges([
  ['fd00:ec2::254/128', 'metadata'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fe80::/10', 'link-local'],
  ['ff00::/8', 'multicast'],
  ['2001:db8::/32', 'reserved'],
  ['100::/64', 'reserved'],
  ['fec0::/10', 'private'],
  ['fc00::/7', 'private'],
]);

/** An IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64, 6to4), or null */
function embeddedV4(b: Bytes): string | null {
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (at: number) => b.slice(at, at + 4).join('.');
  if (zero(0, 10) && b[10] === 255 && b[11] === 255) return v4(12); // ::ffff:a.b.c.d
  if (zero(0, 12) && !zero(12, 16) && !(zero(12, 15) && b[15] === 1)) return v4(12); // ::a.b.c.d
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return v4(12); // 64:ff9b::/96
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2); // 2002::/16 (6to4)
  return null;
}

/** The class of an IP address (IPv4, IPv6, IPv4 inside IPv6), or null when it is not one */
export function classifyAddress(ip: string): AddressClass | null {
  if (isIPv4(ip)) {
    const b = v4Bytes(ip);
    return V4.find((r) => inRange(b, r.range))?.cls ?? 'public';
  }
  if (isIPv6(ip.split('%')[0])) {
    const b = v6Bytes(ip);
    const inner = embeddedV4(b);
    if (inner) return classifyAddress(inner);
    return V6.find((r) => inRange(b, r.range))?.cls ?? 'public';
  }
  return null;
}

const REFUSED: Record<Exclude<AddressClass, 'public'>, string> = {
  private: 'is a private network address (an operator may allow private networks)',
  loopback: 'is this server itself (loopback)',
  'link-local': 'is a link-local address',
  metadata: 'is a cloud metadata service',
  multicast: 'is a multicast address',
  unspecified: 'is an unspecified address',
  reserved: 'is a reserved address',
};

/** Whether the operator's allow list (PATHWAYS_SOURCES_ALLOW) names this address */
export function allowListed(ip: string, policy: OutboundPolicy): boolean {
  const inner = isIPv6(ip.split('%')[0]) ? embeddedV4(v6Bytes(ip)) : null;
  const address = inner ?? ip;
  const bytes = isIPv4(address) ? v4Bytes(address) : v6Bytes(address);
  return policy.allow.some((a) => {
    const r = parseRange(a);
    return r !== null && inRange(bytes, r);
  });
}

/** Whether an address may be connected to under the policy; the refusal says why */
export function checkAddress(
  ip: string,
  policy: OutboundPolicy,
): { ok: true } | { ok: false; reason: string } {
  const cls = classifyAddress(ip);
  if (cls === null) return { ok: false, reason: 'is not an IP address' };
  if (cls === 'public') return { ok: true };
  if (cls === 'metadata') return { ok: false, reason: REFUSED.metadata };
  if (allowListed(ip, policy)) return { ok: true };
  if (cls === 'private' && policy.allowPrivate) return { ok: true };
  return { ok: false, reason: REFUSED[cls] };
}

export type Resolved =
  | { ok: true; address: string; family: 4 | 6 }
  | { ok: false; kind: 'dns' | 'refused'; message: string };

type Lookup = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Resolve `host` once and check every address it gives: refused if any is refused (a name
 * answering both a public and an internal address is not trusted). Connect to `address`.
 */
export async function resolveOutbound(
  host: string,
  policy: OutboundPolicy,
  lookup: Lookup = systemLookup,
): Promise<Resolved> {
  const name = host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/\.$/, '');
  if (METADATA_HOSTS.has(name))
    return {
      ok: false,
      kind: 'refused',
      message: `Connections to ${host} are not allowed: it is a cloud metadata service.`,
    };
  let addresses: Array<{ address: string; family: number }>;
  if (isIPv4(name) || isIPv6(name.split('%')[0]))
    addresses = [{ address: name, family: isIPv4(name) ? 4 : 6 }];
  else {
    try {
      addresses = await lookup(name);
    } catch {
      return {
        ok: false,
        kind: 'dns',
        message: `The host name ${host} could not be found (DNS lookup failed). Check its spelling.`,
      };
    }
  }
  if (!addresses.length)
    return { ok: false, kind: 'dns', message: `The host name ${host} has no address.` };
  for (const a of addresses) {
    const c = checkAddress(a.address, policy);
    if (!c.ok)
      return {
        ok: false,
        kind: 'refused',
        message:
          a.address === name
            ? `Connections to ${a.address} are not allowed: it ${c.reason}.`
            : `Connections to ${host} are not allowed: it resolves to ${a.address}, which ${c.reason}.`,
      };
  }
  const first = addresses[0];
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * A `lookup` for http(s).request that answers only the checked address (no second DNS lookup
 * when the socket connects, so a rebinding name cannot swap it).
 */
export function pinnedLookup(resolved: { address: string; family: 4 | 6 }): LookupFunction {
  return (_host, options, cb) => {
    if ((options as { all?: boolean }).all)
      (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: resolved.address, family: resolved.family },
      ]);
    else cb(null, resolved.address, resolved.family);
  };
}
