import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/;

/** The migration files, in the order they are applied. */
export async function listMigrations(dir = MIGRATIONS_DIR): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  const numbers = names.map((name) => name.slice(0, 3));
  const repeated = numbers.find((number, index) => numbers.indexOf(number) !== index);
  if (repeated) throw new Error(`Two migrations share the number ${repeated} in ${dir}`);
  return names;
}

/**
 * Applies the migrations not yet recorded in schema_migrations, in order; returns their names.
 * Each file runs together with its bookkeeping row as one implicit transaction, so a failing
 * migration leaves nothing behind. Files must therefore not contain BEGIN or COMMIT.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
  const applied = new Set(rows.map((row) => row.name));
  const done: string[] = [];
  for (const name of await listMigrations(dir)) {
    if (applied.has(name)) continue;
    const sql = await readFile(join(dir, name), 'utf8');
    try {
      await db.exec(`${sql}\n;\nINSERT INTO schema_migrations (name) VALUES ('${name}');`);
    } catch (error) {
      throw new Error(`Migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    done.push(name);
  }
  return done;
}
