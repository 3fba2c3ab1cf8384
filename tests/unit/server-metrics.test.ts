import { SOCKET_PATHS } from '@contract/wire/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../server/app';
import { randomTokenSecret } from '../../server/auth/secret';
import { startMaintenance } from '../../server/maintenance';
import { parseListenAddress, serveMetrics } from '../../server/metrics';
import { courseIdBySlug, signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { createUploadStore } from '../../server/uploads';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ metricsToken: TOKEN });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function scrape(): Promise<string> {
  const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics on the app’s port', () => {
  it('answers 404 to anyone without the metrics token, signed-in users included', async () => {
    const { token } = await signedInTrainee(server, 'scraper');
    for (const headers of <Record<string, string>[]>[
      {},
      { Authorization: 'Bearer wrong-token' },
      { Authorization: `Bearer ${token}` },
      { Authorization: `Bearer ${TOKEN}x` },
      { 'X-Admin-Token': server.adminToken },
    ]) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('kfu_');
    }
  });

  it('is not served at all without METRICS_TOKEN', async () => {
    const { app } = buildApp({ db: server.db, secret: randomTokenSecret() });
    const response = await app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
  });

  it('counts requests by method, route pattern and status, with their durations', async () => {
    const courseId = await courseIdBySlug(server, 'data-science-2');
    for (let i = 0; i < 3; i++) await (await fetch(`${server.url}/api/v1/course/about/${courseId}/`)).text();
    await (await fetch(`${server.url}/api/v1/course/about/999999/`)).text();
    await (await fetch(`${server.url}/no/such/thing/${courseId}`)).text();
    const text = await scrape();
    const route = 'route="/api/v1/course/about/:id/"';
    expect(sample(text, `kfu_http_request_duration_seconds_count{method="GET",${route},status="200"}`)).toBe(
      3,
    );
    expect(sample(text, `kfu_http_request_duration_seconds_count{method="GET",${route},status="404"}`)).toBe(
      1,
    );
    expect(
      sample(text, `kfu_http_request_duration_seconds_bucket{le="+Inf",method="GET",${route},status="200"}`),
    ).toBe(3);
    expect(
      sample(text, 'kfu_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}'),
    ).toBe(1);
    // Never a raw address.
    expect(text).not.toContain(`/about/${courseId}`);
    expect(text).not.toContain('/no/such');
  });

  it('reports open sockets by kind, the outbox, the database connections and the process', async () => {
    const { token } = await signedInTrainee(server, 'listener');
    const sockets = [SOCKET_PATHS.notifications, SOCKET_PATHS.notifications, SOCKET_PATHS.chat].map(
      (path) => new WebSocket(`${server.url.replace('http', 'ws')}${path}?token=${token}`),
    );
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('open', resolve))));
    // The server counts a socket once it has checked its token.
    await expect.poll(() => server.live.openCounts()).toEqual({ notifications: 2, chat: 1 });
    await server.db.query(
      `INSERT INTO outbox (to_address, subject, body, channel, status) VALUES
       ('a@example.com', 's', 'b', 'email', 'failed'), ('0551234567', 's', 'b', 'sms', 'queued')`,
    );
    const text = await scrape();
    expect(sample(text, 'kfu_websockets_open{kind="notifications"}')).toBe(2);
    expect(sample(text, 'kfu_websockets_open{kind="chat"}')).toBe(1);
    expect(sample(text, 'kfu_outbox_messages{status="failed",channel="email"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'kfu_outbox_messages{status="queued",channel="sms"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'kfu_db_connections{state="in_use"}')).toBeGreaterThanOrEqual(
      server.db.kind === 'pglite' ? 1 : 0,
    );
    // Open connections (PostgreSQL's pool, or the embedded database's one); queries waiting for one
    // depend on the moment (the sender polls meanwhile), but are always reported.
    expect(
      (sample(text, 'kfu_db_connections{state="in_use"}') ?? Number.NaN) +
        (sample(text, 'kfu_db_connections{state="idle"}') ?? Number.NaN),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'kfu_db_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    for (const socket of sockets) socket.close();
  });

  it('times background work: the quiz sweep, the sign-up clean-up and cover copies', async () => {
    const uploads = createUploadStore(server.uploadsDir, {
      timer: (seconds, failed) => server.metrics.observeJob('file_work', seconds, failed),
    });
    const maintenance = startMaintenance(server.db, uploads, {
      quizSweep: { notifier: server.notifier },
      timer: server.metrics.observeJob,
    });
    await maintenance.idle();
    await maintenance.stop();
    uploads.later(async () => {});
    uploads.later(async () => {
      throw new Error('no room left');
    });
    await uploads.settle();
    const text = await scrape();
    const count = (labels: string) => sample(text, `kfu_background_job_duration_seconds_count{${labels}}`);
    expect(count('job="quiz_sweep",outcome="ok"')).toBe(1);
    expect(count('job="unconfirmed_sign_ups",outcome="ok"')).toBe(1);
    expect(count('job="file_work",outcome="ok"')).toBe(1);
    expect(count('job="file_work",outcome="failed"')).toBe(1);
  });
});

describe('METRICS_ADDRESS', () => {
  it('serves /metrics on a listener of its own, and nothing else there', async () => {
    const listener = await serveMetrics(server.metrics, { host: '127.0.0.1', port: 0 });
    try {
      const metrics = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('kfu_http_request_duration_seconds');
      const other = await fetch(`http://127.0.0.1:${listener.port}/api/v1/course/category/`);
      expect(other.status).toBe(404);
    } finally {
      await listener.close();
    }
  });

  it('is host:port', () => {
    expect(parseListenAddress('127.0.0.1:9464')).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseListenAddress('[::1]:9464')).toEqual({ host: '::1', port: 9464 });
    expect(parseListenAddress('metrics.internal:80')).toEqual({ host: 'metrics.internal', port: 80 });
    for (const wrong of ['9464', '127.0.0.1', '127.0.0.1:99999', ':9464'])
      expect(() => parseListenAddress(wrong)).toThrow(/METRICS_ADDRESS/);
  });
});
