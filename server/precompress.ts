/**
 * The build step that compresses the built web app once: beside every text file of dist/ (HTML,
 * JavaScript, CSS, SVG, JSON…) of at least COMPRESS_THRESHOLD bytes it writes `<file>.br` (Brotli at
 * its highest quality) and `<file>.gz` (gzip level 9), which server/spa.ts serves to clients that
 * take them. Files already compressed and not older than their source are left alone, so running it
 * again costs only a walk of the folder; a compressed form no smaller than its file is not kept.
 *
 * Run by `npm run build` (`tsx scripts/precompress.ts [dir]`, dist/ by default), and by the server
 * before it serves dist/ (server/spa-build.ts), in case dist/ was built by a bare `vite build`.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { COMPRESS_THRESHOLD, compress, type Encoding } from './compression';

/** File names worth compressing (images and fonts are compressed already). */
export const PRECOMPRESSIBLE = /\.(?:html?|m?js|css|svg|json|webmanifest|map|txt|xml)$/i;

/** The suffix of each encoding's file. */
export const ENCODING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Whether a compressed form with this time of change is as new as its file. Within a millisecond:
 * a time set from the file's (below) may come back a little earlier, through floating point.
 */
export function upToDate(compressedMs: number, fileMs: number): boolean {
  return compressedMs >= fileMs - 1;
}

async function modified(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile() && PRECOMPRESSIBLE.test(entry.name)) yield path;
  }
}

/** Writes the file's compressed forms that are missing or older than it; returns how many it wrote. */
async function precompressFile(file: string): Promise<number> {
  const info = await stat(file);
  const stale: Encoding[] = [];
  for (const encoding of ['br', 'gzip'] as const) {
    const done = await modified(file + ENCODING_SUFFIX[encoding]);
    if (done === undefined || !upToDate(done, info.mtimeMs)) stale.push(encoding);
  }
  if (stale.length === 0) return 0;
  const target = (encoding: Encoding) => file + ENCODING_SUFFIX[encoding];
  if (info.size < COMPRESS_THRESHOLD) {
    await Promise.all(stale.map((encoding) => rm(target(encoding), { force: true })));
    return 0;
  }
  const body = await readFile(file);
  let written = 0;
  for (const encoding of stale) {
    const compressed = await compress(body, encoding, 'build');
    if (compressed.byteLength >= body.byteLength) {
      await rm(target(encoding), { force: true });
      continue;
    }
    // Written aside and renamed, so that a server reading it meanwhile (or a second instance
    // compressing the same folder) never sees half a file.
    const aside = `${target(encoding)}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(aside, compressed);
    // Dated as its file: served (server/spa.ts) and kept while not older than it.
    await utimes(aside, info.atime, info.mtime);
    await rename(aside, target(encoding));
    written += 1;
  }
  return written;
}

/** Compresses the text files under dir (see the module comment); returns how many files it wrote. */
export async function precompressDir(dir: string): Promise<number> {
  const files: string[] = [];
  for await (const file of filesUnder(resolve(dir))) files.push(file);
  let written = 0;
  // A few at a time: zlib runs on libuv's thread pool.
  for (let index = 0; index < files.length; index += 4) {
    const counts = await Promise.all(files.slice(index, index + 4).map(precompressFile));
    written += counts.reduce((sum, count) => sum + count, 0);
  }
  return written;
}
