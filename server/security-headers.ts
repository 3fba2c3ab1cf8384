import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

/** Two years, with subdomains: the centre's hosts are served over https only once behind TLS. */
const HSTS = 'max-age=63072000; includeSubDomains';

/** Browser features the product never uses; QR attendance opens through the phone's own camera app. */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'usb=()',
  'serial=()',
  'browsing-topics=()',
  'payment=(self)',
].join(', ');

/** What an answer that is not the web app (JSON, files) may do when opened as a page: nothing. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The `'sha256-…'` source of every inline script of an HTML page (scripts with src are skipped). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The web app's policy: its own scripts, styles, fonts and images; inline scripts only by hash (the
 * first-paint language script); API calls and websockets to this host; never inside a frame. Pictures
 * and videos may also come from `blob:` addresses: the local copies the upload widgets preview.
 */
export function appContentSecurityPolicy(html: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface SecurityHeaderOptions {
  /** Whether the client reached us over https (X-Forwarded-Proto counts only behind a trusted proxy). */
  isHttps(c: Context): boolean;
}

/**
 * Headers on every answer: no content sniffing, no referrer beyond the origin to other sites, no
 * framing, unused browser features off, HSTS over https. Answers that set no policy of their own
 * (everything but the web app's pages) get one that allows nothing.
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Permissions-Policy', PERMISSIONS_POLICY);
    // A stored file the app shows in a frame (a PDF) allows its own origin (server/learning/files.ts).
    if (!headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Cross-Origin-Resource-Policy', 'same-origin');
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', API_POLICY);
    if (options.isHttps(c)) headers.set('Strict-Transport-Security', HSTS);
  };
}
