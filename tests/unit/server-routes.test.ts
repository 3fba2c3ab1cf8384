import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredMounts, formatTable, ROUTES_DOC, readTable } from '../../scripts/route-table';
import { API_BASE, buildApp } from '../../server/app';
import { randomTokenSecret } from '../../server/auth/secret';
import { noDatabase } from './support/no-database';

/** Every route, middleware included, that the app serves under /api/v1, with the prefix it was mounted at. */
const routes = buildApp({ db: noDatabase, secret: randomTokenSecret(), devRoutes: true })
  .app.routes.filter((route) => route.path.startsWith(`${API_BASE}/`))
  .map(({ method, path, basePath }) => ({
    method,
    path: path.slice(API_BASE.length),
    mountedAt: basePath.slice(API_BASE.length),
  }));
const mounts = declaredMounts();
const prefixes = mounts.map((mount) => mount.prefix);
/** The API's own middleware (requestGuard in server/app.ts), the one entry no module registers. */
const REQUEST_GUARD = { method: 'ALL', path: '/*', mountedAt: '' };
const moduleRoutes = routes.filter((route) => route.mountedAt !== '');

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Whether a route's path starts with a prefix; a `:param` segment of the prefix stands for any one. */
function startsWith(path: string, prefix: string): boolean {
  const pattern = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${pattern}`).test(path);
}

/** The longest of the prefixes a path starts with; undefined when there is none, or two as long. */
function longestPrefix(path: string): string | undefined {
  const [longest, next] = prefixes
    .filter((prefix) => startsWith(path, prefix))
    .sort((a, b) => segments(b).length - segments(a).length);
  if (!longest || (next && segments(next).length === segments(longest).length)) return undefined;
  return longest;
}

describe('the API routes', () => {
  it('mounts no module at the root: only the request guard is the API’s own', () => {
    expect(routes.filter((route) => route.mountedAt === '')).toEqual([REQUEST_GUARD]);
    expect(moduleRoutes.length).toBeGreaterThan(100);
  });

  it('mounts at each prefix a module declares, once, and at no other', () => {
    expect(prefixes.filter((prefix, index) => prefixes.indexOf(prefix) !== index)).toEqual([]);
    // The routes of one mount are listed together: a prefix met again was mounted twice.
    const runs = moduleRoutes
      .filter((route, index) => route.mountedAt !== moduleRoutes[index - 1]?.mountedAt)
      .map((route) => route.mountedAt);
    expect(runs.toSorted()).toEqual(prefixes);
  });

  it('serves every route from one module: the one mounted at the longest prefix of its path', () => {
    const strays = moduleRoutes
      .filter((route) => longestPrefix(route.path) !== route.mountedAt)
      .map((route) => `${route.method} ${route.path} (mounted at ${route.mountedAt})`);
    expect(strays).toEqual([]);
  });

  it('finds the longest prefix segment by segment, a parameter standing for any segment', () => {
    expect(longestPrefix('/course/history/:id/')).toBe('/course/history/');
    expect(longestPrefix('/course/:id/reviews/')).toBe('/course/:id/reviews/');
    expect(longestPrefix('/course/about/:id/')).toBe('/course/');
    expect(longestPrefix('/payments/:id/receipt/')).toBe('/payments/');
    expect(longestPrefix('/payments/:id/receipt.pdf')).toBe('/payments/:id/receipt.pdf');
    expect(longestPrefix('/nowhere/')).toBeUndefined();
  });

  it(`has every prefix and its file in the table of ${ROUTES_DOC} (tsx scripts/route-table.ts prints it)`, () => {
    const documented = readTable(readFileSync(ROUTES_DOC, 'utf8'));
    expect(formatTable(documented)).toBe(formatTable(mounts));
  });
});
