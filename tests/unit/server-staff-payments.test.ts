import { randomUUID } from 'node:crypto';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_PAYMENT_MESSAGES } from '@contract/messages/staff-payments';
import { type Payment, paymentSchema } from '@contract/wire/payments';
import { auditResponseSchema } from '@contract/wire/staff';
import { staffPaymentsResponseSchema, staffRefundResponseSchema } from '@contract/wire/staff-payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../server/payments/gateway';
import { signedInStaff, signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { testClient } from '../support/test-client';

let server: TestServer;
let staff: { token: string; user: { id: number; full_name: string; email: string } };
let courses: { id: number; price: number }[];

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedInStaff(server, 'cashier');
  const { rows } = await server.db.query<{ id: number; price_halalas: number }>(
    `SELECT id, price_halalas FROM courses WHERE status = 'Approved' AND price_halalas > 0 ORDER BY id`,
  );
  courses = rows.map((row) => ({ id: row.id, price: row.price_halalas }));
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const { call } = testClient(() => server);

function refusal(message: string) {
  return expect.objectContaining({ details: [expect.objectContaining({ message })] });
}

async function start(token: string, courseId: number, method: 'card' | 'cash'): Promise<Payment> {
  const answer = await call('/payments/', {
    token,
    body: { course_id: courseId, method, idempotency_key: randomUUID(), terms_accepted: true },
  });
  expect(answer.status).toBe(201);
  return paymentSchema.parse(answer.body);
}

/** A trainee of its own pays the course by card through the simulated gateway. */
async function paidByCard(courseId: number): Promise<Payment> {
  const { token } = await signedInTrainee(server, 'card');
  const payment = await start(token, courseId, 'card');
  const page = await (await fetch(payment.transaction_url ?? '')).text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '';
  const done = await fetch(new URL(action, payment.transaction_url ?? ''), {
    method: 'POST',
    body: new URLSearchParams({
      lang: 'en',
      name: 'Sara Al-Qahtani',
      number: TEST_CARDS.paid,
      expiry: '12/39',
      cvc: '123',
    }),
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
  return payment;
}

/** A trainee of its own pays the course in cash, taken at the centre at `paidAt`. */
async function paidInCash(courseId: number, paidAt?: string): Promise<string> {
  const { token } = await signedInTrainee(server, 'cash');
  const payment = await start(token, courseId, 'cash');
  await server.db.query(
    `UPDATE payments SET status = 'paid', paid_at = coalesce($2::timestamptz, now()),
       created_at = coalesce($2::timestamptz, created_at) WHERE id = $1`,
    [payment.id, paidAt ?? null],
  );
  return payment.id;
}

async function list(query: string) {
  const answer = await call(`/staff/payments/${query}`, { token: staff.token });
  expect(answer.status).toBe(200);
  return staffPaymentsResponseSchema.parse(answer.body).data;
}

async function refundState(id: string) {
  const { rows } = await server.db.query<{ status: string; refund_status: string | null }>(
    'SELECT status, refund_status FROM payments WHERE id = $1',
    [id],
  );
  return rows[0];
}

async function auditOf(id: string) {
  const audit = auditResponseSchema.parse(
    (await call('/staff/audit/?action=payment.refund', { token: staff.token })).body,
  );
  return audit.data.results.filter((entry) => entry.subject.id === id);
}

describe('the payments list', () => {
  it('lists every trainee’s payment newest first, filtered, with the month totals and VAT', async () => {
    const course = courses[2] ?? { id: 0, price: 0 };
    // Paid on 31 January at 22:30 UTC: 1 February in Riyadh, the centre's calendar.
    const february = await paidInCash(course.id, '2025-01-31T22:30:00Z');
    const january = await paidInCash(course.id, '2025-01-15T09:00:00Z');
    const alsoJanuary = await paidInCash(course.id, '2025-01-20T09:00:00Z');
    await server.db.query(`UPDATE payments SET refund_status = 'refunded' WHERE id = $1`, [alsoJanuary]);
    const { token } = await signedInTrainee(server, 'unpaid');
    const waiting = await start(token, course.id, 'cash');
    await server.db.query(`UPDATE payments SET created_at = '2025-01-10T09:00:00Z' WHERE id = $1`, [
      waiting.id,
    ]);

    const data = await list(`?course=${course.id}&from=2025-01-01&to=2025-02-28`);
    expect(data.results.map((payment) => payment.id)).toEqual([february, alsoJanuary, january, waiting.id]);
    expect(data.count).toBe(4);
    const first = data.results[0];
    expect(first).toMatchObject({
      method: 'cash',
      status: 'paid',
      course: { id: course.id },
      trainee: { email: expect.stringContaining('@') },
      paid_at: '2025-01-31T22:30:00Z',
    });
    expect(first?.total).toBe((first?.subtotal ?? 0) + (first?.vat ?? 0));
    const one = first ?? { subtotal: 0, vat: 0, total: 0 };
    // Only the paid ones count, by the month they were paid in Riyadh; newest month first.
    expect(data.months).toEqual([
      { month: '2025-02', count: 1, subtotal: one.subtotal, vat: one.vat, total: one.total, refunded: 0 },
      {
        month: '2025-01',
        count: 2,
        subtotal: 2 * one.subtotal,
        vat: 2 * one.vat,
        total: 2 * one.total,
        refunded: one.total,
      },
    ]);

    // The days are the centre's: 31 January (Riyadh) ends before the payment of 1 February.
    expect(
      (await list(`?course=${course.id}&from=2025-01-01&to=2025-01-31`)).results.map((p) => p.id),
    ).toEqual([alsoJanuary, january, waiting.id]);
    expect((await list(`?course=${course.id}&status=awaiting_cash`)).results.map((p) => p.id)).toEqual([
      waiting.id,
    ]);
    const refunded = await list(`?course=${course.id}&status=refunded`);
    expect(refunded.results.map((p) => p.id)).toEqual([alsoJanuary]);
    expect(refunded.months).toEqual([
      expect.objectContaining({ month: '2025-01', count: 1, refunded: one.total }),
    ]);
    expect((await list(`?course=${course.id}&method=card&from=2025-01-01&to=2025-02-28`)).count).toBe(0);
    const paged = await list(`?course=${course.id}&from=2025-01-01&to=2025-02-28&page=2&limit=3`);
    expect(paged.results.map((p) => p.id)).toEqual([waiting.id]);
    // The totals are of every page.
    expect(paged.months).toEqual(data.months);

    const exported = await call(`/staff/payments/export/?course=${course.id}&from=2025-01-01&to=2025-02-28`, {
      token: staff.token,
    });
    expect(exported.status).toBe(200);
    const sheet = staffPaymentsResponseSchema.parse(exported.body).data;
    expect(sheet.results.map((p) => p.id)).toEqual(data.results.map((p) => p.id));
    expect(sheet.months).toEqual(data.months);
  });

  it('refuses a filter that is not one with its field and a sentence, never a 500', async () => {
    const cases: [string, string, string][] = [
      ['?method=cheque', 'method', STAFF_PAYMENT_MESSAGES.methodInvalid],
      ['?status=refunding', 'status', STAFF_PAYMENT_MESSAGES.statusInvalid],
      ['?course=abc', 'course', STAFF_PAYMENT_MESSAGES.courseInvalid],
      ['?course=0', 'course', STAFF_PAYMENT_MESSAGES.courseInvalid],
      ['?from=yesterday', 'from', STAFF_PAYMENT_MESSAGES.dayInvalid],
      ['?to=2026-02-30', 'to', STAFF_PAYMENT_MESSAGES.dayInvalid],
      ['?from=2026-03-01&to=2026-02-01', 'to', STAFF_PAYMENT_MESSAGES.daysOrder],
    ];
    for (const [query, field, message] of cases) {
      for (const path of ['/staff/payments/', '/staff/payments/export/']) {
        const answer = await call(`${path}${query}`, { token: staff.token });
        expect(answer.status, `${path}${query}`).toBe(400);
        expect(answer.body).toMatchObject({ details: [{ field, message }] });
      }
    }
    expect((await call('/staff/payments/?page=0', { token: staff.token })).status).toBe(400);
  });
});

describe('refunds', () => {
  it('refunds a paid card payment through the gateway, with its audit record, once', async () => {
    const course = courses[0] ?? { id: 0, price: 0 };
    const payment = await paidByCard(course.id);
    const answer = await call(`/staff/payments/${payment.id}/refund/`, { token: staff.token, body: {} });
    expect(answer.status).toBe(200);
    const refunded = staffRefundResponseSchema.parse(answer.body);
    expect(refunded.message).toBe(STAFF_PAYMENT_MESSAGES.refundedByCard);
    expect(refunded.data).toMatchObject({ id: payment.id, status: 'paid', refund_status: 'refunded' });
    expect(await refundState(payment.id)).toEqual({ status: 'paid', refund_status: 'refunded' });
    const { rows } = await server.db.query<{ status: string }>(
      `SELECT g.status FROM gateway_payments g JOIN payments p ON p.gateway_reference = g.id::text WHERE p.id = $1`,
      [payment.id],
    );
    expect(rows[0]?.status).toBe('refunded');
    // The enrolment stays: a refund alone withdraws no one.
    const enrolment = await server.db.query<{ status: string }>(
      `SELECT e.status FROM enrolments e JOIN payments p ON p.user_id = e.user_id AND p.course_id = e.course_id
       WHERE p.id = $1`,
      [payment.id],
    );
    expect(enrolment.rows[0]?.status).toBe('enrolled');
    const entries = await auditOf(payment.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: staff.user.id },
      before: { status: 'paid', refund_status: null },
      after: { refund_status: 'refunded', method: 'card', total: refunded.data.total, enrolment: 'enrolled' },
    });

    const again = await call(`/staff/payments/${payment.id}/refund/`, { token: staff.token, body: {} });
    expect(again).toEqual({ status: 409, body: refusal(STAFF_PAYMENT_MESSAGES.notRefundable) });
    expect(await auditOf(payment.id)).toHaveLength(1);
  });

  it('answers 502 and changes nothing when the gateway does not refund', async () => {
    const course = courses[1] ?? { id: 0, price: 0 };
    const payment = await paidByCard(course.id);
    // The gateway refuses the refund (its payment is not one it took).
    await server.db.query(
      `UPDATE gateway_payments SET status = 'failed'
       WHERE id::text = (SELECT gateway_reference FROM payments WHERE id = $1)`,
      [payment.id],
    );
    const answer = await call(`/staff/payments/${payment.id}/refund/`, { token: staff.token, body: {} });
    expect(answer).toEqual({ status: 502, body: refusal(SERVER_MESSAGES.gatewayUnavailable) });
    expect(await refundState(payment.id)).toEqual({ status: 'paid', refund_status: null });
    expect(await auditOf(payment.id)).toEqual([]);
  });

  it('marks a paid cash payment refunded (paid back at the centre), and refuses one not paid', async () => {
    const course = courses[3] ?? { id: 0, price: 0 };
    const id = await paidInCash(course.id);
    const answer = await call(`/staff/payments/${id}/refund/`, { token: staff.token, body: {} });
    expect(answer.status).toBe(200);
    expect(staffRefundResponseSchema.parse(answer.body).message).toBe(STAFF_PAYMENT_MESSAGES.refundedByHand);
    expect(await refundState(id)).toEqual({ status: 'paid', refund_status: 'refunded' });
    expect((await auditOf(id))[0]).toMatchObject({ after: { refund_status: 'refunded', method: 'cash' } });

    const { token } = await signedInTrainee(server, 'waiting');
    const waiting = await start(token, course.id, 'cash');
    expect(await call(`/staff/payments/${waiting.id}/refund/`, { token: staff.token, body: {} })).toEqual({
      status: 409,
      body: refusal(STAFF_PAYMENT_MESSAGES.notRefundable),
    });
    expect(await refundState(waiting.id)).toEqual({ status: 'awaiting_cash', refund_status: null });
    for (const missing of [randomUUID(), 'not-a-payment']) {
      expect(
        (await call(`/staff/payments/${missing}/refund/`, { token: staff.token, body: {} })).status,
      ).toBe(404);
    }
  });
});

describe('receipts', () => {
  it('gives the staff any trainee’s receipt as a PDF, and 404 for a payment without one', async () => {
    const course = courses[4] ?? { id: 0, price: 0 };
    const payment = await paidByCard(course.id);
    const pdf = await fetch(`${server.url}/api/v1/staff/payments/${payment.id}/receipt.pdf`, {
      headers: { Authorization: `Bearer ${staff.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const { token } = await signedInTrainee(server, 'no-receipt');
    const waiting = await start(token, course.id, 'cash');
    expect((await call(`/staff/payments/${waiting.id}/receipt.pdf`, { token: staff.token })).status).toBe(
      404,
    );
  });
});
