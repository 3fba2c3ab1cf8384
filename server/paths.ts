import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The data folder of `npm start`: DATA_DIR, else .data in the project. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATA_DIR ? resolve(env.DATA_DIR) : join(ROOT, '.data');
}

/** Inside the data folder: the embedded database, uploaded files, and the running server's admin token. */
export const pgliteDir = (data: string) => join(data, 'pglite');
export const uploadsDir = (data: string) => join(data, 'uploads');

/**
 * Where uploaded files live: UPLOADS_DIR, a folder that several instances on one database may share
 * (a shared mount), else DATA_DIR/uploads.
 */
export function uploadsFolder(env: NodeJS.ProcessEnv = process.env, data = dataDir(env)): string {
  const chosen = env.UPLOADS_DIR?.trim();
  return chosen ? resolve(chosen) : uploadsDir(data);
}
export const adminTokenFile = (data: string) => join(data, 'admin-token');
