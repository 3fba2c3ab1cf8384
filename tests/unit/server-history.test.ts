import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { HISTORY_MESSAGES } from '@contract/messages/history';
import { type HistoryEntry, historyDetailsSchema, traineeHistorySchema } from '@contract/wire/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { HISTORY_COURSES, seedHistory } from '../../server/history/seed';
import { centreDay } from '../../server/history/transcript-document';
import { RATE_LIMITS } from '../../server/rate-limits';
import { revokeCertificate } from '../../server/records/certificates';
import { traineeCompletion } from '../../server/records/completion';
import { RECORD_COURSES } from '../../server/records/seed';
import { LEARNING_COURSES } from '../../server/seed-learning';
import { courseIdBySlug, signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { findUserByEmail, type UserRow } from '../../server/users';
import { testClient } from '../support/test-client';

let server: TestServer;
let demo: UserRow;
let demoToken = '';
let completedId = 0;
let cloudId = 0;

beforeAll(async () => {
  server = await startTestServer();
  const found = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
  if (!found) throw new Error('no demo trainee');
  demo = found;
  demoToken = (await server.tokens.issue('access', demo)).token;
  completedId = await courseIdBySlug(server, RECORD_COURSES.completed.slug);
  cloudId = await courseIdBySlug(server, LEARNING_COURSES.cloud.slug);
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const { call } = testClient(() => server);

async function history(token: string): Promise<HistoryEntry[]> {
  const answer = await call('/course/history/', { token });
  expect(answer.status).toBe(200);
  return traineeHistorySchema.parse(answer.body).results;
}

function pdfText(pdf: Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}

function pdfPages(pdf: Uint8Array): number {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}

async function enrolAs(
  userId: number,
  slug: string,
  status: string,
  payment?: 'awaiting_cash' | 'failed' | 'initiated',
): Promise<number> {
  const courseId = await courseIdBySlug(server, slug);
  await server.db.query(
    `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, course_id) DO UPDATE SET status = $3`,
    [userId, courseId, status],
  );
  if (payment) {
    await server.db.query(
      `INSERT INTO payments (id, user_id, course_id, method, status, subtotal, vat, total, vat_rate, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, 10000, 1500, 11500, 1500, $6)`,
      [randomUUID(), userId, courseId, payment === 'awaiting_cash' ? 'cash' : 'card', payment, randomUUID()],
    );
  }
  return courseId;
}

describe('GET /course/history/', () => {
  it("shows the demo trainee's courses by status, newest first", async () => {
    const results = await history(demoToken);
    const byId = new Map(results.map((entry) => [entry.course_id, entry]));
    expect(byId.get(cloudId)).toMatchObject({ status: 'Approved', completed: null });
    expect(byId.get(completedId)).toMatchObject({
      status: 'Completed',
      completed: true,
      title_ar: RECORD_COURSES.completed.title_ar,
    });
    const withdrawn = await courseIdBySlug(server, HISTORY_COURSES.withdrawn.slug);
    const cash = await courseIdBySlug(server, HISTORY_COURSES.cashPending.slug);
    expect(byId.get(withdrawn)).toMatchObject({ status: 'Deleted' });
    expect(byId.get(cash)).toMatchObject({ status: 'Pending', pending_reason: 'cash' });
    const starts = results.map((entry) => entry.start_date);
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it('decides each status from the enrolment and its last payment', async () => {
    const { user, token } = await signedInTrainee(server, 'statuses');
    const approved = await enrolAs(user.id, LEARNING_COURSES.cloud.slug, 'enrolled');
    const withdrawal = await enrolAs(user.id, 'information-technology-2', 'withdrawal_requested');
    const dropped = await enrolAs(user.id, 'data-science-1', 'dropped');
    const cash = await enrolAs(user.id, 'data-science-3', 'awaiting_payment', 'awaiting_cash');
    const refused = await enrolAs(user.id, 'business-1', 'awaiting_payment', 'failed');
    const underWay = await enrolAs(user.id, 'business-2', 'awaiting_payment', 'initiated');
    const ended = await enrolAs(user.id, RECORD_COURSES.completed.slug, 'enrolled');
    const byId = new Map((await history(token)).map((entry) => [entry.course_id, entry]));
    expect(byId.get(approved)).toMatchObject({ status: 'Approved', pending_reason: null });
    expect(byId.get(withdrawal)).toMatchObject({ status: 'Pending', pending_reason: 'withdrawal' });
    expect(byId.get(dropped)).toMatchObject({ status: 'Deleted' });
    expect(byId.get(cash)).toMatchObject({ status: 'Pending', pending_reason: 'cash' });
    expect(byId.get(refused)).toMatchObject({ status: 'Rejected' });
    expect(byId.has(underWay)).toBe(false);
    // Never attended, no work handed in: the course has ended without the rule being met.
    expect(byId.get(ended)).toMatchObject({ status: 'Completed', completed: false });
  });

  it('is for trainees only', async () => {
    const trainer = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
    if (!trainer) throw new Error('no demo trainer');
    const token = (await server.tokens.issue('access', trainer)).token;
    expect((await call('/course/history/', { token })).status).toBe(403);
    expect((await call(`/course/history/${completedId}/`, { token })).status).toBe(403);
    expect((await call('/course/history/')).status).toBe(401);
  });

  it('seeds the demo history once', async () => {
    const before = await history(demoToken);
    await seedHistory(server.db);
    expect(await history(demoToken)).toEqual(before);
  });
});

describe('GET /course/history/{id}/', () => {
  it("states the same figures as the completion rule's", async () => {
    const answer = await call(`/course/history/${completedId}/`, { token: demoToken });
    expect(answer.status).toBe(200);
    const details = historyDetailsSchema.parse(answer.body);
    const outcome = await traineeCompletion(server.db, completedId, demo.id);
    expect(outcome).toBeDefined();
    expect(details).toMatchObject({
      status: 'Completed',
      ended: true,
      trainer_name: DEMO_ACCOUNTS.trainer.full_name,
      present: outcome?.present,
      attendance_rate: outcome?.attendance_rate,
      average_grade: outcome?.average_grade,
      completed: outcome?.completed,
      attendance_met: true,
      grade_met: true,
    });
    expect(details.sessions_held).toBeGreaterThan(0);
    expect(details.hours).toBeGreaterThan(0);
    expect(details.grades.length).toBeGreaterThan(0);
    const sum = details.grades.reduce((total, item) => total + Math.round((item.grade ?? 0) * 100), 0);
    expect(details.average_grade).toBe(Math.round(sum / details.grades.length) / 100);
  });

  it('says why an ongoing course has no certificate yet', async () => {
    const details = historyDetailsSchema.parse(
      (await call(`/course/history/${cloudId}/`, { token: demoToken })).body,
    );
    expect(details).toMatchObject({
      status: 'Approved',
      ended: false,
      certificate: null,
      certificate_block: 'not_ended',
    });
  });

  it('answers 404 for a course the trainee never had, and for no course', async () => {
    const { token } = await signedInTrainee(server, 'stranger');
    expect((await call(`/course/history/${completedId}/`, { token })).status).toBe(404);
    expect((await call('/course/history/999999/', { token: demoToken })).status).toBe(404);
    expect((await call('/course/history/abc/', { token: demoToken })).status).toBe(404);
  });
});

describe('POST /course/generate_transcript/', () => {
  it('prints every ended course in English and Arabic, with the trainee and the day', async () => {
    const answer = await call('/course/generate_transcript/', { token: demoToken, body: {} });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const day = centreDay(new Date());
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="transcript-${day}.pdf"`);
    const pdf = new Uint8Array(answer.bytes);
    expect(Buffer.from(pdf.slice(0, 4)).toString()).toBe('%PDF');
    if (process.env.HISTORY_PDF_DIR) writeFileSync(`${process.env.HISTORY_PDF_DIR}/transcript.pdf`, pdf);
    const text = pdfText(pdf);
    expect(text).toContain(demo.full_name);
    expect(text).toContain(demo.email);
    // A title may wrap in its table cell: the other columns then sit on its lines, between its words.
    expect(text).toMatch(/Project(?:\s|[^\n]*\n)+?Management(?:\s|[^\n]*\n)+?Essentials/);
    expect(text).toMatch(/أساسيات\s+إدارة\s+المشاريع/);
    expect(text).toContain(day);
    expect(text).toContain('Completed');
    // Ongoing courses are not on the transcript.
    expect(text).not.toContain(LEARNING_COURSES.cloud.title);
  }, 60_000);

  it('refuses a trainee with no ended course, with a sentence', async () => {
    const { user, token } = await signedInTrainee(server, 'beginner');
    await enrolAs(user.id, LEARNING_COURSES.cloud.slug, 'enrolled');
    const answer = await call('/course/generate_transcript/', { token, body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ details: [{ message: HISTORY_MESSAGES.noEndedCourse }] });
  });
});

describe('POST /course/generate_certificate/', () => {
  it('issues the certificate once and prints it on one page with its code', async () => {
    const first = await call('/course/generate_certificate/', {
      token: demoToken,
      body: { course_id: completedId },
    });
    expect(first.status).toBe(200);
    const disposition = first.headers.get('content-disposition') ?? '';
    const code = /certificate-(KFU(?:-[0-9A-Z]{4}){4})\.pdf/.exec(disposition)?.[1];
    expect(code).toBeDefined();
    const pdf = new Uint8Array(first.bytes);
    expect(pdfPages(pdf)).toBe(1);
    if (process.env.HISTORY_PDF_DIR) writeFileSync(`${process.env.HISTORY_PDF_DIR}/certificate.pdf`, pdf);
    const text = pdfText(pdf);
    expect(text).toContain(demo.full_name);
    expect(text).toMatch(/Project\s+Management\s+Essentials/);
    expect(text).toMatch(/أساسيات\s+إدارة\s+المشاريع/);
    expect(text).toContain(String(code));
    expect(text).toContain(`${server.url}/verify/${code}`);
    const again = await call('/course/generate_certificate/', {
      token: demoToken,
      body: { course_id: completedId },
    });
    expect(again.headers.get('content-disposition')).toBe(disposition);
    const details = historyDetailsSchema.parse(
      (await call(`/course/history/${completedId}/`, { token: demoToken })).body,
    );
    expect(details.certificate).toMatchObject({ code, revoked_at: null });
  }, 60_000);

  it('refuses a course not ended, not completed, not the trainee’s, or left', async () => {
    const notEnded = await call('/course/generate_certificate/', {
      token: demoToken,
      body: { course_id: cloudId },
    });
    expect(notEnded.status).toBe(400);
    expect(notEnded.body).toMatchObject({ details: [{ message: HISTORY_MESSAGES.notEnded }] });

    const { user, token } = await signedInTrainee(server, 'absent');
    await enrolAs(user.id, RECORD_COURSES.completed.slug, 'enrolled');
    const notCompleted = await call('/course/generate_certificate/', {
      token,
      body: { course_id: completedId },
    });
    expect(notCompleted.status).toBe(400);
    expect(notCompleted.body).toMatchObject({
      details: [{ message: HISTORY_MESSAGES.notCompleted }],
    });

    const stranger = await signedInTrainee(server, 'outsider');
    const notYours = await call('/course/generate_certificate/', {
      token: stranger.token,
      body: { course_id: completedId },
    });
    expect(notYours.status).toBe(404);

    await enrolAs(user.id, RECORD_COURSES.completed.slug, 'withdrawn');
    const left = await call('/course/generate_certificate/', { token, body: { course_id: completedId } });
    expect(left.status).toBe(403);
    expect(left.body).toMatchObject({ details: [{ message: HISTORY_MESSAGES.leftCourse }] });

    const malformed = await call('/course/generate_certificate/', {
      token: demoToken,
      body: { course_id: 'x' },
    });
    expect(malformed.status).toBe(400);
  });

  it('answers 410 for a revoked certificate', async () => {
    const { user, token } = await signedInTrainee(server, 'revoked');
    await enrolAs(user.id, RECORD_COURSES.completed.slug, 'enrolled');
    const { rows } = await server.db.query<{ code: string }>(
      `INSERT INTO certificates (code, user_id, course_id, holder_name, course_title, course_title_ar, trainer_name,
         start_date, end_date, hours) VALUES ('KFU-TEST-0000-0000-0001', $1, $2, 'R', 'T', 'ت', 'X', '2026-01-01', '2026-02-01', 4)
       RETURNING code`,
      [user.id, completedId],
    );
    await revokeCertificate(server.db, String(rows[0]?.code), 'Issued by mistake');
    const answer = await call('/course/generate_certificate/', { token, body: { course_id: completedId } });
    expect(answer.status).toBe(410);
    expect(answer.body).toMatchObject({ details: [{ message: HISTORY_MESSAGES.revoked }] });
    const details = historyDetailsSchema.parse(
      (await call(`/course/history/${completedId}/`, { token })).body,
    );
    expect(details.certificate?.revoked_at).not.toBeNull();
  });
});

describe('printing limits', () => {
  it('answers 429 once a trainee has printed their transcripts and certificates allowed for the hour', async () => {
    const strict = await startTestServer({
      rateLimits: {
        ...RATE_LIMITS,
        transcriptPdfAccount: { ...RATE_LIMITS.transcriptPdfAccount, max: 1 },
        certificatePdfAccount: { ...RATE_LIMITS.certificatePdfAccount, max: 1 },
      },
    });
    try {
      const user = await findUserByEmail(strict.db, DEMO_ACCOUNTS.trainee.email);
      if (!user) throw new Error('no demo trainee');
      const token = (await strict.tokens.issue('access', user)).token;
      const course = await courseIdBySlug(strict, RECORD_COURSES.completed.slug);
      const send = (path: string, body: unknown) => testClient(strict).call(path, { token, body });
      expect((await send('/course/generate_transcript/', {})).status).toBe(200);
      expect((await send('/course/generate_transcript/', {})).status).toBe(429);
      expect((await send('/course/generate_certificate/', { course_id: course })).status).toBe(200);
      expect((await send('/course/generate_certificate/', { course_id: course })).status).toBe(429);
    } finally {
      await strict.close();
    }
  }, 90_000);
});
