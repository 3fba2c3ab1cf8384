import { randomUUID } from 'node:crypto';
import { PROFILE_MESSAGES } from '@contract/messages/profile';
import { NOTICE_MAIL_KINDS_OF, noticeMailSettingsSchema } from '@contract/wire/notice-mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveTrainer } from '../../server/admin/queries';
import { decideCourse } from '../../server/authoring/course-approval';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { decideWithdrawal, requestWithdrawal } from '../../server/enrolments/queries';
import { decideSubmission } from '../../server/grading/queries';
import { newInvitationToken, tokenHash } from '../../server/invitations/queries';
import { reviewSubmission } from '../../server/learning/grading';
import { NOTIFICATION_SETTINGS_PATH } from '../../server/messages/templates';
import { confirmCashPayment } from '../../server/payments/queries';
import { RECORD_COURSES } from '../../server/records/seed';
import { LEARNING_COURSES, LEARNING_LECTURES } from '../../server/seed-learning';
import {
  courseIdBySlug,
  enrolBySlug,
  lectureIdBySlug,
  signedInTrainee,
  startTestServer,
  type TestServer,
} from '../../server/testing';
import { ensureUser, findUserByEmail, type UserRow } from '../../server/users';
import { getNoticeMailSettings, saveNoticeMailSettings } from '../../src/api/profile';
import { testClient } from '../support/test-client';

let server: TestServer;
const { call, api } = testClient(() => server);

beforeAll(async () => {
  server = await startTestServer();
}, 90_000);

afterAll(async () => {
  await server?.close();
});

interface QueuedMail {
  kind: string;
  to_address: string;
  subject: string;
  body: string;
  html: string | null;
}

/** The mails queued to the address, oldest first. */
async function mailsTo(address: string): Promise<QueuedMail[]> {
  const { rows } = await server.db.query<QueuedMail>(
    `SELECT kind, to_address, subject, body, html FROM outbox WHERE to_address = $1 AND channel = 'email' ORDER BY id`,
    [address.toLowerCase()],
  );
  return rows;
}

/** The notice mail of the kind queued to the address: it greets by name and links to the settings. */
async function expectNotice(user: UserRow, kind: string, link: string): Promise<QueuedMail> {
  const mails = (await mailsTo(user.email)).filter((mail) => mail.kind === kind);
  expect(mails).toHaveLength(1);
  const [mail] = mails as [QueuedMail];
  expect(mail.body).toContain(`${server.url}${link}`);
  expect(mail.body).toContain(`${server.url}${NOTIFICATION_SETTINGS_PATH}`);
  expect(mail.html).toContain(`${server.url}${NOTIFICATION_SETTINGS_PATH}`);
  expect(mail.body).toContain(`Hello ${user.full_name},`);
  return mail;
}

async function turnOff(token: string, kind: string): Promise<void> {
  const answer = await call('/profile/notification-settings/', {
    method: 'PUT',
    token,
    body: { kinds: [{ kind, mail: false }] },
  });
  expect(answer.status).toBe(200);
}

let made = 0;
async function newTrainer(approved = true): Promise<{ user: UserRow; token: string }> {
  made += 1;
  const user = await ensureUser(server.db, {
    email: `notice.trainer.${made}.${randomUUID().slice(0, 8)}@example.com`,
    password: 'Trainer#2026xyz',
    full_name: `Noura Trainer ${made}`,
    role: 'TRAINER',
    phone_number: '0553334455',
    govt_id_or_iqama_no: String(1_055_000_000 + made),
    approved,
  });
  return { user, token: (await server.tokens.issue('access', user)).token };
}

