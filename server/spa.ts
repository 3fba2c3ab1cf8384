import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { chooseEncoding, type Encoding, etagMatches, isCompressibleType, notModified } from './compression';
import { ENCODING_SUFFIX, upToDate } from './precompress';
import { appContentSecurityPolicy } from './security-headers';

/** Vite puts content-hashed files under /assets: their content never changes under one name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

interface Found {
  path: string;
  info: Stats;
}

async function regularFile(path: string): Promise<Found | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? { path, info } : undefined;
  } catch {
    return undefined;
  }
}

/** The regular file under root that a URL path names, or undefined (also for paths leaving root). */
async function fileFor(root: string, urlPath: string): Promise<Found | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = resolve(root, `.${decoded}`);
  if (!full.startsWith(root + sep)) return undefined;
  return regularFile(full);
}

/** The file's validator: its size and time of change (a new build writes new files). */
function fileEtag(info: Stats): string {
  return `W/"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`;
}

/**
 * The form of the file to send: its compressed form written at build time (server/precompress.ts)
 * in the encoding the client prefers, when there is one no older than the file; else the file.
 */
async function variantFor(c: Context, file: Found): Promise<{ path: string; encoding?: Encoding }> {
  const available: Encoding[] = [];
  const variants: Partial<Record<Encoding, string>> = {};
  for (const encoding of ['br', 'gzip'] as const) {
    const variant = await regularFile(file.path + ENCODING_SUFFIX[encoding]);
    if (variant && upToDate(variant.info.mtimeMs, file.info.mtimeMs)) {
      available.push(encoding);
      variants[encoding] = variant.path;
    }
  }
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'), available);
  const path = encoding && variants[encoding];
  return path ? { path, encoding } : { path: file.path };
}

async function sendFile(c: Context, file: Found, cacheControl: string): Promise<Response> {
  const type = getMimeType(file.path) ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': cacheControl,
    ETag: fileEtag(file.info),
  };
  const compressible = isCompressibleType(type);
  if (compressible) headers.Vary = 'Accept-Encoding';
  // A page of the web app: its own policy, which admits its inline scripts by their hashes (a 304
  // repeats it, since the browser updates the page's stored headers with the 304's).
  if (type.startsWith('text/html'))
    headers['Content-Security-Policy'] = appContentSecurityPolicy((await readFile(file.path)).toString());
  if (etagMatches(c.req.header('If-None-Match'), headers.ETag ?? '')) return notModified(headers);
  const variant = compressible ? await variantFor(c, file) : { path: file.path };
  if (variant.encoding) headers['Content-Encoding'] = variant.encoding;
  const body = await readFile(variant.path);
  headers['Content-Length'] = String(body.byteLength);
  return c.body(body, 200, headers);
}

/**
 * Serves the built SPA from distDir: files as they are (hashed assets cached for a year), in the
 * compressed form written at build time when the client takes it, and for every other GET outside
 * /api the app's index.html (revalidated on each use, by its ETag), so that client-side routes load
 * on refresh.
 */
export function serveSpa(distDir: string): MiddlewareHandler {
  const root = resolve(distDir);
  const indexFile = join(root, 'index.html');
  return async (c, next) => {
    const { method, path } = c.req;
    if ((method !== 'GET' && method !== 'HEAD') || isApiPath(path)) return next();

    const file = await fileFor(root, path);
    if (file) return sendFile(c, file, path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    if (path.startsWith('/assets/')) return c.text('Not found', 404);
    const index = await regularFile(indexFile);
    if (!index) return c.text('The web application has not been built yet: run `npm run build`.', 503);
    return sendFile(c, index, REVALIDATE);
  };
}
