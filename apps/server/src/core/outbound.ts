/**
 * The outbound wall: where a connection the server opens on a user's behalf (a data source's database) may go.
 * Every connect path resolves the host HERE, once, checks the resolved addresses, and connects to the returned IP
 * (never to the name again: no DNS-rebinding window between the check and the connect).
 *
 * - A trusted caller (the platform administrator, or a source of the platform tenant) may reach any address.
 * - Anyone else reaches only addresses `SWP_DATASOURCE_ALLOW` names (comma-separated IPs, CIDRs, host names, or
 *   `*` for any address outside the hard wall); empty (the default) allows nothing.
 * - The hard wall holds whatever the allow list says: loopback (127/8, ::1), "this host" (0/8, ::), link-local
 *   (169.254/16, fe80::/10, the cloud metadata address among them), multicast and broadcast, the same addresses
 *   spelt as IPv4-mapped / -compatible / NAT64 IPv6, and the host:port of the platform's own database server.
 * Spellings such as `127.1`, `2130706433`, `0x7f.1` or a DNS name are resolved by the system resolver first, so
 * the check sees the address the driver would have used. A name with any walled address is refused as a whole.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** An address as bytes: 4 (IPv4) or 16 (IPv6); IPv6 forms that carry an IPv4 address are reduced to it. */
export function addressBytes(ip: string): number[] | null {
  const s = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v = isIP(s);
  if (v === 4) return s.split('.').map(Number);
  if (v !== 6) return null;
  // a dotted IPv4 tail (::ffff:1.2.3.4) becomes its two hex groups
  const text = s.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a, b, c, d) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(':'),
  );
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const hs = head ? head.split(':') : [];
  const rs = rest ? rest.split(':') : [];
  const fill = 8 - hs.length - rs.length;
  const groups = [
    ...hs.map((h) => Number.parseInt(h, 16)),
    ...(rest !== undefined ? Array(Math.max(0, fill)).fill(0) : []),
    ...rs.map((h) => Number.parseInt(h, 16)),
  ];
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  const bytes = groups.flatMap((g) => [g >> 8, g & 0xff]);
  const zero = (from: number, to: number) => bytes.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, but not :: or ::1), 64:ff9b::a.b.c.d (NAT64)
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  if (zero(0, 12) && !zero(12, 15)) return bytes.slice(12);
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12))
    return bytes.slice(12);
  return bytes;
}

interface Cidr {
  bytes: number[];
  prefix: number;
}

function cidr(text: string): Cidr | null {
  const [a, p] = text.split('/');
  const bytes = addressBytes(a);
  if (!bytes) return null;
  // a prefix written for a mapped IPv6 form counts from its IPv4 part
  const full = bytes.length * 8;
  const given = p === undefined ? full : Number(p);
  if (!Number.isInteger(given) || given < 0) return null;
  const prefix = isIP(a.replace(/^\[|\]$/g, '')) === 6 && bytes.length === 4 ? Math.max(0, given - 96) : given;
  if (prefix > full) return null;
  return { bytes, prefix };
}

function inCidr(bytes: number[], c: Cidr): boolean {
  if (bytes.length !== c.bytes.length) return false;
  for (let bit = 0; bit < c.prefix; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[i] & mask) !== (c.bytes[i] & mask)) return false;
  }
  return true;
}

const HARD_WALL = [
  '0.0.0.0/8',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '224.0.0.0/4',
  '255.255.255.255/32',
  '::/128',
  '::1/128',
  'fe80::/10',
  'ff00::/8',
].map((x) => cidr(x) as Cidr);

export interface AllowList {
  any: boolean;
  cidrs: Cidr[];
  names: Set<string>;
}

/** `SWP_DATASOURCE_ALLOW` parsed; a malformed entry is an error (a typo must not silently allow or deny). */
export function parseAllowList(text: string | undefined): AllowList {
  const out: AllowList = { any: false, cidrs: [], names: new Set() };
  for (const raw of (text ?? '').split(',')) {
    const e = raw.trim().toLowerCase();
    if (!e) continue;
    if (e === '*') out.any = true;
    else if (isIP(e.split('/')[0].replace(/^\[|\]$/g, ''))) {
      const c = cidr(e);
      if (!c) throw new Error(`SWP_DATASOURCE_ALLOW: bad entry ${raw}`);
      out.cidrs.push(c);
    } else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(e)) out.names.add(e);
    else throw new Error(`SWP_DATASOURCE_ALLOW: bad entry ${raw}`);
  }
  return out;
}

let allowCache: { text: string; list: AllowList } | undefined;
/** the allow list of the environment (read per call, so a test or a restart-free config change takes effect) */
export function allowList(): AllowList {
  const text = process.env.SWP_DATASOURCE_ALLOW ?? '';
  if (allowCache?.text !== text) allowCache = { text, list: parseAllowList(text) };
  return allowCache.list;
}

export class OutboundRefused extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'OutboundRefused';
  }
}

export interface OutboundTarget {
  host: string;
  port: number;
}

export interface OutboundPolicy {
  /** the platform administrator (or a source of the platform tenant): no wall */
  trusted: boolean;
  /** host:port pairs never reached by an untrusted caller (the platform's own database server) */
  protectedTargets: OutboundTarget[];
}

const LOOKUP_TIMEOUT_MS = 3000;

async function resolveAll(host: string): Promise<string[]> {
  const bare = host.trim().replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  let timer: NodeJS.Timeout | undefined;
  try {
    const found = await Promise.race([
      lookup(bare, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new OutboundRefused(`lookup of ${bare} timed out`)), LOOKUP_TIMEOUT_MS);
      }),
    ]);
    return found.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
}

const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The address to connect to for host:port under a policy: the host resolved once, each address checked.
 * Throws OutboundRefused (the caller turns it into its uniform failure) when the wall holds.
 */
export async function resolveOutbound(target: OutboundTarget, policy: OutboundPolicy): Promise<string> {
  const addresses = await resolveAll(target.host);
  if (!addresses.length) throw new OutboundRefused(`${target.host} has no address`);
  if (policy.trusted) return addresses[0];
  const allow = allowList();
  const namedAllowed = allow.names.has(target.host.trim().toLowerCase().replace(/\.$/, ''));
  const protectedBytes: { bytes: number[]; port: number }[] = [];
  for (const p of policy.protectedTargets)
    for (const a of await resolveAll(p.host).catch(() => [] as string[])) {
      const b = addressBytes(a);
      if (b) protectedBytes.push({ bytes: b, port: p.port });
    }
  for (const a of addresses) {
    const b = addressBytes(a);
    if (!b) throw new OutboundRefused(`${a} is not an address`);
    if (HARD_WALL.some((c) => inCidr(b, c))) throw new OutboundRefused(`${a} is walled`);
    if (protectedBytes.some((p) => p.port === target.port && same(p.bytes, b)))
      throw new OutboundRefused(`${a}:${target.port} is the platform database`);
    if (!(allow.any || namedAllowed || allow.cidrs.some((c) => inCidr(b, c))))
      throw new OutboundRefused(`${a} is not in SWP_DATASOURCE_ALLOW`);
  }
  return addresses[0];
}

/** host:port of a postgres:// URL (the platform's own database), for OutboundPolicy.protectedTargets */
export function targetOfUrl(url: string): OutboundTarget | null {
  try {
    const u = new URL(url);
    return { host: u.hostname.replace(/^\[|\]$/g, '') || 'localhost', port: Number(u.port || 5432) };
  } catch {
    return null;
  }
}
