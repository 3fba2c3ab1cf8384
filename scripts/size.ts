/**
 * `npm run size`: gzip bytes of the JavaScript and CSS a visitor downloads for the home page
 * (the entry, its static imports, the home view and the active catalogue), read from the build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** A Vite build read from its manifest. */
export interface Build {
  dist: string;
  manifest: Record<string, Chunk>;
  entry: string;
}

/** Gzip bytes a visitor downloads for one route. */
export interface RouteSize {
  js: number;
  css: number;
  chunks: number;
}

const DIST = 'dist';

/** Modules a route needs beyond the entry, found by source path: its lazy view and the English messages. */
export const ROUTES = {
  home: [/src\/features\/home\/HomePage\.tsx$/, /locales\/en\/messages\.po$/],
  catalogue: [/src\/features\/catalogue\/CataloguePage\.tsx$/, /locales\/en\/messages\.po$/],
} satisfies Record<string, RegExp[]>;

/** The build in `dist`, or undefined when there is none. */
export function readBuild(dist = DIST): Build | undefined {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('The manifest has no entry chunk');
  return { dist, manifest, entry };
}

function closure(manifest: Record<string, Chunk>, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

function chunksFor(manifest: Record<string, Chunk>, sources: RegExp[]): string[] {
  return Object.entries(manifest)
    .filter(([key, chunk]) => sources.some((pattern) => pattern.test(chunk.src ?? key)))
    .map(([key]) => key);
}

/**
 * The entry, its static imports and the route's modules with theirs, gzip; undefined when a module
 * of the route is missing from the build.
 */
export function routeSize(build: Build, sources: RegExp[]): RouteSize | undefined {
  const gzipBytes = (file: string) => gzipSync(readFileSync(join(build.dist, file)), { level: 9 }).length;
  const routeChunks = chunksFor(build.manifest, sources);
  if (routeChunks.length < sources.length) return undefined;
  const keys = closure(build.manifest, [build.entry, ...routeChunks]);
  let js = 0;
  let css = 0;
  const cssFiles = new Set<string>();
  for (const key of keys) {
    const chunk = build.manifest[key] as Chunk;
    if (chunk.file.endsWith('.js')) js += gzipBytes(chunk.file);
    for (const file of chunk.css ?? []) cssFiles.add(file);
  }
  for (const file of cssFiles) css += gzipBytes(file);
  return { js, css, chunks: keys.size };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(): void {
  const build = readBuild();
  if (!build) {
    console.error('No build found: run `npm run build` first.');
    process.exit(1);
  }
  for (const route of ['home'] as const) {
    const sources = ROUTES[route];
    const size = routeSize(build, sources);
    if (!size) {
      console.error(`${route}: a module of this route is missing from the build (${sources.join(', ')})`);
      process.exit(1);
    }
    console.log(`${route}: JS ${kb(size.js)} gzip (${size.chunks} chunks), CSS ${kb(size.css)} gzip`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
