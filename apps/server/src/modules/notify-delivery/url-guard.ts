// The guard of outbound addresses (robots and webhooks, against server-side request forgery): http(s) only, and
// never an address of the portal's own networks (private, loopback, link-local, multicast, reserved) unless the
// setting NOTIFY_ALLOW_PRIVATE_URLS lets it through. Host names are resolved and every address checked, when an
// endpoint is saved and again at each send, where the connection goes to the very address that was checked.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP, isIPv4 } from 'node:net';
import type { Localized } from '@portal/contract';

/** Address ranges no outbound call may reach (RFC 6890's special-purpose ranges). */
const specialV4: [string, number][] = [
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
const specialV6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const special = new BlockList();
for (const [net, prefix] of specialV4) special.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of specialV6) special.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address. */
function groupsOf(address: string): number[] | undefined {
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const parts = v4[1]!.split('.').map(Number);
    text = `${text.slice(0, -v4[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? left.length !== 8 : missing < 0) return undefined;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) => Number.parseInt(g || '0', 16));
}

/** An address as it is checked: an IPv4 address mapped into IPv6 (::ffff:a.b.c.d) is the IPv4 one. */
export function plainAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) !== 6) return bare;
  const g = groupsOf(bare);
  if (g && g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  return bare;
}

/** What the setting lets through: addresses and CIDR blocks (`127.0.0.1,::1,10.1.0.0/16`). */
export class UrlPolicy {
  private readonly allowed = new BlockList();
  constructor(readonly allowPrivate: readonly string[] = []) {
    for (const entry of allowPrivate) {
      const [base = '', prefix] = entry.split('/');
      const family = isIP(base) === 4 ? 'ipv4' : isIP(base) === 6 ? 'ipv6' : undefined;
      if (!family) continue;
      if (prefix === undefined) this.allowed.addAddress(base, family);
      else this.allowed.addSubnet(base, Number(prefix), family);
    }
  }

  /** Whether a resolved address may be called. */
  admits(address: string): boolean {
    const plain = plainAddress(address);
    const family = isIPv4(plain) ? 'ipv4' : isIP(plain) === 6 ? 'ipv6' : undefined;
    if (!family) return false;
    return !special.check(plain, family) || this.allowed.check(plain, family);
  }
}

/** An address refused, with the reason in both languages. */
export class UrlRefused extends Error {
  constructor(readonly texts: Localized) {
    super(texts.en);
  }
}

const refusedAddress = (host: string, address: string) =>
  new UrlRefused({
    'zh-CN': `地址 ${host}（${address}）属于内网、本机或保留地址，不允许推送`,
    en: `${host} (${address}) is a private, loopback or reserved address: the portal does not send there`,
  });

/** The URL parsed and its form checked (http or https, a host, no user name or password in it). */
export function parseTarget(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UrlRefused({ 'zh-CN': '地址不是有效的 URL', en: 'The address is not a valid URL' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UrlRefused({ 'zh-CN': '地址须以 http:// 或 https:// 开头', en: 'The address must start with http:// or https://' });
  if (url.username || url.password)
    throw new UrlRefused({ 'zh-CN': '地址中不能带用户名或密码', en: 'The address may not carry a user name or password' });
  if (!url.hostname) throw new UrlRefused({ 'zh-CN': '地址缺少主机名', en: 'The address has no host' });
  return url;
}

/** Every address of a host (an IP literal is its own), each checked; throws UrlRefused at the first refused. */
export async function resolveChecked(hostname: string, policy: UrlPolicy): Promise<{ address: string; family: number }[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new UrlRefused({ 'zh-CN': `无法解析主机名 ${host}`, en: `The host name ${host} does not resolve` });
    }
  }
  if (addresses.length === 0) throw new UrlRefused({ 'zh-CN': `无法解析主机名 ${host}`, en: `The host name ${host} does not resolve` });
  for (const a of addresses) if (!policy.admits(a.address)) throw refusedAddress(host, a.address);
  return addresses;
}

/** Checks a URL as an endpoint is saved: its form and every address of its host. */
export async function checkTarget(text: string, policy: UrlPolicy): Promise<URL> {
  const url = parseTarget(text);
  await resolveChecked(url.hostname, policy);
  return url;
}

/**
 * A `lookup` for http.request: resolves, refuses when any address is refused, and hands the checked addresses
 * to the connection (so a name that resolves differently a moment later cannot slip past the check).
 */
export function guardedLookup(policy: UrlPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, policy).then(
      (addresses) => {
        const family = typeof options === 'object' ? options.family : undefined;
        const usable = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
        if (typeof options === 'object' && options.all) (callback as (e: null, a: typeof usable) => void)(null, usable);
        else callback(null, usable[0]?.address ?? '', usable[0]?.family ?? 4);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}
