import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { buildApp, randomAdminToken } from './app';
import type { AdjustableClock } from './attendance/clock';
import { randomTokenSecret } from './auth/secret';
import type { TokenService } from './auth/tokens';
import { type Broadcast, openBroadcast } from './broadcast';
import { parseCentreTimeZone, setCentreTimeZone } from './centre-time';
import { type Db, openPostgres } from './db';
import { DEMO_ACCOUNTS } from './demo-accounts';
import type { AppEnv } from './http';
import type { Resumable, UploadLimits } from './learning/resumable';
import { listen } from './listen';
import type { LiveHub } from './live';
import type { Logger } from './logging';
import type { Sender, SenderOptions } from './messages/sender';
import type { MessageSettings } from './messages/settings';
import type { Metrics } from './metrics';
import { migrate } from './migrate';
import type { Notifier } from './notifications/notifier';
import { ROOT } from './paths';
import type { PaymentSettings } from './payments/settings';
import type { Printer } from './print/printer';
import type { RateLimitTable } from './rate-limits';
import { seed } from './seed';
import { ensureSpaBuild } from './spa-build';
import { issueStaffToken } from './staff/cli-tokens';
import { copyTemplateUploads, openTestDatabase, type TestDatabase } from './test-database';
import { createUploadStore, type UploadStore } from './uploads';
import { ensureUser, findUserByEmail, type UserRow } from './users';

export interface TestServer {
  /** Origin of the server, e.g. http://127.0.0.1:40123 (the API is under /api/v1). */
  url: string;
  /** The app it serves (`app.routes` lists every endpoint). */
  app: Hono<AppEnv>;
  db: Db;
  /** Signs tokens the server accepts, for tests that need a session without signing in. */
  tokens: TokenService;
  /** The X-Admin-Token the server's /api/v1/admin/… and /dev/… endpoints accept (no decision). */
  adminToken: string;
  /**
   * A personal staff token (`Authorization: Staff …`, server/staff/cli-tokens.ts) of the demo staff
   * account, for the /admin/ decisions `npm run admin` makes after `login`.
   */
  staffToken: string;
  /** The websockets, attached to the server. */
  live: LiveHub;
  /** Creates notifications (and pushes them to open sockets). */
  notifier: Notifier;
  /** The PostgreSQL database the server uses, when TEST_DATABASE_URL is set (else in-memory PGlite). */
  databaseUrl: string | undefined;
  /** The temporary folder uploaded files go to (removed by close, unless it was given). */
  uploadsDir: string;
  /** The store of that folder: `uploads.settle()` waits for the work on files under way. */
  uploads: UploadStore;
  /** The key that signs tokens (a further instance on the same database shares it). */
  secret: Uint8Array;
  /** How this instance shares live events (LISTEN/NOTIFY on PostgreSQL, in-process on PGlite). */
  broadcast: Broadcast;
  /** The payment settings (its notice secret signs the gateway's notices). */
  payments: PaymentSettings;
  /** Delivers the outbox (server/messages/sender.ts); stopped by close. */
  sender: Sender;
  /** What /metrics reports. */
  metrics: Metrics;
  /** Resumable uploads (their clean-up). */
  resumable: Resumable;
  close(): Promise<void>;
}

/**
 * A migrated and seeded server on a free port of 127.0.0.1, on an in-memory database (or on a new
 * database of the PostgreSQL server that TEST_DATABASE_URL names).
 *
 * `sameDatabaseAs`: another instance of that server (PostgreSQL only): its own connections, port and
 * live events, on the same database and token secret. Close it before the first one, which drops
 * the database.
 */