/** A Pending course of the trainer: a copy of a seeded course. */
async function pendingCourse(trainerId: number): Promise<{ id: number; title: string }> {
  const { rows: columns } = await server.db.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
     WHERE table_name = 'courses' AND table_schema = current_schema() AND is_generated = 'NEVER'
       AND is_identity = 'NO' AND column_name NOT IN ('slug', 'title', 'status', 'created_by')`,
  );
  const copied = columns.map((column) => `"${column.name}"`).join(', ');
  const { rows } = await server.db.query<{ id: number; title: string }>(
    `INSERT INTO courses (slug, title, status, created_by, ${copied})
     SELECT $1, 'Notice ' || title, 'Pending', $2, ${copied} FROM courses WHERE slug = $3 RETURNING id, title`,
    [`notice-${randomUUID()}`, trainerId, LEARNING_COURSES.cloud.slug],
  );
  const course = rows[0];
  if (!course) throw new Error('no course');
  return course;
}

async function waitingSubmission(userId: number): Promise<number> {
  const lectureId = await lectureIdBySlug(server, LEARNING_LECTURES.cloudCompare.slug);
  await enrolBySlug(server, userId, LEARNING_COURSES.cloud.slug);
  const fileId = randomUUID();
  await server.db.query(
    `INSERT INTO uploads (id, owner_id, path, name, extension, content_type, size)
     VALUES ($1, $2, $3, 'answer.pdf', 'pdf', 'application/pdf', 1)`,
    [fileId, userId, `files/${fileId}.pdf`],
  );
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO submissions (lecture_id, user_id, attempt, file_id)
     SELECT $1, $2, coalesce(max(attempt), 0) + 1, $3 FROM submissions WHERE lecture_id = $1 AND user_id = $2
     RETURNING id`,
    [lectureId, userId, fileId],
  );
  return rows[0]?.id ?? 0;
}

/** A cash payment of the trainee for a priced course, waiting for the money. */
async function cashPayment(token: string): Promise<{ id: string; courseId: number }> {
  const { rows } = await server.db.query<{ id: number }>(
    `SELECT id FROM courses WHERE status = 'Approved' AND price_halalas > 0 AND start_date > centre_today()
     ORDER BY id LIMIT 1`,
  );
  const courseId = rows[0]?.id ?? 0;
  const answer = await call<{ id: string }>('/payments/', {
    token,
    body: { idempotency_key: randomUUID(), terms_accepted: true, course_id: courseId, method: 'cash' },
  });
  expect(answer.status).toBe(201);
  return { id: answer.body.id, courseId };
}

async function invitationOf(inviterId: number): Promise<string> {
  const token = newInvitationToken();
  await server.db.query(
    `INSERT INTO invitations (token_hash, inviter_id, email, expires_at)
     VALUES ($1, $2, $3, now() + interval '14 days')`,
    [tokenHash(token), inviterId, `invited.${randomUUID()}@example.org`],
  );
  return token;
}

