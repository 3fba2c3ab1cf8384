import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, openPglite, openPostgres } from './db';

/** A database of its own for one test server, dropped by `drop()`. */
export interface TestDatabase {
  db: Db;
  /** A connection string to it (PostgreSQL only): several server instances can share it. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * With TEST_DATABASE_URL (a PostgreSQL server where the user may create databases) every test
 * server gets a new database there; without it, an in-memory PGlite.
 */
export async function openTestDatabase(env: NodeJS.ProcessEnv = process.env): Promise<TestDatabase> {
  const serverUrl = env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = await openPglite();
    return { db, url: undefined, drop: () => db.close() };
  }
  const name = `kfu_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), { max: 5 });
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
