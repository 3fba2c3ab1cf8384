import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { appContentSecurityPolicy } from './security-headers';

/** Vite puts content-hashed files under /assets: their content never changes under one name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** The regular file under root that a URL path names, or undefined (also for paths leaving root). */
async function fileFor(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = resolve(root, `.${decoded}`);
  if (!full.startsWith(root + sep)) return undefined;
  try {
    return (await stat(full)).isFile() ? full : undefined;
  } catch {
    return undefined;
  }
}

async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response> {
  const body = await readFile(file);
  const type = getMimeType(file) ?? 'application/octet-stream';
  const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': cacheControl };
  // A page of the web app: its own policy, which admits its inline scripts by their hashes.
  if (type.startsWith('text/html'))
    headers['Content-Security-Policy'] = appContentSecurityPolicy(body.toString());
  return c.body(body, 200, headers);
}

/**
 * Serves the built SPA from distDir: files as they are (hashed assets cached for a year), and for
 * every other GET outside /api the app's index.html, so that client-side routes load on refresh.
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
    try {
      return await sendFile(c, indexFile, REVALIDATE);
    } catch {
      return c.text('The web application has not been built yet: run `npm run build`.', 503);
    }
  };
}
