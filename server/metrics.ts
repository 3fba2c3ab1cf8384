import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { bearerMatches } from './bearer';
import type { Db } from './db';
import type { AppEnv } from './http';
import type { LiveHub } from './live';

/** Seconds: from a fast API answer to a slow one (a PDF receipt, a large upload). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: background work, from an empty sweep to a batch of cover copies. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60];

/** The background work whose durations are reported. */
export type Job = 'quiz_sweep' | 'unconfirmed_sign_ups' | 'file_work' | 'stale_uploads';

/** Reports how long a run of background work took, and whether it failed. */
export type JobTimer = (job: Job, seconds: number, failed: boolean) => void;

export interface Metrics {
  /** The app's own metrics; the process's (memory, CPU, event loop) are added when served. */
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  observeJob: JobTimer;
  /** Both registries in Prometheus text format. */
  text(): Promise<string>;
  contentType: string;
}

/**
 * The process's default metrics, once per process: they install observers (garbage collection,
 * event loop delay) that a registry per app would multiply in tests that build many apps.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The app's metrics in a registry of its own; gauges are read when scraped. */
export function createMetrics(options: { db: Db; live: () => LiveHub | undefined }): Metrics {
  const { db } = options;
  const registry = new Registry();
  const requests = new Histogram({
    name: 'kfu_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, and how long they took',
    labelNames: ['method', 'route', 'status'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'kfu_websockets_open',
    help: 'Open websockets on this instance, by channel',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const counts = options.live()?.openCounts();
      if (!counts) return;
      for (const [kind, count] of Object.entries(counts)) this.set({ kind }, count);
    },
  });
  new Gauge({
    name: 'kfu_outbox_messages',
    help: 'Mail and text messages in the outbox, by status (queued, sending, sent, failed) and channel',
    labelNames: ['status', 'channel'],
    registers: [registry],
    async collect() {
      // A database that does not answer shows in /readyz; the other metrics are still served.
      const rows = await db
        .query<{ status: string; channel: string; count: string | number }>(
          'SELECT status, channel, count(*) AS count FROM outbox GROUP BY status, channel',
        )
        .then(
          (result) => result.rows,
          () => undefined,
        );
      if (!rows) return;
      this.reset();
      for (const status of ['queued', 'sending', 'sent', 'failed'])
        for (const channel of ['email', 'sms']) this.set({ status, channel }, 0);
      for (const row of rows) this.set({ status: row.status, channel: row.channel }, Number(row.count));
    },
  });
  new Gauge({
    name: 'kfu_db_connections',
    help: 'Database connections: in use, idle, and requests waiting for one (the embedded database has one)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = db.connections?.() ?? { total: 1, idle: 0, waiting: 0 };
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  const jobs = new Histogram({
    name: 'kfu_background_job_duration_seconds',
    help: 'Background work (quiz sweep, sign-up clean-up, cover image copies) by job and outcome',
    labelNames: ['job', 'outcome'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route, status }, seconds);
    },
    observeJob(job, seconds, failed) {
      jobs.observe({ job, outcome: failed ? 'failed' : 'ok' }, seconds);
    },
    async text() {
      const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${own}\n${process}`;
    },
    contentType: registry.contentType,
  };
}

/** METRICS_ADDRESS (`host:port`, `[::1]:port`) as a host and port. */
export function parseListenAddress(value: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(value.trim());
  const port = Number(match?.[3]);
  const host = match?.[1] ?? match?.[2];
  if (!host || !Number.isInteger(port) || port > 65_535)
    throw new Error(`METRICS_ADDRESS must be host:port (127.0.0.1:9464, [::1]:9464): ${value}`);
  return { host, port };
}

/** A listener of its own that serves GET /metrics only (METRICS_ADDRESS). */
export function serveMetrics(
  metrics: Pick<Metrics, 'text' | 'contentType'>,
  address: { host: string; port: number },
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    metrics.text().then(
      (body) => response.writeHead(200, { 'Content-Type': metrics.contentType }).end(body),
      () => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics failed'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/**
 * GET /metrics on the app's port: only with `Authorization: Bearer <METRICS_TOKEN>`, else (and
 * always without a token) 404, as for any unknown address.
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/metrics', async (c) => {
    if (!token || !bearerMatches(c.req.header('Authorization'), token)) return c.notFound();
    return c.body(await metrics.text(), 200, {
      'Content-Type': metrics.contentType,
      'Cache-Control': 'no-store',
    });
  });
  return routes;
}
