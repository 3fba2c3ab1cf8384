import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACT_DIR = fileURLToPath(new URL('../../pacts', import.meta.url));

/** A full consumer run rewrites the pacts from scratch, so removed interactions disappear. */
export default async function setup(): Promise<void> {
  await mkdir(PACT_DIR, { recursive: true });
  for (const name of await readdir(PACT_DIR)) {
    if (name.endsWith('.json')) await rm(join(PACT_DIR, name));
  }
}
