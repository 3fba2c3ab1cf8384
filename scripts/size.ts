/**
 * `npm run size`: gzip bytes of the JavaScript and CSS a visitor downloads for the home page
 * (the entry, its static imports, the home view and the active catalogue), read from the build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const DIST = 'dist';
const manifestPath = join(DIST, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
if (!entry) throw new Error('The manifest has no entry chunk');

/** Modules a route needs beyond the entry: found by source path. */
function chunksFor(sources: RegExp[]): string[] {
  return Object.entries(manifest)
    .filter(([key, chunk]) => sources.some((pattern) => pattern.test(chunk.src ?? key)))
    .map(([key]) => key);
}

const ROUTES: Record<string, RegExp[]> = {
  home: [/src\/features\/home\/HomePage\.tsx$/, /locales\/en\/messages\.po$/],
};

function gzipBytes(file: string): number {
  return gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const [route, sources] of Object.entries(ROUTES)) {
  const routeChunks = chunksFor(sources);
  if (routeChunks.length < sources.length) {
    console.error(`${route}: a module of this route is missing from the build (${sources.join(', ')})`);
    process.exit(1);
  }
  const keys = closure([entry, ...routeChunks]);
  let js = 0;
  let css = 0;
  const cssFiles = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key] as Chunk;
    if (chunk.file.endsWith('.js')) js += gzipBytes(chunk.file);
    for (const file of chunk.css ?? []) cssFiles.add(file);
  }
  for (const file of cssFiles) css += gzipBytes(file);
  console.log(`${route}: JS ${kb(js)} gzip (${keys.size} chunks), CSS ${kb(css)} gzip`);
}
