import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { prepareDataFolderTemplate } from '../../../server/test-database';

/** Where the run's seeded data folder is, for `startApp` (support/app.ts) to copy. */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';

/**
 * Vitest global setup of the browser suite: one migrated and seeded data folder for the run (from
 * the run's database template when `npm test` made one); each product a test file starts
 * (`npm start`) runs on a copy of it instead of migrating and seeding.
 */
export default async function setup(): Promise<() => void> {
  const dir = join(process.cwd(), '.tmp', `e2e-data-template-${process.pid}`);
  await prepareDataFolderTemplate(dir);
  process.env[DATA_TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
