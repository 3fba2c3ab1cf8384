import { randomBytes } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { type Db, openPglite, openPostgres } from './db';
import { migrate } from './migrate';
import { pgliteDir, uploadsDir } from './paths';
import { seed } from './seed';
import { createUploadStore } from './uploads';

/** A database of its own for one test server, dropped by `drop()`. */
export interface TestDatabase {
  db: Db;
  /** A connection string to it (PostgreSQL only): several server instances can share it. */
  url: string | undefined;
  /** Whether it holds the migrated and seeded product already (copied from the template). */
  seeded: boolean;
  drop(): Promise<void>;
}

/**
 * TEST_DATABASE_TEMPLATE names a folder made once per test run by `prepareTestTemplate`: the
 * migrated and seeded embedded database as a tarball, the uploaded files the seed put beside it,
 * and, with TEST_DATABASE_URL, the name of a seeded PostgreSQL database to copy. A test server then
 * starts from a copy instead of migrating and seeding for itself.
 */
export const TEMPLATE_ENV = 'TEST_DATABASE_TEMPLATE';

const PGLITE_TARBALL = 'pglite.tar';
const UPLOADS = 'uploads';
const POSTGRES_NAME = 'postgres-database';

/** The template's embedded database: its data directory as a tarball, for `openPglite`. */
async function templateTarball(template: string): Promise<Blob> {
  return new Blob([await readFile(join(template, PGLITE_TARBALL))]);
}

function serverClient(serverUrl: string): pg.Client {
  return new pg.Client({ connectionString: serverUrl });
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = serverClient(serverUrl);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function migrateAndSeed(db: Db, uploads: string): Promise<void> {
  await migrate(db);
  await seed(db, { uploads: createUploadStore(uploads) });
}

/**
 * Makes the template in `dir` (see TEMPLATE_ENV): migrates and seeds an embedded database once and
 * keeps its data directory as a tarball; with `serverUrl`, also a seeded PostgreSQL database there.
 * Answers a function that drops that database.
 */
export async function prepareTestTemplate(dir: string, serverUrl?: string): Promise<() => Promise<void>> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const uploads = join(dir, UPLOADS);
  const pglite = await openPglite();
  try {
    await migrateAndSeed(pglite, uploads);
    const tarball = await pglite.dumpDataDir();
    await writeFile(join(dir, PGLITE_TARBALL), new Uint8Array(await tarball.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  if (!serverUrl) return async () => {};
  const name = `kfu_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const db = openPostgres(databaseUrl(serverUrl, name), { max: 1 });
  try {
    // The same files again: the seed only writes what the store lacks.
    await migrateAndSeed(db, uploads);
  } finally {
    await db.close();
  }
  await writeFile(join(dir, POSTGRES_NAME), name);
  return () =>
    onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
      () => {},
    );
}

/**
 * A data folder for `npm start` (DATA_DIR) whose embedded database is migrated and seeded, with the
 * seed's uploaded files: browser tests copy it for each product they start.
 */
export async function prepareDataFolderTemplate(
  dir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  const template = env[TEMPLATE_ENV];
  // The run's template (TEMPLATE_ENV) holds the same database: unpacked, not made again.
  const db = await openPglite(pgliteDir(dir), template ? await templateTarball(template) : undefined);
  try {
    if (template) await cp(join(template, UPLOADS), uploadsDir(dir), { recursive: true });
    else await migrateAndSeed(db, uploadsDir(dir));
  } finally {
    await db.close();
  }
}

/**
 * The embedded database of a data folder (`npm start`'s and the admin command's), migrated and
 * seeded: loaded from the run's template when there is one, else migrated and seeded here.
 */
export async function openSeededPglite(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  const template = env[TEMPLATE_ENV];
  if (template) return openPglite(dataDir, await templateTarball(template));
  const db = await openPglite(dataDir);
  await migrate(db);
  await seed(db, { generatedCourses: 0 });
  return db;
}

/** Copies the template's uploaded files into a test server's folder; false without a template. */
export async function copyTemplateUploads(
  target: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  const template = env[TEMPLATE_ENV];
  if (!template) return false;
  await cp(join(template, UPLOADS), target, { recursive: true });
  return true;
}

/** A new database on a PostgreSQL server, a copy of the run's seeded one when there is one. */
export interface ServerDatabase {
  url: string;
  /** Whether it holds the migrated and seeded product already (copied from the template). */
  seeded: boolean;
  drop(): Promise<void>;
}

/**
 * Creates a database of its own on the PostgreSQL server at `serverUrl`: `CREATE DATABASE … TEMPLATE`
 * the run's seeded database when the template has one (TEMPLATE_ENV), else empty.
 */
export async function createServerDatabase(
  serverUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServerDatabase> {
  const template = env[TEMPLATE_ENV];
  // A template made without TEST_DATABASE_URL holds no PostgreSQL database.
  const templateName = template
    ? await readFile(join(template, POSTGRES_NAME), 'utf8').then(
        (name) => name.trim(),
        () => undefined,
      )
    : undefined;
  const name = `kfu_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) =>
    client.query(
      templateName ? `CREATE DATABASE ${name} TEMPLATE ${templateName}` : `CREATE DATABASE ${name}`,
    ),
  );
  return {
    url: databaseUrl(serverUrl, name),
    seeded: Boolean(templateName),
    drop: () =>
      onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => {},
      ),
  };
}

/**
 * With TEST_DATABASE_URL (a PostgreSQL server where the user may create databases) every test
 * server gets a new database there; without it, an in-memory PGlite. Either is a copy of the
 * template when there is one (TEMPLATE_ENV), else empty.
 */
export async function openTestDatabase(env: NodeJS.ProcessEnv = process.env): Promise<TestDatabase> {
  const serverUrl = env.TEST_DATABASE_URL;
  const template = env[TEMPLATE_ENV];
  if (!serverUrl) {
    const db = template ? await openPglite(undefined, await templateTarball(template)) : await openPglite();
    return { db, url: undefined, seeded: Boolean(template), drop: () => db.close() };
  }
  const database = await createServerDatabase(serverUrl, env);
  const db = openPostgres(database.url, { max: 5 });
  return {
    db,
    url: database.url,
    seeded: database.seeded,
    async drop() {
      await db.close();
      await database.drop();
    },
  };
}
