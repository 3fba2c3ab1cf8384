/**
 * `npm run size`: gzip bytes of the JavaScript and CSS a visitor downloads for each public route (the
 * entry, its static imports, the route's view with its static imports, and the English messages),
 * read from the build, checked against the budgets below; a check that no public route loads a
 * module of a trainer-only screen; and one that nobody but the centre's staff can load a module of
 * the back office. Exits non-zero when a budget is exceeded or such a module is found.
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

/** A Vite build read from its manifest and the chunk-modules list `vite.config.ts` writes. */
export interface Build {
  dist: string;
  manifest: Record<string, Chunk>;
  entry: string;
  /** Output file of each chunk → the source modules bundled into it (paths from the project root). */
  modules: Record<string, string[]>;
}

/** Gzip bytes a visitor downloads for one route. */
export interface RouteSize {
  js: number;
  css: number;
  chunks: number;
  /** Source modules of every chunk loaded. */
  modules: string[];
}

const DIST = 'dist';
const ENGLISH = /locales\/en\/messages\.po$/;
/** A route's own English messages (its catalogue in lingui.config.ts). */
const english = (catalogue: string) => new RegExp(`locales/en/${catalogue}\\.po$`);

/** Modules a route needs beyond the entry, found by source path: its view and the English messages. */
export const ROUTES = {
  home: [/src\/features\/home\/HomePage\.tsx$/, ENGLISH, english('home')],
  catalogue: [/src\/features\/catalogue\/CataloguePage\.tsx$/, ENGLISH, english('catalogue')],
  search: [/src\/features\/catalogue\/CataloguePage\.tsx$/, ENGLISH, english('catalogue')],
  course: [/src\/features\/course\/CourseDetailsPage\.tsx$/, ENGLISH, english('course')],
  event: [/src\/features\/events\/EventDetailsPage\.tsx$/, ENGLISH, english('events')],
  about: [/src\/features\/about\/AboutPage\.tsx$/, ENGLISH, english('about')],
  contact: [/src\/features\/contact\/ContactPage\.tsx$/, ENGLISH, english('contact')],
  'report issue': [/src\/features\/issues\/ReportIssuePage\.tsx$/, ENGLISH, english('issues')],
  'not found': [/src\/features\/not-found\/NotFoundPage\.tsx$/, ENGLISH],
  verify: [/src\/features\/verify\/VerifyCertificatePage\.tsx$/, ENGLISH, english('community')],
} satisfies Record<string, RegExp[]>;

export type PublicRoute = keyof typeof ROUTES;

/**
 * Budgets in KB (1024 bytes) gzip, JS and CSS, per public route. Raise one only with a reason in the
 * commit; lower them as the routes shrink.
 */
export const BUDGETS: Record<PublicRoute, { js: number; css: number }> = {
  home: { js: 135.8, css: 11.8 },
  catalogue: { js: 134.6, css: 11.8 },
  search: { js: 134.6, css: 11.8 },
  course: { js: 136.4, css: 11.8 },
  event: { js: 138.0, css: 11.8 },
  about: { js: 131.4, css: 11.8 },
  contact: { js: 134.5, css: 11.8 },
  'report issue': { js: 134.7, css: 11.8 },
  'not found': { js: 130.1, css: 11.8 },
  verify: { js: 134.8, css: 11.8 },
};

/** The build in `dist`, or undefined when there is none. */
export function readBuild(dist = DIST): Build | undefined {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('The manifest has no entry chunk');
  const modulesPath = join(dist, '.vite', 'chunk-modules.json');
  const modules = existsSync(modulesPath)
    ? (JSON.parse(readFileSync(modulesPath, 'utf8')) as Record<string, string[]>)
    : {};
  return { dist, manifest, entry, modules };
}

