import { randomUUID } from 'node:crypto';
import { gradeStatistics } from '@contract/domain/grading';
import { GRADING_VALIDATION, readGrade } from '@contract/forms/grading';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { GRADING_MESSAGES } from '@contract/messages/grading';
import { gradingCourseSchema, gradingDecisionSchema, gradingItemSchema } from '@contract/wire/grading';
import { uploadResponseSchema } from '@contract/wire/learning';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { GRADING_CLASSMATES, seedGrading } from '../../server/grading/seed';
import { LEARNING_COURSES, LEARNING_LECTURES } from '../../server/seed-learning';
import {
  courseIdBySlug,
  lectureIdBySlug,
  signedInTrainee,
  startTestServer,
  type TestServer,
} from '../../server/testing';
import { ensureUser, findUserByEmail } from '../../server/users';
import { pngOf } from '../fixtures/images';
import { testClient } from '../support/test-client';

let server: TestServer;
let cloudId: number;
let compareId: number;
let quizId: number;
let trainerToken: string;
let traineeToken: string;
let strangerToken: string;
let facilitatorToken: string;

const { call } = testClient(() => server);

async function trainerToken_(email: string, id: string): Promise<string> {
  const user = await ensureUser(server.db, {
    email,
    password: 'Trainer#2026xyz',
    full_name: 'Reem Al-Otaibi',
    role: 'TRAINER',
    phone_number: '0552223333',
    govt_id_or_iqama_no: id,
    approved: true,
  });
  return (await server.tokens.issue('access', user)).token;
}

