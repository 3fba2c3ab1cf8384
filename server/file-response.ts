import { createHash } from 'node:crypto';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { Context } from 'hono';
import { etagMatches, notModified } from './compression';
import { HttpProblem } from './http';
import type { ByteRange, StoredFileInfo, UploadStore } from './uploads';

/**
 * The answer carrying a stored file, for every route that serves one (lecture files, submissions,
 * photos, covers and their copies): streamed from the upload store, never read whole.
 *
 * - 200 with Content-Length; one range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) answers 206 with
 *   Content-Range, a range past the end 416 with `Content-Range: bytes *\/size`; several ranges or a
 *   malformed header get the whole file.
 * - A strong ETag (stored files never change in place: a new file gets a new name) and
 *   Last-Modified; If-None-Match, else If-Modified-Since, answers 304 without a body; If-Range that
 *   matches the ETag or the date gets the range, else the whole file.
 * - HEAD answers the headers GET would, without opening the file.
 */

/** The one byte range asked for, 'unsatisfiable', or null for the whole file. */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (!from && !to) return null;
  let start: number;
  let end: number;
  if (!from) {
    // The last `to` bytes.
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to ? Math.min(Number(to), size - 1) : size - 1;
    // A range whose end comes before its start is not one (RFC 9110 section 14.1.1).
    if (to && Number(to) < start) return null;
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** A strong validator of a stored file: its path, size and modification time. */
export function storedFileEtag(path: string, info: StoredFileInfo): string {
  const digest = createHash('sha256')
    .update(`${path}\n${info.size}\n${info.modified.getTime()}`)
    .digest('base64url')
    .slice(0, 27);
  return `"${digest}"`;
}

/** Whole seconds, as HTTP dates carry them. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A date header's seconds, or undefined when it is not a date. */
function headerSeconds(value: string): number | undefined {
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
}

/** Whether a validator-conditional request already holds this file (RFC 9110 section 13.2.2). */
function holdsCopy(c: Context, etag: string, info: StoredFileInfo): boolean {
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const ifModifiedSince = c.req.header('If-Modified-Since');
  if (ifModifiedSince === undefined) return false;
  const since = headerSeconds(ifModifiedSince);
  return since !== undefined && seconds(info.modified) <= since;
}

/** Whether If-Range (absent, an ETag or a date) lets the range through: strong, exact matches only. */
function rangeStillValid(ifRange: string | undefined, etag: string, info: StoredFileInfo): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  return headerSeconds(value) === seconds(info.modified);
}

/**
 * The answer for stored file `path` with `headers` (its type, disposition, caching and policies),
 * or 404 when the store has no such file.
 */
export async function storedFileResponse(
  c: Context,
  uploads: UploadStore,
  path: string,
  headers: Record<string, string>,
): Promise<Response> {
  const info = await uploads.stat(path);
  if (!info) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  const etag = storedFileEtag(path, info);
  const lastModified = info.modified.toUTCString();
  const answer = new Headers(headers);
  answer.set('Accept-Ranges', 'bytes');
  answer.set('ETag', etag);
  answer.set('Last-Modified', lastModified);

  if (holdsCopy(c, etag, info)) {
    const kept = notModified(answer);
    kept.headers.set('Last-Modified', lastModified);
    // A browser updates its copy's headers from the 304: a framed PDF keeps being allowed in a frame.
    const framing = answer.get('X-Frame-Options');
    if (framing) kept.headers.set('X-Frame-Options', framing);
    return kept;
  }

  // Ranges are for GET only; HEAD gets the headers of the whole file.
  const range =
    c.req.method === 'GET' && rangeStillValid(c.req.header('If-Range'), etag, info)
      ? requestedRange(c.req.header('Range'), info.size)
      : null;
  if (range === 'unsatisfiable') {
    answer.set('Content-Range', `bytes */${info.size}`);
    return new Response(null, { status: 416, headers: answer });
  }
  const status = range ? 206 : 200;
  if (range) answer.set('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
  answer.set('Content-Length', String(range ? range.end - range.start + 1 : info.size));
  if (c.req.method === 'HEAD') return new Response(null, { status, headers: answer });
  const body = await uploads.open(path, range ?? { start: 0, end: info.size - 1 });
  if (!body) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return new Response(body, { status, headers: answer });
}
