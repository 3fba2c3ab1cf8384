import type { CourseInput } from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import {
  authoringCourseSchema,
  type CourseRecord,
  courseRecordSchema,
  courseSavedSchema,
  surveyCategoryListSchema,
} from '@contract/wire/authoring';
import { courseAboutSchema, courseCardPageSchema } from '@contract/wire/courses';
import {
  auditResponseSchema,
  decisionResponseSchema,
  queueResponseSchema,
  staffRevisionResponseSchema,
} from '@contract/wire/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { readOutbox } from '../../server/mail';
import { signedInStaff, startTestServer, type TestServer } from '../../server/testing';
import { ensureUser, findUserByEmail, type UserRow } from '../../server/users';
import { pngOf } from '../fixtures/images';
import { testClient } from '../support/test-client';

let server: TestServer;
let staff: { token: string; user: UserRow };
let trainer: { token: string; user: UserRow };
let facilitator: { token: string; user: UserRow };
let surveys: { pre: number | null; post: number | null };

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedInStaff(server, 'reviser');
  const demo = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
  if (!demo) throw new Error('no demo trainer');
  trainer = { user: demo, token: (await server.tokens.issue('access', demo)).token };
  const helper = await ensureUser(server.db, {
    email: 'revision.facilitator@example.com',
    password: 'Trainer#2026xyz',
    full_name: 'Revision Facilitator',
    role: 'TRAINER',
    phone_number: '0501112299',
    govt_id_or_iqama_no: '1500000999',
    approved: true,
  });
  facilitator = { user: helper, token: (await server.tokens.issue('access', helper)).token };
  const categories = surveyCategoryListSchema.parse((await call('/course/survey-category/')).body);
  surveys = {
    pre: categories.find((category) => category.stage === 'pre')?.id ?? null,
    post: categories.find((category) => category.stage === 'post')?.id ?? null,
  };
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const { call } = testClient(() => server);

const isoDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function categoryIds(): Promise<number[]> {
  const { rows } = await server.db.query<{ id: number }>('SELECT id FROM course_categories ORDER BY id');
  return rows.map((row) => row.id);
}

/** A course of the demo trainer, with the facilitator, approved by the staff. */
async function approvedCourse(title: string): Promise<CourseRecord> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngOf(16))]), 'cover.png');
  const upload = await call('/upload/', { token: trainer.token, body: form });
  const [category] = await categoryIds();
  const input: CourseInput = {
    title,
    title_ar: `دورة ${title}`,
    subtitle: 'Formulas, tables and charts.',
    subtitle_ar: 'الصيغ والجداول والرسوم البيانية.',
    description: 'Four weeks of practice.',
    description_ar: 'أربعة أسابيع من التطبيق.',
    category: category ?? 0,
    cover_image: String(upload.body.file),
    skill_level: 'Beginner',
    languages: ['Arabic', 'English'],
    captions: ['English'],
    female_only: false,
    price_halalas: 15_000,
    weeks: [
      { syllabus_title: 'Formulas', syllabus_title_ar: 'الصيغ', lectures: 2, quizzes: 1, assignments: 0 },
    ],
    surveys,
    start_date: isoDate(10),
    end_date: isoDate(40),
    routine: [{ day: 'Sunday', start_time: '17:00', end_time: '19:00' }],
    facilitators: [facilitator.user.id],
  };
  const created = await call('/course/course-create/', { token: trainer.token, body: input });
  expect(created.status).toBe(201);
  const id = courseSavedSchema.parse(created.body).data.id;
  const approved = await call(`/staff/courses/${id}/approve/`, { token: staff.token, body: {} });
  expect(approved.status).toBe(200);
  return courseRecordSchema.parse(
    (await call(`/course/course-create/${id}/`, { token: trainer.token })).body,
  );
}

