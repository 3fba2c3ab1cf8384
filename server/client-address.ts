import { isIPv4, isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * Who is asking, for the per-client rate limits (server/rate-limits.ts) and for HSTS.
 *
 * Without TRUST_PROXY the server is reached directly: the client is the socket's peer, and
 * X-Forwarded-For / X-Forwarded-Proto are ignored, because any client can send them.
 *
 * With TRUST_PROXY the server sits behind exactly ONE reverse proxy of ours (a load balancer or
 * nginx) that appends the address it saw to X-Forwarded-For. Every entry left of that one was sent by
 * the client itself and can be forged, so the RIGHT-MOST entry is taken: the first address no proxy
 * of ours vouches for. Taking the left-most entry would let anyone pick a new address per request and
 * escape every limit. With more than one proxy hop in front, the right-most entry is the inner
 * proxy's address: all clients would then share one limit (safe, but too strict), so configure the
 * outer proxy to overwrite the header instead of appending to it.
 */

/** The socket's remote address; undefined when the request did not come through a Node socket. */
function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests, or another runtime: there is no socket to ask.
    return undefined;
  }
}

/** The last comma-separated entry of a header that proxies append to. */
function rightMostEntry(header: string | undefined): string | undefined {
  const entries = header?.split(',').map((entry) => entry.trim());
  const last = entries?.at(-1);
  return last ? last : undefined;
}

/**
 * An IP address as a bare, canonical string: without brackets or port ("[2001:db8::1]:443",
 * "203.0.113.7:5100"), IPv4-mapped IPv6 ("::ffff:203.0.113.7") as IPv4, lower-case. Undefined when
 * the text is not an IP address.
 */
export function normaliseAddress(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped?.[1]) text = mapped[1];
  if (isIPv4(text) || isIPv6(text)) return text;
  return undefined;
}

/**
 * The client's address (see the note at the top of this file); 'unknown' when neither the socket nor
 * a trusted header names one.
 */
export function clientAddress(c: Context, trustProxy = false): string {
  if (trustProxy) {
    const forwarded = normaliseAddress(rightMostEntry(c.req.header('X-Forwarded-For')));
    if (forwarded) return forwarded;
  }
  return normaliseAddress(socketAddress(c)) ?? 'unknown';
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address;
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) stands for the last two groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const missing = rest === undefined ? 0 : 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array.from({ length: missing }, () => '0'), ...restGroups];
  return groups.length === 8 ? groups.map((group) => Number.parseInt(group, 16)) : undefined;
}

/**
 * What a per-client limit counts under: an IPv4 address as it is, an IPv6 address by its /64
 * network, because one subscriber (or one attacker) is usually handed a whole /64 and could
 * otherwise take a fresh address for every request.
 */
export function addressLimitKey(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** Whether the socket is TLS (when this server terminates TLS itself). */
function socketEncrypted(c: Context): boolean {
  const env = c.env as { incoming?: { socket?: { encrypted?: unknown } } } | undefined;
  return env?.incoming?.socket?.encrypted === true;
}

/**
 * Whether the client reached us over HTTPS. Under TRUST_PROXY the proxy's X-Forwarded-Proto says
 * (its right-most entry, as for X-Forwarded-For); otherwise only the socket does: the request line
 * may carry an absolute https:// URL on a plain connection, so the URL's scheme proves nothing.
 */
export function requestIsHttps(c: Context, trustProxy: boolean): boolean {
  if (trustProxy) {
    const proto = rightMostEntry(c.req.header('X-Forwarded-Proto'));
    if (proto) return proto.toLowerCase() === 'https';
  }
  return socketEncrypted(c);
}
