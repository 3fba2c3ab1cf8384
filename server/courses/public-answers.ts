import type { Context } from 'hono';
import {
  type Bytes,
  bodyEtag,
  COMPRESS_THRESHOLD,
  chooseEncoding,
  compress,
  type Encoding,
  etagMatches,
  notModified,
} from '../compression';
import type { Queryable } from '../db';

/**
 * The catalogue's public answers (pages, searches, categories, course details), kept in memory.
 *
 * Each answer is kept under the catalogue's version (migration 009: raised by a trigger in the same
 * transaction as any write to courses, categories or trainers' names and pictures) and the
 * database's date (availability filters depend on it). Every request reads that one row first, so
 * an answer is served from memory only while nothing it shows has changed: whichever instance,
 * script or test wrote, the first request after the write commits reads the database again. Nothing
 * stale is ever served, and no broadcast is needed.
 *
 * A kept answer holds its JSON, Brotli and gzip bytes (compressed once) and an ETag, so a request
 * costs the version read and a write of bytes; `If-None-Match` gets 304. Requests that miss the same
 * answer together share one read of the database.
 */
export interface PublicAnswers {
  /**
   * The answer to a public GET: `key` names what the request asks for (normalised: two requests
   * with the same key get the same answer); `read` reads it from the database when it is not kept.
   * An error `read` throws is answered as usual and nothing is kept.
   */
  json(c: Context, key: string, read: () => Promise<unknown>): Promise<Response>;
  /** Forgets every kept answer (a test, or memory to give back). */
  clear(): void;
  /** How many answers are kept and their bytes (for tests and diagnostics). */
  readonly size: { entries: number; bytes: number };
}

export interface PublicAnswersOptions {
  /** At most this many answers are kept, the least recently used going first. */
  maxEntries?: number;
  /** At most about this many bytes (JSON and compressed forms together). */
  maxBytes?: number;
}

/** What the kept answers were read under. */
interface Stamp {
  version: bigint;
  today: string;
  text: string;
}

interface Kept {
  json: Bytes;
  br: Bytes | undefined;
  gzip: Bytes | undefined;
  etag: string;
  bytes: number;
}

const JSON_TYPE = 'application/json';
/** Browsers may keep the answer, but ask (with its ETag) before each use. */
const CACHE_CONTROL = 'no-cache';

function newer(a: Stamp, b: Stamp): boolean {
  return a.version > b.version || (a.version === b.version && a.today > b.today);
}

async function keep(value: unknown): Promise<Kept> {
  const json: Bytes = new TextEncoder().encode(JSON.stringify(value));
  const small = json.byteLength < COMPRESS_THRESHOLD;
  const [br, gzip] = small
    ? [undefined, undefined]
    : await Promise.all([compress(json, 'br', 'once'), compress(json, 'gzip', 'once')]);
  return {
    json,
    br,
    gzip,
    etag: bodyEtag(json),
    bytes: json.byteLength + (br?.byteLength ?? 0) + (gzip?.byteLength ?? 0),
  };
}

function answer(c: Context, kept: Kept): Response {
  const headers: Record<string, string> = {
    'Content-Type': JSON_TYPE,
    ETag: kept.etag,
    'Cache-Control': CACHE_CONTROL,
    Vary: 'Accept-Encoding',
  };
  if (etagMatches(c.req.header('If-None-Match'), kept.etag)) return notModified(headers);
  const available: Encoding[] = [];
  if (kept.br) available.push('br');
  if (kept.gzip) available.push('gzip');
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'), available);
  const body = (encoding && kept[encoding]) || kept.json;
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = String(body.byteLength);
  return new Response(body, { status: 200, headers });
}

export function createPublicAnswers(db: Queryable, options: PublicAnswersOptions = {}): PublicAnswers {
  const maxEntries = options.maxEntries ?? 2_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  /** In least recently used order. */
  const entries = new Map<string, Kept>();
  const reading = new Map<string, Promise<Kept>>();
  let bytes = 0;
  let current: Stamp | undefined;
  let pendingStamp: Promise<Stamp> | undefined;

  function clear(): void {
    entries.clear();
    bytes = 0;
  }

  /**
   * The catalogue's version now. Requests that ask before the statement is sent share it: it is
   * sent after each of them arrived, so each sees every write committed before it arrived.
   */
  function readStamp(): Promise<Stamp> {
    pendingStamp ??= new Promise<Stamp>((resolve, reject) => {
      setImmediate(() => {
        pendingStamp = undefined;
        db.query<{ version: string; today: string }>(
          `SELECT version::text AS version, to_char(centre_today(), 'YYYY-MM-DD') AS today FROM catalogue_version`,
        ).then(({ rows: [row] }) => {
          if (!row) throw new Error('catalogue_version has no row (migration 009)');
          resolve({ version: BigInt(row.version), today: row.today, text: `${row.version}|${row.today}` });
        }, reject);
      });
    });
    return pendingStamp;
  }

  function store(key: string, kept: Kept): void {
    entries.set(key, kept);
    bytes += kept.bytes;
    for (const [oldest, old] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      entries.delete(oldest);
      bytes -= old.bytes;
    }
  }

  return {
    async json(c, key, read) {
      const stamp = await readStamp();
      if (!current || newer(stamp, current)) {
        current = stamp;
        clear();
      }
      // A request that read an older version than another (a write committed in between) is
      // answered from the database and keeps nothing.
      const latest = stamp.text === current.text;
      const found = latest ? entries.get(key) : undefined;
      if (found) {
        entries.delete(key);
        entries.set(key, found);
        return answer(c, found);
      }
      const readingKey = `${stamp.text}|${key}`;
      let pending = reading.get(readingKey);
      if (!pending) {
        pending = read().then(keep);
        reading.set(readingKey, pending);
        const done = () => reading.delete(readingKey);
        pending.then(done, done);
        pending.then(
          (kept) => {
            if (current?.text === stamp.text && !entries.has(key)) store(key, kept);
          },
          () => {},
        );
      }
      return answer(c, await pending);
    },
    clear,
    get size() {
      return { entries: entries.size, bytes };
    },
  };
}