/** The wizard's payload of a course record, with changes. */
function editOf(record: CourseRecord, changes: Partial<CourseInput> = {}): CourseInput {
  return {
    title: record.title,
    title_ar: record.title_ar,
    subtitle: record.subtitle,
    subtitle_ar: record.subtitle_ar,
    description: record.description,
    description_ar: record.description_ar,
    category: record.category,
    cover_image: record.cover_image,
    skill_level: record.skill_level,
    languages: record.languages,
    captions: record.captions,
    female_only: record.female_only,
    price_halalas: record.price_halalas,
    weeks: record.weeks,
    surveys: record.surveys,
    start_date: record.start_date,
    end_date: record.end_date,
    routine: record.routine,
    facilitators: record.facilitators.map((person) => person.id),
    ...changes,
  };
}

async function edit(record: CourseRecord, changes: Partial<CourseInput>, token = trainer.token) {
  const answer = await call(`/course/course-create/${record.id}/`, {
    token,
    method: 'PUT',
    body: editOf(record, changes),
  });
  expect(answer.status).toBe(200);
  return courseSavedSchema.parse(answer.body);
}

const about = async (id: number) => courseAboutSchema.parse((await call(`/course/about/${id}/`)).body);

async function waitingRevision(courseId: number): Promise<number> {
  const queue = queueResponseSchema.parse(
    (await call('/staff/queue/?kind=revision&limit=50', { token: staff.token })).body,
  );
  const { rows } = await server.db.query<{ id: number }>(
    "SELECT id FROM course_revisions WHERE course_id = $1 AND status = 'Pending'",
    [courseId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no revision waits for course ${courseId}`);
  expect(queue.data.items.results.map((item) => item.id)).toContain(String(id));
  return id;
}

describe('a change to an approved course', () => {
  it('waits as a revision: the public course keeps its price until the staff approve it', async () => {
    const course = await approvedCourse('Revised Prices');
    const aboutBefore = await about(course.id);
    const saved = await edit(course, { price_halalas: 25_000, female_only: true });
    expect(saved.message).toBe(AUTHORING_MESSAGES.revisionSubmitted);
    // The price waits; a field outside the revised details is saved at once.
    expect(saved.data).toMatchObject({
      price_halalas: 15_000,
      female_only: true,
      status: 'Approved',
      revision: { status: 'Pending', proposed: { price_halalas: 25_000 }, reason: null },
    });
    const live = await about(course.id);
    expect(live.price_halalas).toBe(15_000);
    expect(live.title).toBe(aboutBefore.title);
    const view = authoringCourseSchema.parse(
      (await call(`/authoring/courses/${course.id}/lectures/`, { token: trainer.token })).body,
    );
    expect(view.revision).toMatchObject({ status: 'Pending', proposed: { price_halalas: 25_000 } });

    const id = await waitingRevision(course.id);
    const read = await call(`/staff/revisions/${id}/`, { token: staff.token });
    expect(read.status).toBe(200);
    expect(staffRevisionResponseSchema.parse(read.body).data).toMatchObject({
      id,
      status: 'Pending',
      course: { id: course.id, title: 'Revised Prices' },
      trainer: { id: trainer.user.id },
      submitted_by: { id: trainer.user.id },
      changes: [{ field: 'price_halalas', before: 15_000, after: 25_000 }],
    });

    // A new edit replaces the proposal: the price and the title now.
    const [, otherCategory] = await categoryIds();
    await edit(course, {
      price_halalas: 30_000,
      title: 'Revised Prices, Second Edition',
      category: otherCategory,
    });
    expect(await waitingRevision(course.id)).toBe(id);
    const replaced = staffRevisionResponseSchema.parse(
      (await call(`/staff/revisions/${id}/`, { token: staff.token })).body,
    ).data;
    expect(replaced.changes.map((change) => change.field)).toEqual(['title', 'price_halalas', 'category']);
    expect(replaced.changes[2]?.after).toMatchObject({ id: otherCategory, name: expect.any(String) });
    expect((await about(course.id)).price_halalas).toBe(15_000);

    const approved = await call(`/staff/revisions/${id}/approve/`, { token: staff.token, body: {} });
    expect(approved.status).toBe(200);
    expect(decisionResponseSchema.parse(approved.body)).toMatchObject({
      message: STAFF_MESSAGES.revisionApproved,
      data: { kind: 'revision', id: String(id), outcome: 'approved' },
    });
    const after = await about(course.id);
    expect(after).toMatchObject({ price_halalas: 30_000, title: 'Revised Prices, Second Edition' });
    const found = courseCardPageSchema.parse(
      (await call(`/course/search-result/?search=${encodeURIComponent('Second Edition')}`)).body,
    );
    const card = found.results.find((item) => item.id === course.id);
    expect(card?.price_with_vat_halalas).toBeGreaterThan(30_000);

    // Told by notification and mail; the trainer's course says approved.
    const notice = (await server.notifier.list(trainer.user.id))[0];
    expect(notice).toMatchObject({
      title: 'Your changes to the course are approved',
      link: `/manage-courses/${course.id}`,
    });
    const [mail] = await readOutbox(server.db, { to: trainer.user.email, limit: 1 });
    expect(mail?.subject).toContain('your changes to Revised Prices, Second Edition are approved');
    const record = courseRecordSchema.parse(
      (await call(`/course/course-create/${course.id}/`, { token: trainer.token })).body,
    );
    expect(record).toMatchObject({ price_halalas: 30_000, revision: { status: 'Approved' } });

    // The audit log holds the decision with before and after.
    const audit = auditResponseSchema.parse(
      (await call('/staff/audit/?action=revision.approve', { token: staff.token })).body,
    );
    expect(audit.data.results[0]).toMatchObject({
      actor: { id: staff.user.id },
      action: 'revision.approve',
      subject: { kind: 'course', id: String(course.id) },
      before: { price_halalas: 15_000, title: 'Revised Prices' },
      after: { price_halalas: 30_000, title: 'Revised Prices, Second Edition' },
    });

    // Decided twice: 409.
    const again = await call(`/staff/revisions/${id}/approve/`, { token: staff.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.notWaiting }] });
    const late = await call(`/staff/revisions/${id}/reject/`, { token: staff.token, body: { reason: 'No' } });
    expect(late.status).toBe(409);
  });

  it('rejected, keeps the course as it was and tells the trainer the reason', async () => {
    const course = await approvedCourse('Rejected Revision');
    await edit(course, { description: 'Now with a link: https://example.com', start_date: isoDate(12) });
    const id = await waitingRevision(course.id);
    const noReason = await call(`/staff/revisions/${id}/reject/`, {
      token: staff.token,
      body: { reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.reasonInvalid }] });
    const rejected = await call(`/staff/revisions/${id}/reject/`, {
      token: staff.token,
      body: { reason: 'Links to other sites are not allowed.' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      message: STAFF_MESSAGES.revisionRejected,
      data: { outcome: 'rejected' },
    });
    const live = await about(course.id);
    expect(live).toMatchObject({ description: course.description, start_date: course.start_date });
    const record = courseRecordSchema.parse(
      (await call(`/course/course-create/${course.id}/`, { token: trainer.token })).body,
    );
    expect(record.revision).toMatchObject({
      status: 'Rejected',
      reason: 'Links to other sites are not allowed.',
    });
    for (const person of [trainer.user, facilitator.user]) {
      const notice = (await server.notifier.list(person.id))[0];
      expect(notice).toMatchObject({ title: 'Your changes to the course were not approved' });
      expect(notice?.text).toContain('Links to other sites are not allowed.');
    }
    const [mail] = await readOutbox(server.db, { to: trainer.user.email, limit: 1 });
    expect(mail?.subject).toContain('your changes to Rejected Revision were not approved');
    expect(mail?.body).toContain('Links to other sites are not allowed.');
    const audit = auditResponseSchema.parse(
      (await call('/staff/audit/?action=revision.reject', { token: staff.token })).body,
    );
    expect(audit.data.results[0]).toMatchObject({
      reason: 'Links to other sites are not allowed.',
      before: { description: course.description, start_date: course.start_date },
      after: { description: 'Now with a link: https://example.com', start_date: isoDate(12) },
    });
  });

  it('made by a facilitator waits too', async () => {
    const course = await approvedCourse('Facilitated Revision');
    const saved = await edit(course, { title: 'Renamed by a facilitator' }, facilitator.token);
    expect(saved.message).toBe(AUTHORING_MESSAGES.revisionSubmitted);
    expect(saved.data).toMatchObject({ title: 'Facilitated Revision', revision: { status: 'Pending' } });
    expect((await about(course.id)).title).toBe('Facilitated Revision');
    const id = await waitingRevision(course.id);
    const read = staffRevisionResponseSchema.parse(
      (await call(`/staff/revisions/${id}/`, { token: staff.token })).body,
    ).data;
    expect(read.submitted_by.id).toBe(facilitator.user.id);
    // The staff were told.
    const notice = (await server.notifier.list(staff.user.id)).find(
      (item) => item.title === 'Changes to a course wait for approval',
    );
    expect(notice).toMatchObject({ link: '/staff/approvals?kind=revision' });
  });

  it('saves at once what is not a revised detail, and an edit that takes the change back ends the wait', async () => {
    const course = await approvedCourse('Untouched Details');
    const saved = await edit(course, {
      routine: [{ day: 'Monday', start_time: '18:00', end_time: '20:00' }],
    });
    expect(saved.message).toBe(AUTHORING_MESSAGES.courseSaved);
    expect(saved.data.revision).toBeNull();
    expect(saved.data.routine[0]?.day).toBe('Monday');
    await edit(course, { price_halalas: 20_000 });
    await waitingRevision(course.id);
    const back = await edit(course, {});
    expect(back.message).toBe(AUTHORING_MESSAGES.courseSaved);
    expect(back.data.revision).toBeNull();
    const { rows } = await server.db.query('SELECT 1 FROM course_revisions WHERE course_id = $1', [
      course.id,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('a pending course edited is saved as before, with no revision', async () => {
    const course = await approvedCourse('Pending Path');
    await server.db.query("UPDATE courses SET status = 'Pending' WHERE id = $1", [course.id]);
    const saved = await edit(course, { price_halalas: 9_900 });
    expect(saved.message).toBe(AUTHORING_MESSAGES.courseSaved);
    expect(saved.data.price_halalas).toBe(9_900);
  });

  it('answers 404 for an unknown revision, 400 for a bad id or reason', async () => {
    expect((await call('/staff/revisions/999999/', { token: staff.token })).status).toBe(404);
    expect((await call('/staff/revisions/999999/approve/', { token: staff.token, body: {} })).status).toBe(
      404,
    );
    expect((await call('/staff/revisions/abc/', { token: staff.token })).status).toBe(404);
    const course = await approvedCourse('Bad Input');
    await edit(course, { subtitle: 'A new subtitle' });
    const id = await waitingRevision(course.id);
    const tooLong = await call(`/staff/revisions/${id}/reject/`, {
      token: staff.token,
      body: { reason: 'x'.repeat(501) },
    });
    expect(tooLong.status).toBe(400);
    const wrongType = await call(`/staff/revisions/${id}/reject/`, {
      token: staff.token,
      body: { reason: 5 },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.reasonInvalid }] });
    const malformed = await call(`/staff/revisions/${id}/reject/`, { token: staff.token, body: '{' });
    expect(malformed.status).toBe(400);
    // The revision still waits.
    expect(await waitingRevision(course.id)).toBe(id);
  });
});
