import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

/**
 * Compression and conditional requests, for every answer:
 *
 * - Files of the built web app are compressed once, at build time (server/precompress.ts), and
 *   served as they are stored (server/spa.ts); the catalogue's public answers are compressed once
 *   when they are read from the database (server/courses/public-answers.ts).
 * - Anything else of a compressible type and at least COMPRESS_THRESHOLD bytes (the API's JSON) is
 *   compressed here, as it leaves: Brotli when the client takes it, else gzip.
 * - Every answer of a compressible type says `Vary: Accept-Encoding`.
 * - A public GET answered with JSON (no Authorization, no admin token) gets an ETag of its body, and
 *   a request that already holds that body (`If-None-Match`) gets 304 without it.
 *
 * Never compressed: websockets (upgrades never reach Hono), server-sent events (`text/event-stream`),
 * and answers that say `Cache-Control: no-transform` — a streamed answer must say so, since one that
 * is compressed here is read whole first.
 *
 * Compressing answers that hold secrets (tokens) is safe from BREACH-style guessing here: those
 * answers need a bearer token or a JSON body, which another site cannot make a browser send.
 */

export type Encoding = 'br' | 'gzip';

/** Bytes of an answer's body (not on shared memory, which a Response cannot take). */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Smaller bodies gain nothing worth the work: one packet either way. */
export const COMPRESS_THRESHOLD = 1024;

/** Text formats that compress well (images and fonts are compressed already). */
const COMPRESSIBLE_TYPE =
  /^\s*(?:text\/(?!event-stream)[-\w+.]+|application\/(?:json|javascript|xml|manifest\+json|[-\w.]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

export function isCompressibleType(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE_TYPE.test(contentType);
}

/**
 * The encoding to answer with, given the request's Accept-Encoding and the encodings at hand:
 * the one with the highest q-value (`*` stands for the ones not named), Brotli on a tie.
 */
export function chooseEncoding(
  acceptEncoding: string | null | undefined,
  available: readonly Encoding[] = ['br', 'gzip'],
): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.trim().split('=');
      if (key === 'q') q = Number(value);
    }
    if (Number.isFinite(q)) weights.set(name.trim(), Math.min(Math.max(q, 0), 1));
  }
  let best: Encoding | undefined;
  let bestQ = 0;
  // Brotli first, so it wins a tie.
  for (const encoding of (['br', 'gzip'] as const).filter((name) => available.includes(name))) {
    const q =
      weights.get(encoding) ??
      (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ??
      weights.get('*') ??
      0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

/** Adds Accept-Encoding to the Vary header (once). */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary))
    headers.set('Vary', `${vary}, Accept-Encoding`);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard to try: `fast` for answers compressed on every request, `once` for answers kept in
 * memory, `build` for files compressed at build time (the smallest, at any cost in time).
 */
export type Effort = 'fast' | 'once' | 'build';
const BROTLI_QUALITY: Record<Effort, number> = { fast: 4, once: 6, build: constants.BROTLI_MAX_QUALITY };
const GZIP_LEVEL: Record<Effort, number> = { fast: 6, once: 9, build: 9 };

/** The body in that encoding (on libuv's thread pool, off the event loop). */
export async function compress(body: Uint8Array, encoding: Encoding, effort: Effort): Promise<Bytes> {
  // zlib hands back Buffers on an ordinary ArrayBuffer, never a SharedArrayBuffer.
  if (encoding === 'gzip') return (await gzipAsync(body, { level: GZIP_LEVEL[effort] })) as Bytes;
  return (await brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  })) as Bytes;
}

/** A weak validator of a body: the same bytes, whatever the encoding they travel in. */
export function bodyEtag(body: Uint8Array): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether If-None-Match names this ETag (weak comparison, as for GET), or is `*`. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}

/**
 * Headers a 304 repeats from the answer it stands for (RFC 9110 section 15.4.5), and two more: the
 * page's Content-Security-Policy (a browser updates the kept answer's headers from the 304, and the
 * API's policy would block the page) and its Content-Type (@hono/node-server writes text/plain on an
 * answer without one).
 */
const NOT_MODIFIED_HEADERS = [
  'Cache-Control',
  'Content-Location',
  'ETag',
  'Expires',
  'Vary',
  'Content-Security-Policy',
  'Content-Type',
];

/** The 304 that stands for an answer with these headers. */
export function notModified(headers: Headers | Record<string, string>): Response {
  const source = headers instanceof Headers ? headers : new Headers(headers);
  const kept = new Headers();
  for (const name of NOT_MODIFIED_HEADERS) {
    const value = source.get(name);
    if (value !== null) kept.set(name, value);
  }
  return new Response(null, { status: 304, headers: kept });
}

function isPublicGet(c: Context): boolean {
  return (
    (c.req.method === 'GET' || c.req.method === 'HEAD') &&
    c.req.header('Authorization') === undefined &&
    c.req.header('X-Admin-Token') === undefined
  );
}

/** Makes this the answer (assigning c.res would copy the old answer's headers onto it). */
function replaceAnswer(
  c: Context,
  body: ReadableStream<Uint8Array> | Bytes | null,
  previous: Response,
  headers: Headers,
): void {
  c.res = undefined;
  c.res = new Response(body, { status: previous.status, statusText: previous.statusText, headers });
}

/** The middleware of the module comment; mount it inside the security headers, around everything else. */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type');
    if (!isCompressibleType(type)) return;
    // Work on a copy: @hono/node-server's Response rebuilds its headers from the ones it was made
    // with once its body is read, dropping what was set on them in between.
    const headers = new Headers(res.headers);
    varyOnEncoding(headers);
    const body = res.body;
    if (!body || headers.has('Content-Encoding') || NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')) {
      // Streams (server-sent events) pass as they come.
      replaceAnswer(c, body, res, headers);
      return;
    }
    const conditional =
      res.status === 200 && isPublicGet(c) && /json/i.test(type ?? '') && !headers.has('ETag');
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const bytes: Bytes = new Uint8Array(await res.arrayBuffer());
    if (conditional) {
      const etag = bodyEtag(bytes);
      headers.set('ETag', etag);
      if (etagMatches(c.req.header('If-None-Match'), etag)) {
        c.res = undefined;
        c.res = notModified(headers);
        return;
      }
    }
    let sent = bytes;
    if (encoding && bytes.byteLength >= COMPRESS_THRESHOLD) {
      sent = await compress(bytes, encoding, 'fast');
      headers.set('Content-Encoding', encoding);
    }
    headers.set('Content-Length', String(sent.byteLength));
    replaceAnswer(c, sent, res, headers);
  };
}
