/**
 * The route table of docs/architecture.md ("Routes"): every URL prefix under /api/v1 that a route
 * module is mounted at, and that module's file, read from the modules' mounts (server/mounts.ts).
 *
 *   tsx scripts/route-table.ts     prints the table, for the docs
 *
 * tests/unit/server-routes.test.ts checks the docs' table against these mounts, and the mounts against
 * the routes the app serves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROUTES_DOC = 'docs/architecture.md';
const SECTION = '## Routes';

export interface Mount {
  /** The URL's beginning after /api/v1, as mounted: `/course/history/`. */
  prefix: string;
  /** The module's file, from the project folder: `server/history/routes.ts`. */
  file: string;
}

/** `['/prefix/', routes]` or `[PREFIX_CONSTANT, routes]`, an entry of a module's Mounts. */
const MOUNT_ENTRY = /\[\s*(?:'(\/[^']*)'|([A-Z][A-Z0-9_]*)),\s*[A-Za-z_$][\w$]*\s*\]/g;
const PREFIX_CONSTANT = /const ([A-Z][A-Z0-9_]*) = '(\/[^']*)';/g;

/** Every mount the server's sources declare, by prefix. */
export function declaredMounts(root = '.'): Mount[] {
  const files = readdirSync(join(root, 'server'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `server/${name.split('\\').join('/')}`);
  const sources = files.map((file) => ({ file, source: readFileSync(join(root, file), 'utf8') }));
  const constants = new Map<string, string>();
  for (const { source } of sources) {
    for (const [, name = '', value = ''] of source.matchAll(PREFIX_CONSTANT)) constants.set(name, value);
  }
  const mounts: Mount[] = [];
  for (const { file, source } of sources) {
    for (const [, literal, constant = ''] of source.matchAll(MOUNT_ENTRY)) {
      const prefix = literal ?? constants.get(constant);
      if (prefix) mounts.push({ prefix, file });
    }
  }
  return mounts.sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
}

/** The rows of the docs' route table: `| \`/prefix/\` | \`server/…\` |`, in the "Routes" section. */
export function readTable(markdown: string): Mount[] {
  const start = markdown.indexOf(`\n${SECTION}\n`);
  if (start < 0) return [];
  const end = markdown.indexOf('\n## ', start + SECTION.length);
  const mounts: Mount[] = [];
  for (const line of markdown.slice(start, end < 0 ? undefined : end).split('\n')) {
    const match = /^\|\s*`(\/[^`]*)`\s*\|\s*`(server\/[^`]+)`\s*\|$/.exec(line.trim());
    if (match?.[1] && match[2]) mounts.push({ prefix: match[1], file: match[2] });
  }
  return mounts;
}

/** The table as the docs hold it, columns aligned. */
export function formatTable(mounts: Mount[]): string {
  const rows = [
    ['URL after `/api/v1`', 'File'],
    ...mounts.map(({ prefix, file }) => [`\`${prefix}\``, `\`${file}\``]),
  ];
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const [head = [], ...body] = rows;
  return [line(head), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

/** Run as a command (not imported by a test). */
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(formatTable(declaredMounts()));
}
