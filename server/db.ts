import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** What a statement answers. */
export interface QueryResult<T> {
  rows: T[];
}

/** The statements a transaction (or the database outside one) runs. */
export interface Queryable {
  /** One statement with `$1`-style parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

/** The little the server needs from PostgreSQL, whether embedded or a real server. */
export interface Db extends Queryable {
  /**
   * Runs `work` in one transaction: every statement it sends through `tx` is committed together, or,
   * when it throws, none is. A transaction inside a transaction joins the outer one.
   */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** Any number of statements, no parameters (migrations, scripts). */
  exec(sql: string): Promise<void>;
  /** Which engine answers: the embedded one holds one connection, a server many. */
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The pool's connections (PostgreSQL): open, idle, and queries waiting for one (metrics). */
  connections?(): { total: number; idle: number; waiting: number };
}

/** The embedded database, which can also dump its data directory. */
export interface PgliteDb extends Db {
  readonly kind: 'pglite';
  /** The data directory as a tarball, for `openPglite(…, loadDataDir)`. */
  dumpDataDir(): Promise<Blob>;
}

/** A Db whose every call runs inside an open transaction. */
function inTransaction(kind: Db['kind'], tx: Queryable & { exec(sql: string): Promise<unknown> }): Db {
  const scoped: Db = {
    kind,
    query: (sql, params) => tx.query(sql, params),
    async exec(sql) {
      await tx.exec(sql);
    },
    transaction: (work) => work(scoped),
    close: () => Promise.reject(new Error('A transaction cannot close the database')),
  };
  return scoped;
}

/**
 * Embedded PostgreSQL; in memory when no data directory is given. `loadDataDir`: a data directory
 * dumped by PGlite (a tarball) to start from.
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<PgliteDb> {
  if (dataDir) await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // pg_trgm serves the catalogue's title search (migration 005).
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir });
  let closed = false;
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await pglite.query<T>(sql, [...params]);
      return { rows: result.rows };
    },
    // PGlite has one connection: a transaction holds it, and other statements wait for the end.
    transaction: (work) =>
      pglite.transaction((tx: Transaction) =>
        work(
          inTransaction('pglite', {
            query: async <T>(sql: string, params: readonly unknown[] = []) => ({
              rows: (await tx.query<T>(sql, [...params])).rows,
            }),
            exec: (sql: string) => tx.exec(sql),
          }),
        ),
      ),
    async exec(sql: string) {
      await pglite.exec(sql);
    },
    dumpDataDir: () => pglite.dumpDataDir('none'),
    async close() {
      if (closed) return;
      closed = true;
      await pglite.close();
    },
  };
}

/** A PostgreSQL server reached through a connection pool. */
export function openPostgres(connectionString: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle connection that the server drops must not end the process: the pool replaces it.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  let closed = false;
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, [...params]);
      return { rows: result.rows as T[] };
    },
    async transaction(work) {
      const client = await pool.connect();
      let broken: unknown;
      try {
        await client.query('BEGIN');
        const result = await work(
          inTransaction('postgres', {
            query: async <T>(sql: string, params: readonly unknown[] = []) => ({
              rows: (await client.query(sql, [...params])).rows as T[],
            }),
            exec: (sql: string) => client.query(sql),
          }),
        );
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        // A connection whose rollback failed is in an unknown state: the pool drops it.
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