/** A new trainee of the cloud course with an assignment submission waiting for a grade. */
async function waitingSubmission(): Promise<{ id: number; userId: number; token: string }> {
  const { user, token } = await signedInTrainee(server, 'graded');
  await server.db.query(`INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')`, [
    user.id,
    cloudId,
  ]);
  const fileId = randomUUID();
  await server.db.query(
    `INSERT INTO uploads (id, owner_id, path, name, extension, content_type, size)
     VALUES ($1, $2, $3, 'answer.pdf', 'pdf', 'application/pdf', 1)`,
    [fileId, user.id, `files/${fileId}.pdf`],
  );
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO submissions (lecture_id, user_id, attempt, file_id) VALUES ($1, $2, 1, $3) RETURNING id`,
    [compareId, user.id, fileId],
  );
  return { id: rows[0]?.id ?? 0, userId: user.id, token };
}

/** The address of a picture the token's user uploads with POST /upload/. */
async function uploadAs(token: string, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngOf(16))], { type: 'image/png' }), name);
  return uploadResponseSchema.parse((await call('/upload/', { token, body: form })).body).file;
}

beforeAll(async () => {
  server = await startTestServer();
  const trainer = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
  const trainee = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
  if (!trainer || !trainee) throw new Error('The demo accounts are not seeded');
  trainerToken = (await server.tokens.issue('access', trainer)).token;
  traineeToken = (await server.tokens.issue('access', trainee)).token;
  cloudId = await courseIdBySlug(server, LEARNING_COURSES.cloud.slug);
  compareId = await lectureIdBySlug(server, LEARNING_LECTURES.cloudCompare.slug);
  quizId = await lectureIdBySlug(server, LEARNING_LECTURES.cloudQuizModels.slug);
  strangerToken = await trainerToken_('grading.stranger@example.com', '1077788899');
  facilitatorToken = await trainerToken_('grading.facilitator@example.com', '1077788890');
  const facilitator = await findUserByEmail(server.db, 'grading.facilitator@example.com');
  await server.db.query('INSERT INTO course_facilitators (course_id, user_id) VALUES ($1, $2)', [
    cloudId,
    facilitator?.id,
  ]);
}, 90_000);

afterAll(async () => {
  await server?.close();
});

describe('grade rules and statistics', () => {
  it('reads grades from 0 to 10 with at most two decimals, in any digits', () => {
    expect(readGrade('8.5')).toEqual({ grade: 8.5 });
    expect(readGrade('٨٫٥')).toEqual({ grade: 8.5 });
    expect(readGrade(' 10 ')).toEqual({ grade: 10 });
    expect(readGrade('7,25')).toEqual({ grade: 7.25 });
    expect(readGrade('0')).toEqual({ grade: 0 });
    expect(readGrade('9.50')).toEqual({ grade: 9.5 });
    expect(readGrade('')).toEqual({ message: GRADING_VALIDATION.gradeRequired });
    expect(readGrade('11')).toEqual({ message: GRADING_VALIDATION.gradeOutOfRange });
    expect(readGrade('-1')).toEqual({ message: GRADING_VALIDATION.gradeOutOfRange });
    expect(readGrade('7.555')).toEqual({ message: GRADING_VALIDATION.gradeDecimals });
    expect(readGrade('seven')).toEqual({ message: GRADING_VALIDATION.gradeNotNumber });
    expect(readGrade('1e1')).toEqual({ message: GRADING_VALIDATION.gradeNotNumber });
  });

  it('counts, averages and bands grades', () => {
    expect(gradeStatistics([])).toEqual({
      count: 0,
      mean: null,
      median: null,
      lowest: null,
      highest: null,
      bands: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    });
    expect(gradeStatistics([10, 2, 6.5, 9])).toEqual({
      count: 4,
      mean: 6.88,
      median: 7.75,
      lowest: 2,
      highest: 10,
      bands: [0, 0, 1, 0, 0, 0, 1, 0, 0, 2],
    });
    expect(gradeStatistics([0, 5, 9.99]).median).toBe(5);
  });
});

describe('GET /grading/courses/{id}/', () => {
  it("answers the course's items with counts, statistics and the waiting submissions", async () => {
    const { status, body } = await call(`/grading/courses/${cloudId}/`, { token: trainerToken });
    expect(status).toBe(200);
    const course = gradingCourseSchema.parse(body);
    expect(course.course.id).toBe(cloudId);
    expect(course.items.map((item) => item.kind)).toEqual(['quiz', 'assignment', 'assignment', 'quiz']);
    const compare = course.items.find((item) => item.lecture_id === compareId);
    // The demo trainee's 8.5 and the classmates' 9 and 6.5; two classmates wait, one was returned.
    expect(compare?.statistics).toMatchObject({ count: 3, lowest: 6.5, highest: 9, median: 8.5, mean: 8 });
    expect(compare?.counts.submitted).toBeGreaterThanOrEqual(2);
    expect(compare?.counts.returned).toBe(1);
    const quiz = course.items.find((item) => item.lecture_id === quizId);
    // Best scores: 8, 10, 5, 6.67.
    expect(quiz?.statistics).toMatchObject({ count: 4, lowest: 5, highest: 10 });
    expect(course.waiting.length).toBeGreaterThanOrEqual(3);
    expect(course.waiting[0]?.lecture_id).toBe(compareId);
  });

  it('is for the course trainer and facilitators only', async () => {
    expect((await call(`/grading/courses/${cloudId}/`, { token: facilitatorToken })).status).toBe(200);
    const stranger = await call(`/grading/courses/${cloudId}/`, { token: strangerToken });
    expect(stranger.status).toBe(403);
    expect(stranger.body.details).toEqual([{ message: AUTHORING_MESSAGES.notYourCourse }]);
    expect((await call(`/grading/courses/${cloudId}/`, { token: traineeToken })).status).toBe(403);
    expect((await call('/grading/courses/999999/', { token: trainerToken })).status).toBe(404);
  });

  it('seeds the demo data once', async () => {
    const before = await call(`/grading/courses/${cloudId}/`, { token: trainerToken });
    await seedGrading(server.db);
    const after = await call(`/grading/courses/${cloudId}/`, { token: trainerToken });
    expect(after.body).toEqual(before.body);
    const { rows } = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users WHERE email = ANY($1::text[])',
      [GRADING_CLASSMATES.map((classmate) => classmate.email)],
    );
    expect(rows[0]?.count).toBe(GRADING_CLASSMATES.length);
  });
});

describe('GET /grading/items/{id}/', () => {
  it("lists every trainee's work on a quiz, attempts and best score", async () => {
    const { status, body } = await call(`/grading/items/${quizId}/`, { token: trainerToken });
    expect(status).toBe(200);
    const item = gradingItemSchema.parse(body);
    expect(item.kind).toBe('quiz');
    const maha = item.trainees.find((trainee) => trainee.email === 'maha.alsubaie@example.com');
    expect(maha?.attempts.map((attempt) => attempt.score)).toEqual([5, 3.33]);
    expect(maha?.grade).toBe(5);
    const layla = item.trainees.find((trainee) => trainee.email === 'layla.almutairi@example.com');
    expect(layla?.status).toBe('Not submitted');
  });

  it('lists the enrolled trainees who have not submitted an assignment', async () => {
    const item = gradingItemSchema.parse(
      (await call(`/grading/items/${compareId}/`, { token: trainerToken })).body,
    );
    const statuses = new Set(item.trainees.map((trainee) => trainee.status));
    expect(statuses).toEqual(new Set(['Reviewed', 'Submitted', 'Returned']));
    const { user } = await signedInTrainee(server, 'idle');
    await server.db.query(`INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')`, [
      user.id,
      cloudId,
    ]);
    const again = gradingItemSchema.parse(
      (await call(`/grading/items/${compareId}/`, { token: trainerToken })).body,
    );
    expect(again.trainees.find((trainee) => trainee.user_id === user.id)?.status).toBe('Not submitted');
  });

  it('is not found for a lecture that is not graded, and refused to others', async () => {
    const welcome = await lectureIdBySlug(server, LEARNING_LECTURES.cloudWelcome.slug);
    expect((await call(`/grading/items/${welcome}/`, { token: trainerToken })).status).toBe(404);
    expect((await call(`/grading/items/${compareId}/`, { token: strangerToken })).status).toBe(403);
  });
});

