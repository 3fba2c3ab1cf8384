import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WITHDRAWAL_REASON_MAX, WITHDRAWAL_VALIDATION } from '@contract/forms/enrolments';
import { WITHDRAWAL_SENT } from '@contract/messages/enrolments';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { enrolledCoursesPageSchema } from '@contract/wire/enrolments';
import { type Payment, paymentSchema, quoteSchema } from '@contract/wire/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BroadcastEvent } from '../../server/broadcast';
import { adminCommand } from '../../server/cli';
import { assertEnrolled } from '../../server/enrolments/access';
import { decideWithdrawal } from '../../server/enrolments/queries';
import { HttpProblem } from '../../server/http';
import { adminTokenFile } from '../../server/paths';
import { TEST_CARDS } from '../../server/payments/gateway';
import { signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { testClient } from '../support/test-client';

let server: TestServer;
/** A priced course that starts in a month, and one that started ten days ago. */
let upcoming: number;
let started: number;
const _traineeCount = 0;

beforeAll(async () => {
  server = await startTestServer();
  const { rows } = await server.db.query<{ id: number }>(
    `SELECT id FROM courses WHERE status = 'Approved' AND price_halalas > 0 ORDER BY id LIMIT 2`,
  );
  upcoming = rows[0]?.id ?? 0;
  started = rows[1]?.id ?? 0;
  await server.db.query(
    `UPDATE courses SET start_date = current_date + 30, end_date = current_date + 60 WHERE id = $1`,
    [upcoming],
  );
  await server.db.query(
    `UPDATE courses SET start_date = current_date - 10, end_date = current_date + 20 WHERE id = $1`,
    [started],
  );
}, 90_000);

afterAll(async () => {
  await server?.close();
});

/** A trainee of its own for each test, signed in. */
const newTrainee = () => signedInTrainee(server, 'leaver');

const { call } = testClient(() => server);

const withdraw = (token: string, body: unknown) => call('/course/enroll-status-update/', { token, body });
const approve = (email: string, course_id: number) =>
  call('/admin/approve-withdrawal/', { admin: true, body: { email, course_id } });
const reject = (email: string, course_id: number, reason?: string) =>
  call('/admin/reject-withdrawal/', { admin: true, body: { email, course_id, reason } });

function pay(token: string, courseId: number, method: 'cash' | 'card') {
  return call('/payments/', {
    token,
    body: { course_id: courseId, method, idempotency_key: randomUUID(), terms_accepted: true },
  });
}

/** Enrols by cash taken at the centre (the admin confirms it). */
async function enrolByCash(token: string, courseId: number): Promise<Payment> {
  const started = paymentSchema.parse((await pay(token, courseId, 'cash')).body);
  const confirmed = await call('/admin/confirm-payment/', { admin: true, body: { payment_id: started.id } });
  expect(confirmed.status).toBe(200);
  return paymentSchema.parse((await call(`/payments/${started.id}/`, { token })).body);
}

/** Enrols by card through the simulated gateway's page. */
async function enrolByCard(token: string, courseId: number): Promise<Payment> {
  const created = paymentSchema.parse((await pay(token, courseId, 'card')).body);
  const url = created.transaction_url ?? '';
  const page = await (await fetch(url)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '';
  await fetch(new URL(action, url), {
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
  const paid = paymentSchema.parse((await call(`/payments/${created.id}/`, { token })).body);
  expect(paid).toMatchObject({ status: 'paid', enrolment_status: 'enrolled' });
  return paid;
}

async function enrolment(userId: number, courseId: number) {
  const { rows } = await server.db.query<{
    status: string;
    withdrawal_reason: string | null;
    withdrawal_before_start: boolean | null;
    refusal_reason: string | null;
    requested: boolean;
  }>(
    `SELECT status, withdrawal_reason, withdrawal_before_start, refusal_reason,
       withdrawal_requested_at IS NOT NULL AS requested
     FROM enrolments WHERE user_id = $1 AND course_id = $2`,
    [userId, courseId],
  );
  return rows[0];
}

async function refundStatus(paymentId: string): Promise<string | null | undefined> {
  const { rows } = await server.db.query<{ refund_status: string | null }>(
    'SELECT refund_status FROM payments WHERE id = $1',
    [paymentId],
  );
  return rows[0]?.refund_status;
}

function refusal(message: string) {
  return expect.objectContaining({ success: false, details: [expect.objectContaining({ message })] });
}

describe('asking to withdraw (POST /course/enroll-status-update/)', () => {
  it('is for an enrolled trainee: an unknown course is 404, no enrolment or an unpaid one 409', async () => {
    const { token } = await newTrainee();
    expect(await withdraw(token, { course_id: 987654, reason: 'Moving away' })).toEqual({
      status: 404,
      body: refusal(SERVER_MESSAGES.notFound),
    });
    expect(await withdraw(token, { course_id: upcoming, reason: 'Moving away' })).toEqual({
      status: 409,
      body: refusal(SERVER_MESSAGES.notEnrolled),
    });
    await pay(token, upcoming, 'cash');
    expect(await withdraw(token, { course_id: upcoming, reason: 'Moving away' })).toEqual({
      status: 409,
      body: refusal(SERVER_MESSAGES.notEnrolled),
    });
  });

  it('checks the reason with the modal rules and the course id with the body shape', async () => {
    const { token } = await newTrainee();
    expect(await withdraw(token, { course_id: upcoming, reason: '   ' })).toEqual({
      status: 400,
      body: refusal(WITHDRAWAL_VALIDATION.reasonRequired),
    });
    expect(await withdraw(token, { course_id: upcoming })).toEqual({
      status: 400,
      body: refusal(WITHDRAWAL_VALIDATION.reasonRequired),
    });
    expect(
      await withdraw(token, { course_id: upcoming, reason: 'x'.repeat(WITHDRAWAL_REASON_MAX + 1) }),
    ).toEqual({ status: 400, body: refusal(WITHDRAWAL_VALIDATION.reasonMax) });
    for (const course_id of ['7', -1, 1.5, 2 ** 31, null]) {
      expect(await withdraw(token, { course_id, reason: 'Moving away' })).toEqual({
        status: 400,
        body: refusal(SERVER_MESSAGES.withdrawalRequestInvalid),
      });
    }
  });

  it('asks before the start (a drop), once: a second request while it waits is 409', async () => {
    const { user, token } = await newTrainee();
    await enrolByCash(token, upcoming);
    expect(await withdraw(token, { course_id: upcoming, reason: '  My shifts changed  ' })).toEqual({
      status: 200,
      body: { success: true, message: WITHDRAWAL_SENT },
    });
    expect(await enrolment(user.id, upcoming)).toEqual({
      status: 'withdrawal_requested',
      withdrawal_reason: 'My shifts changed',
      withdrawal_before_start: true,
      refusal_reason: null,
      requested: true,
    });
    expect(await withdraw(token, { course_id: upcoming, reason: 'Again' })).toEqual({
      status: 409,
      body: refusal(SERVER_MESSAGES.withdrawalPending),
    });
    // Learning stays open while the request waits, and checkout says so.
    await expect(assertEnrolled(server.db, user.id, upcoming)).resolves.toBeUndefined();
    expect(quoteSchema.parse((await call(`/checkout/quote/${upcoming}/`, { token })).body)).toMatchObject({
      enrolled: true,
      enrolment_status: 'withdrawal_requested',
    });
  });

  it('asks after the start (a withdrawal)', async () => {
    const { user, token } = await newTrainee();
    await enrolByCash(token, started);
    expect((await withdraw(token, { course_id: started, reason: 'Too hard' })).status).toBe(200);
    expect(await enrolment(user.id, started)).toMatchObject({
      status: 'withdrawal_requested',
      withdrawal_before_start: false,
    });
  });
});

describe('the enrolled courses (GET /enrolments/)', () => {
  it('lists every enrolment of the trainee, newest first, with its course and payment', async () => {
    const { token } = await newTrainee();
    expect(enrolledCoursesPageSchema.parse((await call('/enrolments/', { token })).body)).toEqual({
      count: 0,
      page: 1,
      limit: 25,
      results: [],
    });
    const paid = await enrolByCash(token, started);
    await server.db.query(
      `UPDATE enrolments SET created_at = now() - interval '1 day' WHERE course_id = $1 AND user_id =
         (SELECT user_id FROM payments WHERE id = $2)`,
      [started, paid.id],
    );
    const pending = paymentSchema.parse((await pay(token, upcoming, 'cash')).body);
    await withdraw(token, { course_id: started, reason: 'Family reasons' });

    const page = enrolledCoursesPageSchema.parse((await call('/enrolments/', { token })).body);
    expect(page.count).toBe(2);
    expect(page.results).toEqual([
      expect.objectContaining({
        course: expect.objectContaining({
          id: upcoming,
          start_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        }),
        status: 'awaiting_payment',
        withdrawal_reason: null,
        refusal_reason: null,
        payment_id: pending.id,
        receipt_number: null,
      }),
      expect.objectContaining({
        course: expect.objectContaining({ id: started }),
        status: 'withdrawal_requested',
        withdrawal_reason: 'Family reasons',
        payment_id: paid.id,
        receipt_number: paid.receipt_number,
      }),
    ]);
    expect(paid.receipt_number).not.toBeNull();
    const second = enrolledCoursesPageSchema.parse(
      (await call('/enrolments/?page=2&limit=1', { token })).body,
    );
    expect(second).toMatchObject({ count: 2, page: 2, limit: 1 });
    expect(second.results.map((row) => row.course.id)).toEqual([started]);
    expect((await call('/enrolments/?limit=0', { token })).status).toBe(400);
  });
});

describe('the administrator decides (POST /admin/approve-withdrawal/ and /admin/reject-withdrawal/)', () => {
  it('approves a drop before the start: dropped, the card payment refunded in full through the gateway', async () => {
    const { user, token } = await newTrainee();
    const paid = await enrolByCard(token, upcoming);
    await withdraw(token, { course_id: upcoming, reason: 'Cannot attend' });
    const events: BroadcastEvent[] = [];
    const stop = server.broadcast.subscribe((event) => events.push(event));
    try {
      const answer = await approve(user.email, upcoming);
      expect(answer).toEqual({
        status: 200,
        body: {
          success: true,
          data: {
            email: user.email,
            course_id: upcoming,
            course_title: expect.any(String),
            status: 'dropped',
            refund: { payment_id: paid.id, method: 'card', total: paid.total, refund_status: 'refunded' },
          },
        },
      });
    } finally {
      stop();
    }
    expect(await refundStatus(paid.id)).toBe('refunded');
    const { rows: ledger } = await server.db.query<{ status: string }>(
      'SELECT status FROM gateway_payments WHERE given_id = $1',
      [paid.id],
    );
    expect(ledger).toEqual([{ status: 'refunded' }]);
    expect(paymentSchema.parse((await call(`/payments/${paid.id}/`, { token })).body)).toMatchObject({
      refund_status: 'refunded',
      enrolment_status: 'dropped',
    });
    // The trainee is told at once, in both languages.
    const [notification] = await server.notifier.list(user.id);
    expect(notification).toMatchObject({
      title: 'Withdrawal approved',
      title_ar: 'تمت الموافقة على الانسحاب',
      text: expect.stringContaining('is approved'),
      text_ar: expect.stringMatching(/[\u0600-\u06FF]/),
    });
    expect(events).toContainEqual({ type: 'new_notification', userId: user.id, id: notification?.id });
    // Approved once: a second decision finds nothing waiting.
    expect(await approve(user.email, upcoming)).toEqual({
      status: 409,
      body: refusal(SERVER_MESSAGES.noWithdrawalRequested),
    });
  });

  it('leaves a card refund due when the approval cannot reach the gateway; refund-payment takes it later', async () => {
    const { user, token } = await newTrainee();
    const paid = await enrolByCard(token, upcoming);
    await withdraw(token, { course_id: upcoming, reason: 'Cannot attend' });
    // As the admin command does on the database, where no gateway is reached.
    const decided = await decideWithdrawal(
      server.db,
      user.email,
      upcoming,
      { approve: true },
      server.notifier,
      server.url,
    );
    expect(decided).toMatchObject({
      status: 'dropped',
      refund: { payment_id: paid.id, method: 'card', refund_status: 'due' },
    });
    expect(await refundStatus(paid.id)).toBe('due');
    const refunded = await call('/admin/refund-payment/', { admin: true, body: { payment_id: paid.id } });
    expect(refunded.status).toBe(200);
    expect(await refundStatus(paid.id)).toBe('refunded');
  });

  it('approves a withdrawal after the start: withdrawn, no refund', async () => {
    const { user, token } = await newTrainee();
    const paid = await enrolByCash(token, started);
    await withdraw(token, { course_id: started, reason: 'Too fast' });
    const answer = await approve(user.email, started);
    expect(answer.body).toMatchObject({ data: { status: 'withdrawn', refund: null } });
    expect(await refundStatus(paid.id)).toBeNull();
    expect(await enrolment(user.id, started)).toMatchObject({ status: 'withdrawn' });
  });

  it('approves a drop paid in cash: the refund is recorded as due for the centre', async () => {
    const { user, token } = await newTrainee();
    const paid = await enrolByCash(token, upcoming);
    await withdraw(token, { course_id: upcoming, reason: 'Travel' });
    expect((await approve(user.email, upcoming)).body).toMatchObject({
      data: {
        status: 'dropped',
        refund: { payment_id: paid.id, method: 'cash', total: paid.total, refund_status: 'due' },
      },
    });
    expect(await refundStatus(paid.id)).toBe('due');
  });

  it('closes the course to the trainee: no new payment, the quote says why, learning refused', async () => {
    const { user, token } = await newTrainee();
    await enrolByCash(token, started);
    await withdraw(token, { course_id: started, reason: 'Work' });
    await approve(user.email, started);
    expect(await pay(token, started, 'card')).toEqual({
      status: 409,
      body: refusal(SERVER_MESSAGES.courseWithdrawn),
    });
    expect(quoteSchema.parse((await call(`/checkout/quote/${started}/`, { token })).body)).toMatchObject({
      enrolled: false,
      enrolment_status: 'withdrawn',
      refusal_reason: null,
    });
    await expect(assertEnrolled(server.db, user.id, started)).rejects.toMatchObject({
      status: 403,
      userMessage: SERVER_MESSAGES.courseWithdrawn,
    });
    expect(await withdraw(token, { course_id: started, reason: 'Again' })).toEqual({
      status: 409,
      body: refusal(SERVER_MESSAGES.courseWithdrawn),
    });
  });

  it('refuses with a reason: enrolled again, the reason kept and told to the trainee', async () => {
    const { user, token } = await newTrainee();
    await enrolByCash(token, started);
    await withdraw(token, { course_id: started, reason: 'Bored' });
    expect(await reject(user.email, started)).toEqual({
      status: 400,
      body: refusal(SERVER_MESSAGES.refusalReasonInvalid),
    });
    expect(await reject(user.email, started, 'x'.repeat(WITHDRAWAL_REASON_MAX + 1))).toEqual({
      status: 400,
      body: refusal(SERVER_MESSAGES.refusalReasonInvalid),
    });
    expect(await reject('nobody.here@example.com', started, 'No')).toEqual({
      status: 404,
      body: refusal(SERVER_MESSAGES.userNotFound),
    });
    expect(await call('/admin/reject-withdrawal/', { admin: true, body: { email: user.email } })).toEqual({
      status: 400,
      body: refusal(SERVER_MESSAGES.withdrawalDecisionInvalid),
    });
    const answer = await reject(user.email, started, 'The course is half done');
    expect(answer.body).toMatchObject({ success: true, data: { status: 'enrolled', refund: null } });
    expect(await enrolment(user.id, started)).toMatchObject({
      status: 'enrolled',
      withdrawal_reason: 'Bored',
      refusal_reason: 'The course is half done',
    });
    const [row] = enrolledCoursesPageSchema.parse((await call('/enrolments/', { token })).body).results;
    expect(row).toMatchObject({ status: 'enrolled', refusal_reason: 'The course is half done' });
    expect(quoteSchema.parse((await call(`/checkout/quote/${started}/`, { token })).body)).toMatchObject({
      enrolled: true,
      enrolment_status: 'enrolled',
      refusal_reason: 'The course is half done',
    });
    const [notification] = await server.notifier.list(user.id);
    expect(notification).toMatchObject({
      title: 'Withdrawal declined',
      text: expect.stringContaining('The course is half done'),
      text_ar: expect.stringContaining('The course is half done'),
    });
    await expect(assertEnrolled(server.db, user.id, started)).resolves.toBeUndefined();
  });
});

describe('assertEnrolled', () => {
  it('refuses a trainee with no enrolment, or one awaiting payment, with 403', async () => {
    const { user, token } = await newTrainee();
    const refused = assertEnrolled(server.db, user.id, upcoming);
    await expect(refused).rejects.toBeInstanceOf(HttpProblem);
    await expect(refused).rejects.toMatchObject({ status: 403, userMessage: SERVER_MESSAGES.notEnrolled });
    await pay(token, upcoming, 'cash');
    await expect(assertEnrolled(server.db, user.id, upcoming)).rejects.toMatchObject({
      status: 403,
      userMessage: SERVER_MESSAGES.notEnrolled,
    });
    await server.db.query(`UPDATE enrolments SET status = 'dropped' WHERE user_id = $1 AND course_id = $2`, [
      user.id,
      upcoming,
    ]);
    await expect(assertEnrolled(server.db, user.id, upcoming)).rejects.toMatchObject({
      status: 403,
      userMessage: SERVER_MESSAGES.courseWithdrawn,
    });
  });
});

describe('npm run admin -- approve-withdrawal / reject-withdrawal', () => {
  it('decides through the running server, and refuses a refusal without a reason', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kfu-withdraw-admin-'));
    try {
      await writeFile(adminTokenFile(dataDir), `${server.adminToken}\n`);
      const env = { DATA_DIR: dataDir, KFU_STAFF_TOKEN: server.staffToken };
      const { user, token } = await newTrainee();
      await enrolByCash(token, upcoming);
      await withdraw(token, { course_id: upcoming, reason: 'Exams' });

      const noReason = await adminCommand(
        ['reject-withdrawal', user.email, String(upcoming), '--url', server.url],
        {
          env,
        },
      );
      expect(noReason.code).toBe(2);
      expect(noReason.err.join('\n')).toContain(SERVER_MESSAGES.refusalReasonInvalid);
      const badCourse = await adminCommand(['approve-withdrawal', user.email, 'seven', '--url', server.url], {
        env,
      });
      expect(badCourse.code).toBe(2);

      const refused = await adminCommand(
        [
          'reject-withdrawal',
          user.email,
          String(upcoming),
          '--reason',
          'Please finish it',
          '--url',
          server.url,
        ],
        { env },
      );
      expect(refused.err).toEqual([]);
      expect(refused.code).toBe(0);
      expect(refused.out.join('\n')).toContain(`Refused the withdrawal of ${user.email}`);
      expect(await enrolment(user.id, upcoming)).toMatchObject({
        status: 'enrolled',
        refusal_reason: 'Please finish it',
      });

      await withdraw(token, { course_id: upcoming, reason: 'Exams, really' });
      const approved = await adminCommand(
        ['approve-withdrawal', user.email, String(upcoming), '--url', server.url],
        {
          env,
        },
      );
      expect(approved.err).toEqual([]);
      expect(approved.code).toBe(0);
      expect(approved.out.join('\n')).toContain(`Dropped ${user.email}`);
      expect(approved.out.join('\n')).toContain('the centre pays it back');
      expect(await enrolment(user.id, upcoming)).toMatchObject({ status: 'dropped' });

      const again = await adminCommand(
        ['approve-withdrawal', user.email, String(upcoming), '--url', server.url],
        {
          env,
        },
      );
      expect(again.code).toBe(1);
      expect(again.err.join('\n')).toContain(SERVER_MESSAGES.noWithdrawalRequested);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
