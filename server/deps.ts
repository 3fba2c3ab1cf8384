import type { SessionsRevokedHook } from './auth/sessions';
import type { TokenService } from './auth/tokens';
import type { Db } from './db';
import type { Notifier } from './notifications/notifier';
import type { RateLimiter } from './rate-limits';
import type { UploadStore } from './uploads';

/** What every route module is given: the services of one app (buildApp in server/app.ts). */
export interface Deps {
  db: Db;
  /** Signs and checks access, refresh and reset tokens. */
  tokens: TokenService;
  /** The rate limits, counted in the database. */
  limiter: RateLimiter;
  /** Stores notifications and pushes them to open sockets. */
  notifier: Notifier;
  /** Where uploaded files (CVs) go. */
  uploads: UploadStore;
  /** What the X-Admin-Token header of /admin/… and /dev/… calls must hold. */
  adminToken: string;
  /** Told once a password reset has ended every session of a user (their sockets close). */
  onSessionsRevoked: SessionsRevokedHook;
  /** The token secret, for keyed hashes of what must not be stored plainly (a closed account's address). */
  secret: Uint8Array;
  /** PUBLIC_ORIGIN (else the server's own address): where every link in a mail or text starts. */
  publicOrigin: () => string;
}