describe('POST /grading/submissions/{id}/grade/ and /return/', () => {
  it('grades a submission, notifies the trainee, and allows a regrade', async () => {
    const { id, userId } = await waitingSubmission();
    const notes = await uploadAs(trainerToken, 'marked.png');
    const graded = await call(`/grading/submissions/${id}/grade/`, {
      token: trainerToken,
      body: { grade: '٧٫٢٥', feedback: '  Well argued.  ', feedback_file: notes },
    });
    expect(graded.status).toBe(200);
    const decision = gradingDecisionSchema.parse(graded.body);
    expect(decision.message).toBe(GRADING_MESSAGES.graded);
    expect(decision.submission).toMatchObject({ status: 'Reviewed', grade: 7.25, feedback: 'Well argued.' });
    const { rows } = await server.db.query<{ title: string; link: string; reviewed_by: number }>(
      `SELECT n.title, n.link, s.reviewed_by FROM notifications n, submissions s
       WHERE n.user_id = $1 AND s.id = $2 ORDER BY n.id DESC LIMIT 1`,
      [userId, id],
    );
    expect(rows[0]?.title).toBe('Your assignment has been graded');
    expect(rows[0]?.link).toBe(`/ongoing-courses/${cloudId}/${compareId}`);
    const trainer = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
    expect(rows[0]?.reviewed_by).toBe(trainer?.id);
    const regraded = await call(`/grading/submissions/${id}/grade/`, {
      token: facilitatorToken,
      body: { grade: 9, feedback: '', feedback_file: null },
    });
    expect(regraded.status).toBe(200);
    const regrade = gradingDecisionSchema.parse(regraded.body).submission;
    expect(regrade).toMatchObject({ grade: 9, feedback: null });
    // The facilitator sent no file: the trainer's stays.
    expect(regrade.feedback_file?.name).toBe('marked.png');
  });

  it.each([
    [11, GRADING_VALIDATION.gradeOutOfRange],
    ['-0.5', GRADING_VALIDATION.gradeOutOfRange],
    ['7.125', GRADING_VALIDATION.gradeDecimals],
    ['abc', GRADING_VALIDATION.gradeNotNumber],
    [true, GRADING_VALIDATION.gradeNotNumber],
    ['', GRADING_VALIDATION.gradeRequired],
  ])('refuses the grade %j with a sentence at the field', async (grade, message) => {
    const { id } = await waitingSubmission();
    const { status, body } = await call(`/grading/submissions/${id}/grade/`, {
      token: trainerToken,
      body: { grade, feedback: '', feedback_file: null },
    });
    expect(status).toBe(400);
    expect(body.details).toEqual([{ field: 'grade', message }]);
    const { rows } = await server.db.query<{ status: string }>(
      'SELECT status FROM submissions WHERE id = $1',
      [id],
    );
    expect(rows[0]?.status).toBe('Submitted');
  });

  it('refuses feedback that is too long, and a file that is not the caller’s', async () => {
    const { id, token } = await waitingSubmission();
    const long = await call(`/grading/submissions/${id}/grade/`, {
      token: trainerToken,
      body: { grade: 5, feedback: 'x'.repeat(2001), feedback_file: null },
    });
    expect(long.body.details).toEqual([{ field: 'feedback', message: GRADING_VALIDATION.feedbackTooLong }]);
    const theirs = await uploadAs(token, 'mine.png');
    const file = await call(`/grading/submissions/${id}/grade/`, {
      token: trainerToken,
      body: { grade: 5, feedback: '', feedback_file: theirs },
    });
    expect(file.status).toBe(400);
    expect(file.body.details).toEqual([
      { field: 'feedback_file', message: GRADING_VALIDATION.feedbackFileUnknown },
    ]);
  });

  it('returns a submission with feedback and a file; the trainee may then send a new attempt', async () => {
    const { id, token } = await waitingSubmission();
    const empty = await call(`/grading/submissions/${id}/return/`, {
      token: trainerToken,
      body: { feedback: '  ', feedback_file: null },
    });
    expect(empty.body.details).toEqual([
      { field: 'feedback', message: GRADING_VALIDATION.returnFeedbackRequired },
    ]);
    const file = await uploadAs(trainerToken, 'notes.png');
    const returned = await call(`/grading/submissions/${id}/return/`, {
      token: trainerToken,
      body: { feedback: 'Add a diagram.', feedback_file: file },
    });
    expect(returned.status).toBe(200);
    const decision = gradingDecisionSchema.parse(returned.body);
    expect(decision.submission).toMatchObject({
      status: 'Returned',
      grade: null,
      feedback: 'Add a diagram.',
    });
    expect(decision.submission.feedback_file?.name).toBe('notes.png');
    // A returned attempt is decided: neither graded nor returned again.
    const again = await call(`/grading/submissions/${id}/grade/`, {
      token: trainerToken,
      body: { grade: 5, feedback: '', feedback_file: null },
    });
    expect(again.status).toBe(409);
    expect(again.body.details).toEqual([{ message: GRADING_MESSAGES.notGradable }]);
    // The trainee's new attempt.
    const secondFile = await uploadAs(token, 'second.png');
    const resubmitted = await call(`/learning/lectures/${compareId}/submissions/`, {
      token,
      body: { file: secondFile },
    });
    expect(resubmitted.status).toBe(201);
  });

  it('is refused to a trainer who does not teach the course, and to trainees', async () => {
    const { id, token } = await waitingSubmission();
    const json = { grade: 5, feedback: '', feedback_file: null };
    expect(
      (await call(`/grading/submissions/${id}/grade/`, { token: strangerToken, body: json })).status,
    ).toBe(403);
    expect((await call(`/grading/submissions/${id}/grade/`, { token, body: json })).status).toBe(403);
    expect(
      (await call('/grading/submissions/99999999/grade/', { token: trainerToken, body: json })).status,
    ).toBe(404);
  });
});
