import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { prepareTestTemplate, TEMPLATE_ENV } from '../../server/test-database';

/**
 * Vitest global setup: migrates and seeds the product's database once for the whole run, so that
 * each test server starts from a copy (server/test-database.ts) instead of doing it again. On
 * PostgreSQL (TEST_DATABASE_URL) the copy is `CREATE DATABASE … TEMPLATE`. Under `npm test` the
 * template is made once for every step (scripts/test-all.ts) and given in TEMPLATE_ENV: used as is.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[TEMPLATE_ENV]) return undefined;
  const dir = join(process.cwd(), '.tmp', `database-template-${process.pid}`);
  const drop = await prepareTestTemplate(dir, process.env.TEST_DATABASE_URL);
  process.env[TEMPLATE_ENV] = dir;
  return async () => {
    await drop();
    await rm(dir, { recursive: true, force: true });
  };
}