describe('GET and PUT /profile/notification-settings/', () => {
  it('lists the kinds of the role, all on at first; a change stays', async () => {
    const { token } = await signedInTrainee(server, 'settings');
    const first = noticeMailSettingsSchema.parse(
      (await call('/profile/notification-settings/', { token })).body,
    );
    expect(first.data.kinds).toEqual(NOTICE_MAIL_KINDS_OF.TRAINEE.map((kind) => ({ kind, mail: true })));
    const saved = await saveNoticeMailSettings(api(token), {
      kinds: [
        { kind: 'grade_released', mail: false },
        { kind: 'certificate_issued', mail: false },
      ],
    });
    expect(saved.data.kinds.filter((setting) => !setting.mail).map((setting) => setting.kind)).toEqual([
      'grade_released',
      'certificate_issued',
    ]);
    await saveNoticeMailSettings(api(token), { kinds: [{ kind: 'certificate_issued', mail: true }] });
    const again = await getNoticeMailSettings(api(token));
    expect(again.data.kinds.filter((setting) => !setting.mail)).toEqual([
      { kind: 'grade_released', mail: false },
    ]);

    const trainer = await newTrainer();
    const trainers = await getNoticeMailSettings(api(trainer.token));
    expect(trainers.data.kinds.map((setting) => setting.kind)).toEqual([
      'course_approved',
      'course_rejected',
    ]);
  });

  it('refuses an unknown kind, another role’s kind, a kind twice and a malformed body with 400', async () => {
    const { token } = await signedInTrainee(server, 'refused');
    for (const kinds of [
      [{ kind: 'newsletter', mail: false }],
      [{ kind: 'course_approved', mail: false }],
      [
        { kind: 'grade_released', mail: false },
        { kind: 'grade_released', mail: true },
      ],
      [{ kind: 'grade_released', mail: 'no' }],
      'all',
    ]) {
      const answer = await call<{ details: { message: string }[] }>('/profile/notification-settings/', {
        method: 'PUT',
        token,
        body: { kinds },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.details[0]?.message).toBe(PROFILE_MESSAGES.noticeKindsInvalid);
    }
    const unchanged = await getNoticeMailSettings(api(token));
    expect(unchanged.data.kinds.every((setting) => setting.mail)).toBe(true);
  });

  it('answers 401 without a session', async () => {
    expect((await call('/profile/notification-settings/')).status).toBe(401);
    expect(
      (await call('/profile/notification-settings/', { method: 'PUT', body: { kinds: [] } })).status,
    ).toBe(401);
  });
});

describe('each notice queues its mail in the transaction of the bell notice', () => {
  it('trainer approved: always mailed', async () => {
    const { user } = await newTrainer(false);
    await approveTrainer(server.db, user.email, server.url, server.notifier);
    await expectNotice(user, 'trainer_approved', '/manage-courses');
  });

  it('course approved and rejected, to the trainer; off, nothing', async () => {
    const { user, token } = await newTrainer();
    const approved = await pendingCourse(user.id);
    await decideCourse(server.db, server.notifier, server.url, approved.id, { approve: true });
    const mail = await expectNotice(user, 'course_approved', `/manage-courses/${approved.id}`);
    expect(mail.subject).toContain(approved.title);

    const rejected = await pendingCourse(user.id);
    await decideCourse(server.db, server.notifier, server.url, rejected.id, {
      approve: false,
      reason: 'Add the weekly labs.',
    });
    const rejection = await expectNotice(user, 'course_rejected', `/edit-course/${rejected.id}`);
    expect(rejection.body).toContain('Add the weekly labs.');

    await turnOff(token, 'course_rejected');
    const again = await pendingCourse(user.id);
    await decideCourse(server.db, server.notifier, server.url, again.id, {
      approve: false,
      reason: 'Again.',
    });
    expect((await mailsTo(user.email)).filter((m) => m.kind === 'course_rejected')).toHaveLength(1);
    // The bell still has it.
    const { rows } = await server.db.query('SELECT 1 FROM notifications WHERE user_id = $1 AND link = $2', [
      user.id,
      `/edit-course/${again.id}`,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('payment receipt: a paid course, with the receipt; off, nothing', async () => {
    const { user, token } = await signedInTrainee(server, 'receipt');
    const payment = await cashPayment(token);
    await confirmCashPayment(server.db, payment.id, server.payments, server.notifier, server.url);
    const mail = await expectNotice(user, 'payment_receipt', `/receipts/${payment.id}`);
    expect(mail.body).toMatch(/Receipt number: \S+/);

    const other = await signedInTrainee(server, 'receiptoff');
    await turnOff(other.token, 'payment_receipt');
    const second = await cashPayment(other.token);
    await confirmCashPayment(server.db, second.id, server.payments, server.notifier, server.url);
    expect(await mailsTo(other.user.email)).toEqual([]);
  });

  it('withdrawal decided, approved or declined; off, nothing', async () => {
    const { user, token } = await signedInTrainee(server, 'withdrawing');
    const courseId = await enrolBySlug(server, user.id, LEARNING_COURSES.cloud.slug);
    await requestWithdrawal(server.db, user.id, courseId, 'My hours changed');
    await decideWithdrawal(
      server.db,
      user.email,
      courseId,
      { approve: false, reason: 'The course ends soon' },
      server.notifier,
      server.url,
    );
    const mail = await expectNotice(user, 'withdrawal_decided', '/enrolled-courses');
    expect(mail.body).toContain('The course ends soon');

    await turnOff(token, 'withdrawal_decided');
    await requestWithdrawal(server.db, user.id, courseId, 'Still changed');
    await decideWithdrawal(server.db, user.email, courseId, { approve: true }, server.notifier, server.url);
    expect((await mailsTo(user.email)).filter((m) => m.kind === 'withdrawal_decided')).toHaveLength(1);
  });

  it('grade released, by the trainer or the admin; a return is no grade; off, nothing', async () => {
    const { user, token } = await signedInTrainee(server, 'graded');
    const trainer = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
    const courseId = await courseIdBySlug(server, LEARNING_COURSES.cloud.slug);
    const returned = await waitingSubmission(user.id);
    await decideSubmission(
      server.db,
      server.notifier,
      server.url,
      server.secret,
      returned,
      trainer?.id ?? 0,
      {
        status: 'Returned',
        feedback: 'Add the comparison table.',
        feedbackFileId: null,
      },
    );
    expect(await mailsTo(user.email)).toEqual([]);
    const graded = await waitingSubmission(user.id);
    await decideSubmission(server.db, server.notifier, server.url, server.secret, graded, trainer?.id ?? 0, {
      status: 'Reviewed',
      grade: 8,
      feedback: null,
      feedbackFileId: null,
    });
    const mail = await expectNotice(user, 'grade_released', `/ongoing-courses/${courseId}/grades`);
    expect(mail.body).toContain(LEARNING_LECTURES.cloudCompare.title);

    await turnOff(token, 'grade_released');
    const again = await waitingSubmission(user.id);
    await reviewSubmission(server.db, server.notifier, server.url, again, {
      status: 'Reviewed',
      grade: 9,
      feedback: null,
    });
    expect((await mailsTo(user.email)).filter((m) => m.kind === 'grade_released')).toHaveLength(1);

    const admin = await signedInTrainee(server, 'admingraded');
    const byAdmin = await waitingSubmission(admin.user.id);
    await reviewSubmission(server.db, server.notifier, server.url, byAdmin, {
      status: 'Reviewed',
      grade: 7,
      feedback: null,
    });
    await expectNotice(admin.user, 'grade_released', `/ongoing-courses/${courseId}/grades`);
  });

  it('invitation accepted, to the inviter; off, nothing', async () => {
    const inviter = await signedInTrainee(server, 'inviter');
    const invitee = await signedInTrainee(server, 'invitee');
    const accepted = await call(`/invitations/${await invitationOf(inviter.user.id)}/accept/`, {
      method: 'POST',
      token: invitee.token,
    });
    expect(accepted.status).toBe(200);
    const mail = await expectNotice(inviter.user, 'invitation_accepted', '/profile');
    expect(mail.body).toContain(invitee.user.full_name);

    await turnOff(inviter.token, 'invitation_accepted');
    const later = await signedInTrainee(server, 'latecomer');
    await call(`/invitations/${await invitationOf(inviter.user.id)}/accept/`, {
      method: 'POST',
      token: later.token,
    });
    expect((await mailsTo(inviter.user.email)).filter((m) => m.kind === 'invitation_accepted')).toHaveLength(
      1,
    );
  });

  it('certificate issued: once, when it is issued; off, nothing', async () => {
    const demo = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
    if (!demo) throw new Error('no demo trainee');
    const token = (await server.tokens.issue('access', demo)).token;
    const courseId = await courseIdBySlug(server, RECORD_COURSES.completed.slug);
    await server.db.query('DELETE FROM certificates WHERE user_id = $1 AND course_id = $2', [
      demo.id,
      courseId,
    ]);
    const issue = () => call('/course/generate_certificate/', { token, body: { course_id: courseId } });
    expect((await issue()).status).toBe(200);
    const { rows } = await server.db.query<{ code: string }>(
      'SELECT code FROM certificates WHERE user_id = $1 AND course_id = $2',
      [demo.id, courseId],
    );
    await expectNotice(demo, 'certificate_issued', `/verify/${rows[0]?.code}`);
    // Printed again: the same certificate, no second mail.
    expect((await issue()).status).toBe(200);
    expect((await mailsTo(demo.email)).filter((m) => m.kind === 'certificate_issued')).toHaveLength(1);

    await turnOff(token, 'certificate_issued');
    await server.db.query('DELETE FROM certificates WHERE user_id = $1 AND course_id = $2', [
      demo.id,
      courseId,
    ]);
    expect((await issue()).status).toBe(200);
    expect((await mailsTo(demo.email)).filter((m) => m.kind === 'certificate_issued')).toHaveLength(1);
  }, 60_000);
});
