import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../../../server/paths';
import { ensureSpaBuild } from '../../../server/spa-build';
import { prepareDataFolderTemplate } from '../../../server/test-database';

/** Where the run's seeded data folder is, for `startApp` (support/app.ts) to copy. */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';

/** The run's server as one JavaScript file (support/app.ts runs it with node). */
export const SERVER_BUNDLE_ENV = 'E2E_SERVER_BUNDLE';

/** The run's admin command (`npm run admin`) as one JavaScript file (support/identity.ts). */
export const ADMIN_BUNDLE_ENV = 'E2E_ADMIN_BUNDLE';

/**
 * Vitest global setup of the browser suite:
 * - the web app built once, when out of date (unless SKIP_BUILD=1);
 * - one migrated and seeded data folder for the run (from the run's database template when
 *   `npm test` made one); each product a test file starts runs on a copy of it instead of
 *   migrating and seeding;
 * - `server/start.ts` and the admin command (`scripts/admin.ts`), each with what it imports (not its
 *   packages), compiled once into one file, which node starts in about half the time tsx takes to
 *   compile and load the sources again for each product and each command. They sit in `server/` so
 *   that their paths from `import.meta.url` (the project's root, the migrations) are the sources'.
 */
export default async function setup(): Promise<() => void> {
  // The web app is built (when out of date) once, here: a product started later never builds it
  // again, which would change the assets under the pages of the files already running.
  if (process.env.SKIP_BUILD !== '1') await ensureSpaBuild(ROOT);
  process.env.SKIP_BUILD = '1';
  const dir = join(process.cwd(), '.tmp', `e2e-data-template-${process.pid}`);
  const bundles = [
    { env: SERVER_BUNDLE_ENV, entry: 'server/start.ts', name: 'start' },
    { env: ADMIN_BUNDLE_ENV, entry: 'scripts/admin.ts', name: 'admin' },
  ].map((bundle) => ({ ...bundle, file: join(ROOT, 'server', `.${bundle.name}-${process.pid}.bundle.mjs`) }));
  await Promise.all([
    prepareDataFolderTemplate(dir),
    ...bundles.map(({ entry, file }) =>
      build({
        entryPoints: [entry],
        outfile: file,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        logLevel: 'warning',
      }),
    ),
  ]);
  process.env[DATA_TEMPLATE_ENV] = dir;
  for (const { env, file } of bundles) process.env[env] = file;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    for (const { file } of bundles) rmSync(file, { force: true });
  };
}
