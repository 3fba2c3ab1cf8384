import { randomBytes } from 'node:crypto';
import { RESUMABLE_UPLOADS_PATH } from '@contract/wire/learning';
import { Hono } from 'hono';
import { adminRoutes } from './admin/routes';
import { type AdjustableClock, createAdjustableClock } from './attendance/clock';
import { attendanceDevRoutes } from './attendance/dev-routes';
import { attendanceRoutes } from './attendance/routes';
import { authRoutes } from './auth/routes';
import { createTokenService, type TokenService } from './auth/tokens';
import { classAuthoringRoutes } from './authoring/class-routes';
import { courseAuthoringRoutes } from './authoring/course-routes';
import { type Broadcast, createLocalBroadcast } from './broadcast';
import { certificateAdminRoutes } from './certificates/admin-routes';
import { certificateRoutes } from './certificates/routes';
import { chatRoutes } from './chat/routes';
import { requestIsHttps } from './client-address';
import { cmsRoutes } from './cms/routes';
import { compressAnswers } from './compression';
import { courseRoutes } from './courses/routes';
import type { Db } from './db';
import type { Deps } from './deps';
import { devRoutes } from './dev/routes';
import { enrolmentRoutes } from './enrolments/routes';
import { eventRoutes } from './events/routes';
import { gradingRoutes } from './grading/routes';
import { createHealth, type Health, healthRoutes } from './health';
import { historyRoutes } from './history/routes';
import { type AppEnv, describeError, handleError, notFoundResponse, requestGuard } from './http';
import { identityRoutes } from './identity/routes';
import { invitationRoutes } from './invitations/routes';
import { fileRoutes } from './learning/files';
import { type Resumable, resumableUploads, type UploadLimits } from './learning/resumable';
import { learningRoutes } from './learning/routes';
import { createLiveHub, type LiveHub } from './live';
import { defaultLogger, type Logger, observeRequests } from './logging';
import { type Sender, type SenderOptions, startSender } from './messages/sender';
import { DEFAULT_SMS_SENDER, type MessageSettings } from './messages/settings';
import { createSmsTransport } from './messages/sms';
import { SIMULATED_SMS_TOKEN, smsProviderRoutes } from './messages/sms-provider';
import { createSmtpTransport } from './messages/smtp';
import { keepInOutbox, type Transport } from './messages/transport';
import { createMetrics, type Metrics, metricsRoutes } from './metrics';
import { mount } from './mounts';
import { createNotifier, type Notifier } from './notifications/notifier';
import { notificationRoutes } from './notifications/routes';
import { noticeMailSettingsRoutes } from './notifications/settings-routes';
import { createGatewayClient, gatewayRoutes, noticeSender } from './payments/gateway';
import { defaultPrinter, receiptPdfRoutes } from './payments/receipt-routes';
import { type PaymentsDeps, paymentRoutes } from './payments/routes';
import { defaultPaymentSettings, type PaymentSettings } from './payments/settings';
import type { Printer } from './print/printer';
import { profileRoutes } from './profile/routes';
import { quizAdminRoutes } from './quizzes/admin-routes';
import { quizRoutes } from './quizzes/routes';
import { createRateLimiter, type RateLimitTable } from './rate-limits';
import { recordsRoutes } from './records/routes';
import { reviewRoutes } from './reviews/routes';
import { scheduleRoutes } from './schedule/routes';
import { securityHeaders } from './security-headers';
import { serveSpa } from './spa';
import { staffRoutes } from './staff/routes';
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
  /**
   * TRUST_PROXY: the server sits behind one reverse proxy of ours, so X-Forwarded-For names the
   * client and X-Forwarded-Proto the scheme (server/client-address.ts). Off: both are ignored.
   */
  trustProxy?: boolean | undefined;
  /**
   * Thresholds of the rate limits; RATE_LIMITS (server/rate-limits.ts) when absent. Only test servers
   * pass others: the product always runs on RATE_LIMITS.
   */
  rateLimits?: RateLimitTable | undefined;
  /**
   * How instances on one database share live events (`openBroadcast` in server/broadcast.ts:
   * PostgreSQL LISTEN/NOTIFY); in-process when absent. The caller closes it.
   */
  broadcast?: Broadcast | undefined;
  /** VAT, the gateway, the notice secret and the seller (server/payments/settings.ts); defaults when absent. */
  payments?: PaymentSettings | undefined;
  /** Prints documents (receipts) as PDF; one shared Chromium-backed printer when absent. */
  printer?: Printer | undefined;
  /**
   * The clock attendance runs on (QR code steps, the centre's date); the system clock when absent.
   * Only tests and the /dev routes move it.
   */
  attendanceClock?: AdjustableClock | undefined;
  /** How long after a chat message its undelivered members get a bell notification; tests shorten it. */
  chatNotifyAfterMs?: number | undefined;
  /**
   * PUBLIC_ORIGIN and how mail and texts leave (server/messages/settings.ts); without them mail stays
   * in the outbox and texts go to the simulated provider.
   */
  messages?: MessageSettings | undefined;
  /**
   * The server's own address, for links when PUBLIC_ORIGIN is unset (development and tests):
   * asked for when a link is made, so it may be known only once the server listens.
   */
  ownOrigin?: (() => string) | undefined;
  /** Request lines and errors (server/logging.ts); the process's logger (LOG_LEVEL) when absent. */
  logger?: Logger | undefined;
  /** UPLOAD_MAX_VIDEO_BYTES, UPLOAD_QUOTA_BYTES, UPLOADS_IN_FLIGHT (server/learning/resumable.ts); defaults when absent. */
  uploadLimits?: Partial<UploadLimits> | undefined;
  /** METRICS_TOKEN: /metrics answers on the app's port only to this bearer token; 404 without one. */
  metricsToken?: string | undefined;
}

