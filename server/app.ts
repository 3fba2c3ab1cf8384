import { Hono } from 'hono';
import { createTokenService, type TokenService } from './auth/tokens';
import type { Db } from './db';
import { type AppEnv, handleError, notFoundResponse } from './http';
import { authRoutes } from './routes/auth';
import { cmsRoutes } from './routes/cms';
import { serveSpa } from './spa';

export const API_BASE = '/api/v1';

export interface AppOptions {
  db: Db;
  /** The key that signs access and refresh tokens (at least 32 bytes). */
  secret: Uint8Array;
  /** The built SPA (Vite's dist/); when absent only the API is served. */
  distDir?: string | undefined;
}

export interface ReferenceApp {
  app: Hono<AppEnv>;
  tokens: TokenService;
}

/** The reference API (and, given distDir, the SPA) as a Hono app plus the services it uses. */
export function buildApp({ db, secret, distDir }: AppOptions): ReferenceApp {
  const tokens = createTokenService(secret);
  const app = new Hono<AppEnv>();

  app.onError(handleError);

  const api = new Hono<AppEnv>();
  api.route('/cms', cmsRoutes(db));
  api.route('/user', authRoutes(db, tokens));
  app.route(API_BASE, api);

  app.all('/api', notFoundResponse);
  app.all('/api/*', notFoundResponse);
  if (distDir) app.use('*', serveSpa(distDir));
  app.notFound((c) => c.text('Not found', 404));

  return { app, tokens };
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  return buildApp(options).app;
}
