import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { createTokenService, type TokenService } from './auth/tokens';
import type { Db } from './db';
import { type AppEnv, handleError, notFoundResponse } from './http';
import { createLiveHub, type LiveHub, notificationSeenMessage } from './live';
import { createNotifier, type Notifier } from './notifications';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { cmsRoutes } from './routes/cms';
import { courseRoutes } from './routes/courses';
import { devRoutes } from './routes/dev';
import { eventRoutes } from './routes/events';
import { identityRoutes } from './routes/identity';
import { notificationRoutes } from './routes/notifications';
import { serveSpa } from './spa';
import { createUploadStore, type UploadStore } from './uploads';

export const API_BASE = '/api/v1';

export interface AppOptions {
  db: Db;
  /** The key that signs access and refresh tokens (at least 32 bytes). */
  secret: Uint8Array;
  /** The built SPA (Vite's dist/); when absent only the API is served. */
  distDir?: string | undefined;
  /** Where uploaded files go (DATA_DIR/uploads); a temporary folder when absent. */
  uploadsDir?: string | undefined;
  /** What the X-Admin-Token header of /admin/… calls must hold; random when absent. */
  adminToken?: string | undefined;
  /** Serve /dev/… (the mail outbox); by default unless NODE_ENV is production. */
  devRoutes?: boolean | undefined;
}

export interface ReferenceApp {
  app: Hono<AppEnv>;
  tokens: TokenService;
  uploads: UploadStore;
  adminToken: string;
  /** The websockets: call `live.attach(httpServer)` once the server listens. */
  live: LiveHub;
  notifier: Notifier;
}

export function randomAdminToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The reference API (and, given distDir, the SPA) as a Hono app plus the services it uses. */
export function buildApp(options: AppOptions): ReferenceApp {
  const { db, secret, distDir } = options;
  const tokens = createTokenService(secret);
  const uploads = createUploadStore(options.uploadsDir);
  const adminToken = options.adminToken ?? randomAdminToken();
  const live = createLiveHub({
    db,
    tokens,
    // Another tab or device of the user reads its list again, so the count drops everywhere.
    async onNotificationSelected(userId, id) {
      const { rows } = await db.query('SELECT 1 FROM notifications WHERE id = $1 AND user_id = $2', [
        id,
        userId,
      ]);
      if (rows[0]) live.push(userId, notificationSeenMessage(id));
    },
  });
  const notifier = createNotifier(db, live);
  const app = new Hono<AppEnv>();

  app.onError(handleError);

  const api = new Hono<AppEnv>();
  api.route('/cms', cmsRoutes(db, tokens));
  api.route('/course', courseRoutes(db));
  api.route('/', eventRoutes(db, tokens, notifier));
  api.route('/', notificationRoutes(db, tokens, notifier));
  api.route('/user', authRoutes(db, tokens));
  api.route('/user', identityRoutes({ db, tokens, uploads }));
  api.route('/admin', adminRoutes(db, adminToken, notifier));
  if (options.devRoutes ?? process.env.NODE_ENV !== 'production')
    api.route('/dev', devRoutes(db, adminToken));
  app.route(API_BASE, api);

  app.all('/api', notFoundResponse);
  app.all('/api/*', notFoundResponse);
  if (distDir) app.use('*', serveSpa(distDir));
  app.notFound((c) => c.text('Not found', 404));

  return { app, tokens, uploads, adminToken, live, notifier };
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  return buildApp(options).app;
}
