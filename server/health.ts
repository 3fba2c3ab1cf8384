import { Hono } from 'hono';
import type { Broadcast } from './broadcast';
import type { Db } from './db';
import type { AppEnv } from './http';
import { listMigrations } from './migrate';

/** How long a readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

export type ReadinessCheck = 'stopping' | 'database' | 'migrations' | 'live';

export interface Health {
  /** Readiness turns 503 for good (SIGTERM: the instance is draining). */
  stopping(): void;
  /** The checks that fail now; empty when ready. */
  failing(): Promise<ReadinessCheck[]>;
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Readiness: not stopping, the database answers, every migration file is applied, and the live
 * listener is connected (PostgreSQL LISTEN; the in-process broadcast always is).
 */
export function createHealth(options: { db: Db; broadcast: Broadcast; migrationsDir?: string }): Health {
  const { db, broadcast } = options;
  let stopping = false;
  let files: Promise<string[]> | undefined;

  async function migrationsApplied(): Promise<boolean> {
    files ??= listMigrations(options.migrationsDir);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    return (await files).every((name) => applied.has(name));
  }

  return {
    stopping() {
      stopping = true;
    },
    async failing() {
      const failed: ReadinessCheck[] = [];
      if (stopping) failed.push('stopping');
      const answers = await withTimeout(db.query('SELECT 1')).then(
        () => true,
        () => false,
      );
      if (!answers) failed.push('database');
      else if (!(await withTimeout(migrationsApplied()).catch(() => false))) failed.push('migrations');
      if (!(broadcast.listening?.() ?? true)) failed.push('live');
      return failed;
    },
  };
}

/** Probes are never cached (nor compressed into a stale answer by a proxy). */
const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET /healthz: the process is up. GET /readyz: 200 when ready, else 503 naming the failed checks.
 * Outside /api/v1: no authentication, no rate limit.
 */
export function healthRoutes(health: Health): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/healthz', (c) => c.json({ status: 'ok' }, 200, NO_STORE));
  routes.get('/readyz', async (c) => {
    const failed = await health.failing();
    if (failed.length === 0) return c.json({ status: 'ready' }, 200, NO_STORE);
    return c.json({ status: 'not ready', failed }, 503, NO_STORE);
  });
  return routes;
}