export async function startTestServer(
  options: {
    withSpa?: boolean;
    sameDatabaseAs?: TestServer;
    /** Passed to the app: X-Forwarded-For names the client (server/client-address.ts). */
    trustProxy?: boolean;
    /** Other thresholds than the product's RATE_LIMITS (server/rate-limits.ts), for tests only. */
    rateLimits?: RateLimitTable;
    /** VAT, gateway and seller settings; the defaults with a random notice secret when absent. */
    payments?: PaymentSettings;
    /** Prints receipts; the shared Chromium printer when absent. */
    printer?: Printer;
    /** The clock attendance runs on (server/attendance/clock.ts); the system clock when absent. */
    attendanceClock?: AdjustableClock;
    /** How long after a chat message its undelivered members get a bell notification. */
    chatNotifyAfterMs?: number;
    /** The centre's time zone (CENTRE_TIME_ZONE); Asia/Riyadh when absent. One per process. */
    centreTimeZone?: string;
    /** PUBLIC_ORIGIN and the mail and text transports; the outbox and simulated provider when absent. */
    messages?: MessageSettings;
    /** Request lines and errors; the process's logger (LOG_LEVEL, `warn` under Vitest) when absent. */
    logger?: Logger;
    /** METRICS_TOKEN: /metrics answers this bearer token; 404 when absent. */
    metricsToken?: string;
    /** The limits of resumable uploads (server/learning/resumable.ts); the defaults when absent. */
    uploadLimits?: Partial<UploadLimits>;
    /**
     * An uploads folder another instance uses too (UPLOADS_DIR shared by instances); a temporary
     * folder of this server's own when absent. A shared folder is left in place by close.
     */
    uploadsDir?: string;
    /** The outbox sender's timings and name (server/messages/sender.ts). */
    sender?: Partial<
      Pick<
        SenderOptions,
        'pollMs' | 'leaseMs' | 'retryBaseMs' | 'retryMaxMs' | 'maxAttempts' | 'instance' | 'log'
      >
    >;
  } = {},
): Promise<TestServer> {
  if (options.withSpa) await ensureSpaBuild(ROOT);
  const first = options.sameDatabaseAs;
  let database: TestDatabase;
  if (first) {
    if (!first.databaseUrl) throw new Error('A second instance needs PostgreSQL (TEST_DATABASE_URL)');
    const shared = openPostgres(first.databaseUrl, { max: 5 });
    database = { db: shared, url: first.databaseUrl, seeded: true, drop: () => shared.close() };
  } else {
    database = await openTestDatabase();
  }
  const { db } = database;
  const sharedUploads = options.uploadsDir;
  const uploadsDir = sharedUploads ?? (await mkdtemp(join(tmpdir(), 'kfu-test-uploads-')));
  let broadcast: Broadcast | undefined;
  const cleanUp = async () => {
    await broadcast?.close();
    await database.drop();
    if (!sharedUploads) await rm(uploadsDir, { recursive: true, force: true });
  };
  try {
    // A copy of the run's template (server/test-database.ts) is migrated and seeded already.
    const fresh = !first && !(database.seeded && (await copyTemplateUploads(uploadsDir)));
    if (fresh) await migrate(db);
    // Before the seed dates anything; the zone is one per process (server/centre-time.ts).
    await setCentreTimeZone(db, parseCentreTimeZone(options.centreTimeZone));
    if (fresh) await seed(db, { uploads: createUploadStore(uploadsDir) });
    broadcast = await openBroadcast({ databaseUrl: database.url, publisher: db });
    const adminToken = randomAdminToken();
    const secret = first?.secret ?? randomTokenSecret();
    let url = '';
    const { app, tokens, live, notifier, payments, uploads, resumable, startSender, metrics } = buildApp({
      db,
      secret,
      distDir: options.withSpa ? join(ROOT, 'dist') : undefined,
      uploadsDir,
      adminToken,
      broadcast,
      trustProxy: options.trustProxy,
      rateLimits: options.rateLimits,
      payments: options.payments,
      printer: options.printer,
      attendanceClock: options.attendanceClock,
      chatNotifyAfterMs: options.chatNotifyAfterMs,
      messages: options.messages,
      ownOrigin: () => url,
      logger: options.logger,
      metricsToken: options.metricsToken,
      uploadLimits: options.uploadLimits,
    });
    const staffToken = await demoStaffToken(db);
    const http = await listen(app, { port: 0, hostname: '127.0.0.1' });
    url = `http://127.0.0.1:${http.port}`;
    live.attach(http.server);
    const sender = startSender({ pollMs: 200, ...options.sender });
    return {
      url,
      app,
      db,
      tokens,
      adminToken,
      staffToken,
      live,
      notifier,
      databaseUrl: database.url,
      uploadsDir,
      uploads,
      secret,
      broadcast,
      payments,
      sender,
      metrics,
      resumable,
      async close() {
        live.close();
        await http.close();
        await sender.stop();
        // Pictures still being made would write into the folder as it is removed.
        await uploads.settle();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** What `npm run admin -- login staff@example.com` keeps, made here without the mailed code. */
export async function demoStaffToken(db: Db): Promise<string> {
  const staff =
    (await findUserByEmail(db, DEMO_ACCOUNTS.staff.email)) ??
    (await ensureUser(db, { ...DEMO_ACCOUNTS.staff, verified: true }));
  return (await issueStaffToken(db, staff, 'tests')).token;
}

let traineesMade = 0;

/**
 * A trainee of the test's own (a unique e-mail address and id number on this server), approved,
 * with an access token: a session without signing in.
 */
export async function signedInTrainee(
  server: Pick<TestServer, 'db' | 'tokens'>,
  name: string,
): Promise<{ user: UserRow; token: string }> {
  traineesMade += 1;
  const user = await ensureUser(server.db, {
    email: `${name}.${traineesMade}@example.com`,
    password: 'Trainee#2026xyz',
    full_name: `${name[0]?.toUpperCase()}${name.slice(1)} ${traineesMade}`,
    role: 'TRAINEE',
    phone_number: '0551112222',
    govt_id_or_iqama_no: String(1_400_000_000 + traineesMade),
    approved: true,
  });
  return { user, token: (await server.tokens.issue('access', user)).token };
}

let staffMade = 0;

/** A member of staff (role ADMIN) of the test's own, with an access token: no second factor asked. */
export async function signedInStaff(
  server: Pick<TestServer, 'db' | 'tokens'>,
  name: string,
): Promise<{ user: UserRow; token: string }> {
  staffMade += 1;
  const user = await ensureUser(server.db, {
    email: `${name}.staff${staffMade}@example.com`,
    password: 'Staff#2026xyz',
    full_name: `${name[0]?.toUpperCase()}${name.slice(1)} Staff ${staffMade}`,
    role: 'ADMIN',
    approved: true,
  });
  return { user, token: (await server.tokens.issue('access', user)).token };
}

/** The id of a seeded course (server/seed-public.ts) or lecture (server/seed-learning.ts) by slug. */
async function idBySlug(db: Db, table: 'courses' | 'lectures', slug: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM ${table} WHERE slug = $1`, [slug]);
  const id = rows[0]?.id;
  if (id === undefined)
    throw new Error(`No ${table === 'courses' ? 'course' : 'lecture'} has the slug ${slug}`);
  return id;
}

/** The id of a seeded course by its slug (LEARNING_COURSES in server/seed-learning.ts). */
export function courseIdBySlug(server: Pick<TestServer, 'db'>, slug: string): Promise<number> {
  return idBySlug(server.db, 'courses', slug);
}

/** The id of a seeded lecture by its slug (LEARNING_LECTURES in server/seed-learning.ts). */
export function lectureIdBySlug(server: Pick<TestServer, 'db'>, slug: string): Promise<number> {
  return idBySlug(server.db, 'lectures', slug);
}

/**
 * Enrols a user (by id or e-mail address) in the course of the slug, as a paid or free enrolment
 * would (status `enrolled`, no payment row); an existing enrolment becomes `enrolled` again.
 * Answers the course id.
 */
export async function enrolBySlug(
  server: Pick<TestServer, 'db'>,
  user: number | string,
  courseSlug: string,
): Promise<number> {
  const userId = typeof user === 'number' ? user : (await findUserByEmail(server.db, user))?.id;
  if (userId === undefined) throw new Error(`No user has the e-mail address ${String(user)}`);
  const courseId = await courseIdBySlug(server, courseSlug);
  await server.db.query(
    `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')
     ON CONFLICT (user_id, course_id) DO UPDATE SET status = 'enrolled', updated_at = now()`,
    [userId, courseId],
  );
  return courseId;
}
