import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** The little the server needs from PostgreSQL, whether embedded or a real server. */
export interface Db {
  /** One statement with `$1`-style parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }>;
  /** Any number of statements, no parameters (migrations, scripts). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** Embedded PostgreSQL; in memory when no data directory is given. */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // pg_trgm serves the catalogue's title search (migration 005).
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  let closed = false;
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await pglite.query<T>(sql, [...params]);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await pglite.exec(sql);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pglite.close();
    },
  };
}

/** A PostgreSQL server reached through a connection pool. */
export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: 10 });
  let closed = false;
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, [...params]);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export interface OpenDbOptions {
  /** When set, a real PostgreSQL server is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string | undefined;
}

export function openDb({ databaseUrl, dataDir }: OpenDbOptions): Promise<Db> {
  if (databaseUrl) return Promise.resolve(openPostgres(databaseUrl));
  return openPglite(dataDir);
}