export interface ReferenceApp {
  app: Hono<AppEnv>;
  tokens: TokenService;
  uploads: UploadStore;
  /** Resumable uploads: the maintenance prunes the unfinished and the unused ones. */
  resumable: Resumable;
  adminToken: string;
  /** The websockets: call `live.attach(httpServer)` once the server listens. */
  live: LiveHub;
  notifier: Notifier;
  /** The payment settings the app runs on (the notice secret signs the gateway's notices). */
  payments: PaymentSettings;
  /** Where links in mail and texts start: PUBLIC_ORIGIN, else the server's own address. */
  publicOrigin: () => string;
  /**
   * Starts delivering the outbox (server/messages/sender.ts) through the configured transports; the
   * caller stops it before closing the database.
   */
  startSender(
    options?: Partial<
      Pick<
        SenderOptions,
        'pollMs' | 'leaseMs' | 'retryBaseMs' | 'retryMaxMs' | 'maxAttempts' | 'instance' | 'log'
      >
    >,
  ): Sender;
  /** /readyz's checks; `health.stopping()` turns readiness off. */
  health: Health;
  /** What /metrics reports (server/metrics.ts). */
  metrics: Metrics;
  logger: Logger;
}

/** Probes and scrapes come every few seconds: logged at debug only. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

export function randomAdminToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The reference API (and, given distDir, the SPA) as a Hono app plus the services it uses. */
export function buildApp(options: AppOptions): ReferenceApp {
  const { db, secret, distDir } = options;
  const tokens = createTokenService(secret);
  const logger = options.logger ?? defaultLogger();
  const metrics = createMetrics({ db, live: () => live });
  const uploads = createUploadStore(options.uploadsDir, {
    timer: (seconds, failed) => metrics.observeJob('file_work', seconds, failed),
  });
  const adminToken = options.adminToken ?? randomAdminToken();
  const broadcast = options.broadcast ?? createLocalBroadcast();
  const health = createHealth({ db, broadcast });
  const notifier = createNotifier(db, broadcast);
  const live = createLiveHub({
    db,
    tokens,
    broadcast,
    notifier,
    chatNotifyAfterMs: options.chatNotifyAfterMs,
  });
  // Counters live in the database, so limits hold across restarts and instances.
  const limiter = createRateLimiter({
    db,
    secret,
    limits: options.rateLimits,
    trustProxy: options.trustProxy,
  });
  // A password reset ends the user's sessions: their open sockets are closed with 4401 too.
  const onSessionsRevoked = (userId: number) => {
    live
      .endSessions(userId)
      .catch((error: unknown) => console.error(`closing the sockets failed: ${describeError(error)}`));
  };
  const messages: MessageSettings = options.messages ?? {
    publicOrigin: undefined,
    mail: { transport: 'outbox', from: 'KFU Training <no-reply@localhost>' },
    sms: { transport: 'simulated', sender: DEFAULT_SMS_SENDER },
  };
  // Links in mail and texts never start at a request's Host header (which anyone can set).
  const publicOrigin = () => messages.publicOrigin ?? options.ownOrigin?.() ?? 'http://localhost:3000';
  const deps: Deps = {
    db,
    tokens,
    limiter,
    notifier,
    uploads,
    adminToken,
    onSessionsRevoked,
    secret,
    publicOrigin,
  };
  const app = new Hono<AppEnv>();
  const paymentSettings = options.payments ?? defaultPaymentSettings();
  const payments: PaymentsDeps = {
    settings: paymentSettings,
    // Without PAYMENT_BASE_URL the API calls the gateway this app serves, in-process.
    gateway: createGatewayClient({
      baseUrl: paymentSettings.gatewayBaseUrl,
      secret: paymentSettings.noticeSecret,
      local: (request) => app.fetch(request),
    }),
    origin: (c) => {
      const url = new URL(c.req.url);
      return `${requestIsHttps(c, options.trustProxy ?? false) ? 'https' : url.protocol.slice(0, -1)}://${url.host}`;
    },
  };

  app.onError(handleError);
  // First: the request id and the request's log line and metrics cover every answer.
  app.use('*', observeRequests({ logger, observe: metrics.observeRequest, quietRoutes: PROBES }));
  app.use('*', securityHeaders({ isHttps: (c) => requestIsHttps(c, options.trustProxy ?? false) }));
  // Inside the security headers, which then also reach compressed answers and 304s.
  app.use('*', compressAnswers());
  app.route('/', healthRoutes(health));
  app.route('/', metricsRoutes(metrics, options.metricsToken));

  const api = new Hono<AppEnv>();
  // Every call: no NUL or broken percent-encoding in the address; JSON bodies only (except the
  // multipart sign-up and photo, which check their own), at most 16 KiB.
  api.use(
    '*',
    requestGuard({
      formPaths: [`${API_BASE}/user/registration/`, `${API_BASE}/user/profile/photo/`, `${API_BASE}/upload/`],
      // The tus protocol's bytes (application/offset+octet-stream), limited by the upload's size.
      bytePrefixes: [`${API_BASE}${RESUMABLE_UPLOADS_PATH}`],
    }),
  );
  const resumable = resumableUploads(deps, { limits: options.uploadLimits });
  mount(api, resumable.routes);
  // Each route module is mounted at the URL prefixes it names (server/mounts.ts): of a URL's
  // prefixes, the longest names the file that serves it (docs/architecture.md, "Routes").
  mount(api, cmsRoutes(deps));
  mount(api, courseAuthoringRoutes(deps));
  mount(api, classAuthoringRoutes(deps));
  mount(api, gradingRoutes(deps));
  // Attendance and the course history read their facts on one clock (server/attendance/clock.ts).
  const attendanceClock = options.attendanceClock ?? createAdjustableClock();
  // The trainee's course history, transcript and certificates (server/history/).
  mount(
    api,
    historyRoutes(deps, {
      printer: options.printer ?? defaultPrinter(),
      centre: { en: paymentSettings.sellerName, ar: paymentSettings.sellerNameAr },
      publicOrigin,
      clock: attendanceClock,
    }),
  );
  mount(api, courseRoutes(deps, { vatRate: paymentSettings.vatRate }));
  mount(api, eventRoutes(deps));
  mount(api, enrolmentRoutes(deps));
  mount(api, quizRoutes(deps));
  mount(api, notificationRoutes(deps));
  mount(api, noticeMailSettingsRoutes(deps));
  mount(api, learningRoutes(deps));
  // Course history, completed course details, completion rule and closing a course.
  mount(api, recordsRoutes(deps));
  mount(api, fileRoutes(deps));
  // Anyone checks a certificate by its code (server/certificates/).
  mount(api, certificateRoutes(deps));
  // Reviews and ratings of a course (server/reviews/).
  mount(api, reviewRoutes(deps));
  // Chat: conversations, history and contacts (server/chat/); messages go over /ws/chat.
  mount(api, chatRoutes(deps));
  mount(api, authRoutes(deps));
  mount(api, identityRoutes(deps));
  mount(api, profileRoutes(deps));
  mount(api, paymentRoutes(deps, payments));
  mount(api, receiptPdfRoutes(deps, options.printer ?? defaultPrinter()));
  mount(api, scheduleRoutes(deps));
  // Invitations (server/invitations/): mailed links start with PUBLIC_ORIGIN.
  mount(api, invitationRoutes(deps, { origin: publicOrigin }));
  mount(api, adminRoutes(deps, payments));
  // The back office of the centre's staff (server/staff/).
  mount(api, staffRoutes(deps, payments, options.printer ?? defaultPrinter()));
  mount(api, quizAdminRoutes(deps));
  mount(api, certificateAdminRoutes(deps));
  // Attendance: the QR code, marks, sheet and history (server/attendance/).
  mount(api, attendanceRoutes(deps, { clock: attendanceClock, broadcast, trustProxy: options.trustProxy }));
  if (options.devRoutes ?? process.env.NODE_ENV !== 'production') {
    mount(api, devRoutes(deps));
    mount(api, attendanceDevRoutes(adminToken, attendanceClock));
  }
  app.route(API_BASE, api);
  // The simulated card gateway: its own pages, ledger and credentials (server/payments/gateway.ts);
  // never beside a real one, whose notice secret it would sign with.
  if (!paymentSettings.gatewayBaseUrl)
    app.route(
      '/gateway',
      gatewayRoutes({
        db,
        secret: paymentSettings.noticeSecret,
        deliverNotice: noticeSender(
          (request) => app.fetch(request),
          `http://gateway.local${API_BASE}/payments/notice/`,
        ),
      }),
    );

  // The simulated SMS provider (server/messages/sms-provider.ts): texts go here when no SMS_URL is set.
  if (messages.sms.transport === 'simulated')
    app.route('/sms-provider', smsProviderRoutes({ db, token: SIMULATED_SMS_TOKEN }));

  app.all('/api', notFoundResponse);
  app.all('/api/*', notFoundResponse);
  if (distDir) app.use('*', serveSpa(distDir));
  app.notFound((c) => c.text('Not found', 404));

  function transports(): Transport[] {
    const list: Transport[] = [];
    list.push(
      messages.mail.transport === 'smtp'
        ? createSmtpTransport({ url: messages.mail.url, from: messages.mail.from })
        : keepInOutbox(),
    );
    const sms = messages.sms;
    if (sms.transport === 'provider') list.push(createSmsTransport(sms));
    else if (sms.transport === 'simulated')
      list.push(
        createSmsTransport({
          url: 'http://sms-provider.local/sms-provider',
          token: SIMULATED_SMS_TOKEN,
          sender: sms.sender,
          fetch: (input, init) => Promise.resolve(app.fetch(new Request(input, init))),
        }),
      );
    else list.push(keepInOutbox('sms'));
    return list;
  }

  return {
    app,
    tokens,
    uploads,
    resumable,
    adminToken,
    live,
    notifier,
    payments: paymentSettings,
    publicOrigin,
    health,
    metrics,
    logger,
    startSender: (senderOptions = {}) => {
      const list = transports();
      const sender = startSender({ db, transports: list, ...senderOptions });
      return {
        ...sender,
        async stop() {
          await sender.stop();
          await Promise.all(list.map((transport) => transport.close?.()));
        },
      };
    },
  };
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  return buildApp(options).app;
}
