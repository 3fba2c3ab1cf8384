import type { Hono } from 'hono';
import type { AppEnv } from './http';

/**
 * What a route module serves under /api/v1: each URL prefix it is mounted at, with the routes under
 * that prefix, their paths relative to it (server/events/routes.ts: /event/ and /event-registration/).
 * A prefix is written once in the server, as a literal (or a constant's) in the module that serves
 * it; of the prefixes a URL starts with, the longest names that module (docs/architecture.md,
 * "Routes": the table that scripts/route-table.ts prints and tests/unit/server-routes.test.ts checks).
 */
export type Mounts = readonly (readonly [prefix: string, routes: Hono<AppEnv>])[];

/** Mounts a module's routes at each of its prefixes, in its order. */
export function mount(api: Hono<AppEnv>, mounts: Mounts): void {
  for (const [prefix, routes] of mounts) api.route(prefix, routes);
}
