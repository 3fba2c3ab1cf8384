/**
 * The payments case of `npm run bench`: 100 trainees pay for a course at once, by card through the
 * simulated gateway, on a server of its own (a fresh data folder). Measures creating a payment
 * (p50, p95, max) and the gateway's card step (which sends the signed notice the API applies), then
 * checks that every payment settled exactly once: each paid, with its own receipt and one
 * notification, and a second copy of every notice changing nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { notificationListSchema } from '@contract/wire/notifications';
import { paymentSchema } from '@contract/wire/payments';
import { hashPassword } from '../server/auth/passwords';
import { createTokenService } from '../server/auth/tokens';
import { openPglite } from '../server/db';
import { migrate } from '../server/migrate';
import { pgliteDir } from '../server/paths';
import { NOTICE_SIGNATURE_HEADER, noticeBody, signNotice, TEST_CARDS } from '../server/payments/gateway';
import { seed } from '../server/seed';
import { percentile, startServer } from './bench-server';

export const PAYERS = 100;

export interface PaymentsBench {
  payers: number;
  create: { p50: number; p95: number; max: number };
  gateway: { p50: number; p95: number; max: number };
  wallSeconds: number;
  paid: number;
  receipts: number;
  notifications: number;
  replaysApplied: number;
}

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

export async function paymentsBench(): Promise<PaymentsBench> {
  const tokenSecret = randomBytes(32).toString('base64url');
  const noticeSecret = randomBytes(32).toString('base64url');
  let courseId = 0;
  let users: { id: number; role: 'TRAINEE'; session_version: number }[] = [];
  const server = await startServer(
    { TOKEN_SECRET: tokenSecret, PAYMENT_NOTICE_SECRET: noticeSecret },
    async (dataDir) => {
      const db = await openPglite(pgliteDir(dataDir));
      try {
        await migrate(db);
        await seed(db);
        // One hash for all: the payers never sign in with it (they get tokens below).
        const hash = await hashPassword(`Bench#${randomUUID()}`);
        ({ rows: users } = await db.query(
          `INSERT INTO users (full_name, email, role, password_hash, approved, verified, govt_id_or_iqama_no)
           SELECT 'Bench Payer ' || n, 'bench.payer.' || n || '@example.com', 'TRAINEE', $1, true, true,
             (1300000000 + n)::text
           FROM generate_series(1, $2::int) AS n
           RETURNING id, role, session_version`,
          [hash, PAYERS],
        ));
        const { rows } = await db.query<{ id: number }>(
          `SELECT id FROM courses WHERE status = 'Approved' AND price_halalas > 0 ORDER BY id LIMIT 1`,
        );
        courseId = rows[0]?.id ?? 0;
      } finally {
        await db.close();
      }
    },
  );
  try {
    const tokens = createTokenService(new TextEncoder().encode(tokenSecret));
    const bearer = await Promise.all(users.map(async (user) => (await tokens.issue('access', user)).token));
    const api = (path: string, token: string, init: RequestInit = {}) =>
      fetch(`${server.origin}/api/v1${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
      });

    const wallStart = performance.now();
    const created = await Promise.all(
      bearer.map((token) =>
        timed(async () => {
          const response = await api('/payments/', token, {
            method: 'POST',
            body: JSON.stringify({
              course_id: courseId,
              method: 'card',
              idempotency_key: randomUUID(),
              terms_accepted: true,
            }),
          });
          if (response.status !== 201)
            throw new Error(`create: HTTP ${response.status} ${await response.text()}`);
          return paymentSchema.parse(await response.json());
        }),
      ),
    );
    const paidAtGateway = await Promise.all(
      created.map(({ value: payment }) =>
        timed(async () => {
          const url = new URL(payment.transaction_url ?? '');
          const response = await fetch(`${url.origin}${url.pathname}`, {
            method: 'POST',
            body: new URLSearchParams({
              lang: 'en',
              name: 'Bench Payer',
              number: TEST_CARDS.paid,
              expiry: '12/39',
              cvc: '123',
            }),
            redirect: 'manual',
          });
          if (response.status !== 303) throw new Error(`gateway: HTTP ${response.status}`);
          return url.pathname.split('/').pop() ?? '';
        }),
      ),
    );
    const wallSeconds = (performance.now() - wallStart) / 1000;

    // Every notice once more, all at once: nothing may change.
    const replays = await Promise.all(
      created.map(async ({ value: payment }, index) => {
        const body = noticeBody('payment_paid', {
          id: paidAtGateway[index]?.value ?? '',
          given_id: payment.id,
          status: 'paid',
          amount: payment.total,
          currency: 'SAR',
          message: null,
        });
        const response = await fetch(`${server.origin}/api/v1/payments/notice/`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            [NOTICE_SIGNATURE_HEADER]: signNotice(noticeSecret, body),
          },
          body,
        });
        if (response.status !== 200) throw new Error(`notice: HTTP ${response.status}`);
        return ((await response.json()) as { applied: boolean }).applied;
      }),
    );

    const settled = await Promise.all(
      created.map(async ({ value: payment }, index) => {
        const token = bearer[index] ?? '';
        const read = paymentSchema.parse(await (await api(`/payments/${payment.id}/`, token)).json());
        const notifications = notificationListSchema.parse(await (await api('/notification/', token)).json());
        return {
          read,
          notifications: notifications.filter((item) => item.title === 'Payment Success').length,
        };
      }),
    );
    return {
      payers: users.length,
      create: stats(created.map((result) => result.ms)),
      gateway: stats(paidAtGateway.map((result) => result.ms)),
      wallSeconds,
      paid: settled.filter(({ read }) => read.status === 'paid').length,
      receipts: new Set(settled.map(({ read }) => read.receipt_number).filter((number) => number !== null))
        .size,
      notifications: settled.reduce((sum, { notifications }) => sum + notifications, 0),
      replaysApplied: replays.filter(Boolean).length,
    };
  } finally {
    await server.stop();
  }
}

/** The lines `npm run bench` prints; throws when a payment did not settle exactly once. */
export function paymentsTable(result: PaymentsBench): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const lines = [
    `${result.payers} trainees pay at once (card, simulated gateway)   p50       p95       max`,
    `  create the payment (POST /payments/)                ${ms(result.create.p50).padEnd(10)}${ms(result.create.p95).padEnd(10)}${ms(result.create.max)}`,
    `  pay on the gateway (card form, signed notice)       ${ms(result.gateway.p50).padEnd(10)}${ms(result.gateway.p95).padEnd(10)}${ms(result.gateway.max)}`,
    `  all ${result.payers} created and paid in ${result.wallSeconds.toFixed(1)} s; paid ${result.paid}, receipts ${result.receipts}, notifications ${result.notifications}, replayed notices applied ${result.replaysApplied}`,
  ];
  const once =
    result.paid === result.payers &&
    result.receipts === result.payers &&
    result.notifications === result.payers &&
    result.replaysApplied === 0;
  if (!once) throw new Error(`Payments did not settle exactly once:\n${lines.join('\n')}`);
  return lines;
}