function closure(manifest: Record<string, Chunk>, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/** The manifest key of the chunk holding a source module: its own chunk, or the one it is bundled in. */
function chunkOf(build: Build, source: RegExp): string | undefined {
  const own = Object.entries(build.manifest).find(([key, chunk]) => source.test(chunk.src ?? key));
  if (own) return own[0];
  const file = Object.entries(build.modules).find(([, ids]) => ids.some((id) => source.test(id)))?.[0];
  return Object.entries(build.manifest).find(([, chunk]) => chunk.file === file)?.[0];
}

/**
 * The entry, its static imports and the route's modules with theirs, gzip; undefined when a module
 * of the route is missing from the build.
 */
export function routeSize(build: Build, sources: RegExp[]): RouteSize | undefined {
  const gzipBytes = (file: string) => gzipSync(readFileSync(join(build.dist, file)), { level: 9 }).length;
  const routeChunks = sources.map((source) => chunkOf(build, source));
  if (routeChunks.some((key) => key === undefined)) return undefined;
  const keys = closure(build.manifest, [build.entry, ...(routeChunks as string[])]);
  let js = 0;
  let css = 0;
  const cssFiles = new Set<string>();
  const modules: string[] = [];
  for (const key of keys) {
    const chunk = build.manifest[key] as Chunk;
    if (chunk.file.endsWith('.js')) js += gzipBytes(chunk.file);
    for (const file of chunk.css ?? []) cssFiles.add(file);
    modules.push(...(build.modules[chunk.file] ?? []));
  }
  for (const file of cssFiles) css += gzipBytes(file);
  return { js, css, chunks: keys.size, modules };
}

/**
 * Source modules only trainers load: the views of routes that `src/app/routes.ts` gives to trainers
 * alone (and no other route uses), and everything under `src/features/trainer/`.
 */
export function trainerOnlyModules(routesSource: string): RegExp[] {
  const importOf = new Map<string, string>();
  for (const match of routesSource.matchAll(/const (\w+) = lazyView\(\(\) => import\('@\/([^']+)'\)\)/g)) {
    importOf.set(match[1] as string, match[2] as string);
  }
  const viewsByRole = new Map<string, Set<string>>();
  for (const match of routesSource.matchAll(/\{[^{}]*?view: (\w+)[^{}]*?\}/g)) {
    const route = match[0];
    const view = match[1] as string;
    const role = /roles: (\w+)/.exec(route)?.[1] ?? 'ANY';
    if (!viewsByRole.has(view)) viewsByRole.set(view, new Set());
    viewsByRole.get(view)?.add(role);
  }
  const patterns = [/^src\/features\/trainer\//];
  for (const [view, roles] of viewsByRole) {
    const path = importOf.get(view);
    if (path && roles.size === 1 && roles.has('TRAINER_ONLY')) {
      patterns.push(new RegExp(`^src/${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.tsx?$`));
    }
  }
  return patterns;
}

/** Source modules of the back office: only the centre's staff may download them. */
export const STAFF_ONLY = [
  /^src\/features\/staff\//,
  /^src\/api\/(staff|staff-payments|staff-certificates|staff-categories|staff-issues|people)\.ts$/,
  /^contract\/wire\/(staff|staff-payments|staff-certificates|staff-categories|staff-issues|staff-cli|people)\.ts$/,
  /^machines\/(staffQueue|staffDecision|auditLog|personAccount|staffPayments|refund|certificateRevoke|staffCategories|staffIssues)\./,
];

/**
 * Staff-only modules that someone else could download: every chunk reachable from the entry by its
 * static and dynamic imports, except the dynamic imports of the back office's screens
 * (src/features/staff/…, which only routes for the role ADMIN open), must hold none.
 */
export function staffOnlyLeaks(build: Build): string[] {
  const staffScreen = (key: string) => /^src\/features\/staff\//.test(build.manifest[key]?.src ?? key);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = build.manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
    for (const next of chunk.dynamicImports ?? []) if (!staffScreen(next)) visit(next);
  };
  visit(build.entry);
  const leaks = new Set<string>();
  for (const key of seen) {
    for (const id of build.modules[(build.manifest[key] as Chunk).file] ?? []) {
      if (STAFF_ONLY.some((pattern) => pattern.test(id))) leaks.add(id);
    }
  }
  return [...leaks].sort();
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(): void {
  const build = readBuild();
  if (!build) {
    console.error('No build found: run `npm run build` first.');
    process.exit(1);
  }
  if (!Object.keys(build.modules).length) {
    console.error('The build has no .vite/chunk-modules.json: rebuild with `npm run build`.');
    process.exit(1);
  }
  const trainerOnly = trainerOnlyModules(readFileSync('src/app/routes.ts', 'utf8'));
  const problems: string[] = [];
  console.log('route          JS gzip (budget)      CSS gzip (budget)   chunks');
  for (const [route, sources] of Object.entries(ROUTES) as [PublicRoute, RegExp[]][]) {
    const size = routeSize(build, sources);
    if (!size) {
      problems.push(`${route}: a module of this route is missing from the build (${sources.join(', ')})`);
      continue;
    }
    const budget = BUDGETS[route];
    const over = (bytes: number, limit: number) => (bytes > limit * 1024 ? ' OVER' : '');
    console.log(
      `${route.padEnd(14)} ${kb(size.js).padStart(8)} (${budget.js} KB)${over(size.js, budget.js).padEnd(5)}  ${kb(size.css).padStart(7)} (${budget.css} KB)${over(size.css, budget.css).padEnd(5)}  ${size.chunks}`,
    );
    if (size.js > budget.js * 1024)
      problems.push(`${route}: JS ${kb(size.js)} is over its ${budget.js} KB budget`);
    if (size.css > budget.css * 1024)
      problems.push(`${route}: CSS ${kb(size.css)} is over its ${budget.css} KB budget`);
    const leaked = size.modules.filter((id) => trainerOnly.some((pattern) => pattern.test(id)));
    if (leaked.length) problems.push(`${route}: loads trainer-only modules ${leaked.join(', ')}`);
  }
  console.log(`trainer-only modules checked: ${trainerOnly.map((pattern) => pattern.source).join(', ')}`);
  const leaks = staffOnlyLeaks(build);
  if (leaks.length)
    problems.push(`visitors, trainees or trainers can load staff-only modules: ${leaks.join(', ')}`);
  console.log(
    `staff-only modules: loaded by the back office's screens alone (${STAFF_ONLY.length} patterns)`,
  );
  if (problems.length) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
