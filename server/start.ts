import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { buildApp, randomAdminToken } from './app';
import { resolveTokenSecret } from './auth/secret';
import { openBroadcast } from './broadcast';
import { parseCentreTimeZone, setCentreTimeZone } from './centre-time';
import { claimDataLock, ensureDataDir, readOrCreateFile } from './data-dir';
import { openDb } from './db';
import { describeError } from './http';
import { uploadLimitsFromEnv } from './learning/resumable';
import { listen } from './listen';
import { createLogger, logLevelFromEnv } from './logging';
import { startMaintenance } from './maintenance';
import { parseListenAddress, serveMetrics } from './metrics';
import { migrate } from './migrate';
import { adminTokenFile, dataDir, pgliteDir, ROOT, uploadsFolder } from './paths';
import { paymentSettingsFromEnv, randomNoticeSecret } from './payments/settings';
import { precompressDir } from './precompress';
import { startSettings } from './production';
import { quizSweepIntervalMs } from './quizzes/sweep';
import { seed } from './seed';
import { ensureSpaBuild } from './spa-build';
import { createUploadStore } from './uploads';

const DATA_DIR = dataDir();
const DIST_DIR = join(ROOT, 'dist');
/** UPLOADS_DIR, else DATA_DIR/uploads (docs/operations.md, "Uploaded files"). */
const UPLOADS_DIR = uploadsFolder(process.env, DATA_DIR);
/** On SIGTERM, how long the requests under way may take to finish. */
const DRAIN_MS = 10_000;

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT is not a port: ${process.env.PORT}`);
  const centreTimeZone = parseCentreTimeZone(process.env.CENTRE_TIME_ZONE);
  // PUBLIC_ORIGIN, the mail and text transports, the card gateway and TOKEN_SECRET: in production
  // the start stops here, naming every one missing (server/production.ts).
  const { messages } = startSettings(process.env);
  // One JSON line per request on stdout (LOG_LEVEL); /metrics on its own listener (METRICS_ADDRESS).
  const logger = createLogger({ level: logLevelFromEnv(process.env) });
  const metricsAddress = process.env.METRICS_ADDRESS?.trim()
    ? parseListenAddress(process.env.METRICS_ADDRESS)
    : undefined;

  if (process.env.SKIP_BUILD === '1') {
    if (!existsSync(join(DIST_DIR, 'index.html')))
      console.warn('SKIP_BUILD=1 and no dist/: serving the API only.');
    // Only what a bare `vite build` left uncompressed (server/precompress.ts).
    else await precompressDir(DIST_DIR);
  } else {
    await ensureSpaBuild(ROOT);
  }

  const databaseUrl = process.env.DATABASE_URL;
  await ensureDataDir(DATA_DIR);
  // The embedded database takes one process: claim it before opening, so that a second server or
  // the admin command finds this one instead of writing into the same files.
  const dataLock = databaseUrl ? undefined : await claimDataLock(DATA_DIR);
  const db = await openDb({ databaseUrl, dataDir: databaseUrl ? undefined : pgliteDir(DATA_DIR) });
  const applied = await migrate(db);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
  // Every "today", in the code and in SQL, is the centre's: before the seed dates anything.
  await setCentreTimeZone(db, centreTimeZone);
  // The learning seed's media are copied into the upload store the server serves them from.
  // SKIP_SEED=1: the data folder is a copy of one seeded already (the browser tests' template).
  if (process.env.SKIP_SEED !== '1') await seed(db, { uploads: createUploadStore(UPLOADS_DIR) });

  const secret = await resolveTokenSecret({ env: process.env.TOKEN_SECRET, dataDir: DATA_DIR });
  // `npm run admin` reads this token to reach the running server; servers sharing the data folder
  // (several instances on one DATABASE_URL) share it.
  const adminToken = await readOrCreateFile(DATA_DIR, basename(adminTokenFile(DATA_DIR)), randomAdminToken);
  // VAT_RATE, PAYMENT_BASE_URL, SELLER_… are read once here; the gateway's notice secret, when
  // PAYMENT_NOTICE_SECRET is unset, is made once into the data folder like the admin token.
  const payments = paymentSettingsFromEnv(
    process.env,
    process.env.PAYMENT_NOTICE_SECRET?.trim() ||
      (await readOrCreateFile(DATA_DIR, 'payment-notice-secret', randomNoticeSecret)),
  );

  // On PostgreSQL every instance started on the same database pushes the others' live events too.
  const broadcast = await openBroadcast({ databaseUrl, publisher: db });
  let ownOrigin = `http://localhost:${port}`;
  const { app, live, uploads, resumable, notifier, startSender, health, metrics } = buildApp({
    db,
    logger,
    metricsToken: process.env.METRICS_TOKEN?.trim() || undefined,
    secret,
    distDir: DIST_DIR,
    uploadsDir: UPLOADS_DIR,
    uploadLimits: uploadLimitsFromEnv(process.env),
    adminToken,
    broadcast,
    payments,
    // TRUST_PROXY=1 only behind a reverse proxy of ours that sets X-Forwarded-For (server/client-address.ts).
    trustProxy: ['1', 'true'].includes(process.env.TRUST_PROXY?.trim().toLowerCase() ?? ''),
    messages,
    ownOrigin: () => ownOrigin,
  });
  const http = await listen(app, { port, hostname: '0.0.0.0' });
  ownOrigin = `http://localhost:${http.port}`;
  live.attach(http.server);
  const metricsServer = metricsAddress && (await serveMetrics(metrics, metricsAddress));
  // Mail and texts queued by this and any other instance go out (server/messages/sender.ts).
  const sender = startSender();
  await dataLock?.setUrl(`http://localhost:${http.port}`);
  // Sign-ups never confirmed are removed after 24 hours, with their CVs: now and every hour. Quiz
  // attempts whose time ran out are submitted every QUIZ_SWEEP_SECONDS (5 by default).
  const maintenance = startMaintenance(db, uploads, {
    quizSweep: { notifier, intervalMs: quizSweepIntervalMs(process.env.QUIZ_SWEEP_SECONDS) },
    timer: metrics.observeJob,
    fileJobs: uploads,
    // Uploads unfinished after 24 hours, and finished ones nothing uses, are removed every hour.
    pruneUploads: () => resumable.prune(),
  });
  console.log(`KFU Training is running at http://localhost:${http.port}`);
  if (!payments.gatewayBaseUrl)
    console.log(
      process.env.NODE_ENV === 'production'
        ? 'Payments: the SIMULATED card gateway (PAYMENT_SIMULATION=1): no money moves'
        : 'Payments: the simulated card gateway at /gateway (set PAYMENT_BASE_URL for a real one)',
    );
  if (metricsAddress && metricsServer)
    console.log(`Metrics at http://${metricsAddress.host}:${metricsServer.port}/metrics`);
  console.log(
    `Mail: ${messages.mail.transport === 'smtp' ? 'SMTP relay' : 'kept in the outbox (npm run outbox)'}; texts: ${
      { provider: 'the SMS provider', simulated: 'the simulated provider', outbox: 'kept in the outbox' }[
        messages.sms.transport
      ]
    }; links start at ${messages.publicOrigin ?? ownOrigin}`,
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping…`);
    // Not ready at once; no new connections; requests under way finish; sockets told to reconnect.
    health.stopping();
    await Promise.all([http.drain(DRAIN_MS), live.shutdown()]).catch((error: unknown) =>
      console.error(describeError(error)),
    );
    await metricsServer?.close();
    await maintenance.stop();
    await sender.stop();
    // Cover copies being made are finished (those never made are made when first asked for).
    await uploads.settle();
    await broadcast.close();
    await db.close();
    await dataLock?.release();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
