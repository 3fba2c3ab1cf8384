import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COVER_WIDTHS } from '@contract/domain/covers';
import { AUTHORING_VALIDATION, type CourseInput } from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  courseRecordSchema,
  courseSavedSchema,
  facilitatorSchema,
  surveyCategoryListSchema,
  trainerCourseListSchema,
} from '@contract/wire/authoring';
import { confirmationSchema } from '@contract/wire/common';
import { courseAboutSchema, courseCardPageSchema } from '@contract/wire/courses';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_AUTHORING_COURSES, SURVEY_CATEGORIES } from '../../server/authoring/course-seed';
import { adminCommand } from '../../server/cli';
import { openPglite } from '../../server/db';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { adminTokenFile, pgliteDir } from '../../server/paths';
import { seed } from '../../server/seed';
import { openSeededPglite } from '../../server/test-database';
import { demoStaffToken, signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { ensureUser, findUserByEmail, type UserRow } from '../../server/users';
import { jpegLike, photo, pngOf } from '../fixtures/images';
import { testClient } from '../support/test-client';

let server: TestServer;
let trainerToken: string;
let trainer: UserRow;
let facilitator: { user: UserRow; token: string };
let foreign: { user: UserRow; token: string };
let trainee: { user: UserRow; token: string };
let preSurvey: number;
let postSurvey: number;

async function trainerAccount(name: string, approved = true) {
  const user = await ensureUser(server.db, {
    email: `${name}@example.com`,
    password: 'Trainer#2026xyz',
    full_name: `${name[0]?.toUpperCase()}${name.slice(1)} Trainer`,
    role: 'TRAINER',
    phone_number: '0501112222',
    govt_id_or_iqama_no: String(1_500_000_000 + name.length * 7 + (approved ? 0 : 1)),
    approved,
  });
  return { user, token: (await server.tokens.issue('access', user)).token };
}

beforeAll(async () => {
  server = await startTestServer();
  const demo = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
  if (!demo) throw new Error('no demo trainer');
  trainer = demo;
  trainerToken = (await server.tokens.issue('access', demo)).token;
  facilitator = await trainerAccount('facilitator');
  foreign = await trainerAccount('foreign');
  trainee = await signedInTrainee(server, 'authoring');
  const categories = surveyCategoryListSchema.parse((await call('/course/survey-category/')).body);
  preSurvey = categories.find((category) => category.stage === 'pre')?.id ?? 0;
  postSurvey = categories.find((category) => category.stage === 'post')?.id ?? 0;
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const { call } = testClient(() => server);

const refusal = (message: string) =>
  expect.objectContaining({
    success: false,
    details: expect.arrayContaining([expect.objectContaining({ message })]),
  });

async function uploadImage(token: string, bytes: Buffer = pngOf(16), name = 'cover.png'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const answer = await call('/upload/', { token, body: form });
  expect(answer.status).toBe(200);
  return String(answer.body.file);
}

async function categoryId(): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    'SELECT id FROM course_categories ORDER BY id LIMIT 1',
  );
  return rows[0]?.id ?? 0;
}

function isoDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function courseInput(overrides: Partial<CourseInput> = {}, token = trainerToken): Promise<CourseInput> {
  return {
    title: 'Spreadsheet Skills',
    title_ar: 'مهارات الجداول الإلكترونية',
    subtitle: 'Formulas, tables and charts.',
    subtitle_ar: 'الصيغ والجداول والرسوم البيانية.',
    description: 'Four weeks of practice with spreadsheets.',
    description_ar: 'أربعة أسابيع من التطبيق على الجداول الإلكترونية.',
    category: await categoryId(),
    cover_image: overrides.cover_image ?? (await uploadImage(token)),
    skill_level: 'Beginner',
    languages: ['Arabic', 'English'],
    captions: ['English'],
    female_only: false,
    price_halalas: 15_000,
    weeks: [
      { syllabus_title: 'Formulas', syllabus_title_ar: 'الصيغ', lectures: 2, quizzes: 1, assignments: 0 },
      { syllabus_title: 'Charts', syllabus_title_ar: 'الرسوم', lectures: 2, quizzes: 0, assignments: 1 },
    ],
    surveys: { pre: preSurvey, post: postSurvey },
    start_date: isoDate(10),
    end_date: isoDate(40),
    routine: [{ day: 'Sunday', start_time: '17:00', end_time: '19:00' }],
    facilitators: [],
    ...overrides,
  };
}

async function createCourse(overrides: Partial<CourseInput> = {}, token = trainerToken) {
  const answer = await call('/course/course-create/', { token, body: await courseInput(overrides, token) });
  expect(answer.status).toBe(201);
  return courseSavedSchema.parse(answer.body);
}

const listOf = async (token: string) =>
  trainerCourseListSchema.parse((await call('/course/course-list-of-a-trainer/', { token })).body).results;

describe('POST /course/course-create/', () => {
  it('stores a valid course as Pending with its cover made public, and answers the record', async () => {
    const saved = await createCourse({ facilitators: [facilitator.user.id] });
    expect(saved.message).toBe(AUTHORING_MESSAGES.courseSubmitted);
    const course = saved.data;
    expect(course).toMatchObject({
      status: 'Pending',
      role: 'trainer',
      title: 'Spreadsheet Skills',
      surveys: { pre: preSurvey, post: postSurvey },
      facilitators: [expect.objectContaining({ id: facilitator.user.id, email: 'facilitator@example.com' })],
      flags: { can_edit: true, can_delete: true, can_add_class: false, can_take_action: false },
      enrolled_count: 0,
    });
    expect(course.cover_image).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}$/);
    expect(course.cover_image_url).toMatch(/^\/api\/v1\/covers\/[0-9a-f-]{36}\.png$/);

    // Anyone may load the cover, as the type it is, never sniffed, cached for long.
    const cover = await call(course.cover_image_url.replace('/api/v1', ''));
    expect(cover.status).toBe(200);
    expect(cover.headers.get('Content-Type')).toBe('image/png');
    expect(cover.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(cover.headers.get('Cache-Control')).toContain('max-age=31536000');
    expect(await sharp(cover.bytes).metadata()).toMatchObject({ format: 'png', width: 16, height: 16 });
    expect((await call('/covers/not-a-cover.png')).status).toBe(404);

    const { rows } = await server.db.query<{
      status: string;
      weeks: unknown;
      surveys: unknown;
      facilitators: unknown;
      price_halalas: number;
    }>('SELECT status, weeks, surveys, facilitators, price_halalas FROM courses WHERE id = $1', [course.id]);
    expect(rows[0]).toMatchObject({
      status: 'Pending',
      price_halalas: 15_000,
      weeks: [
        expect.objectContaining({ week: 1, syllabus_title: 'Formulas', lectures: 2 }),
        expect.objectContaining({ week: 2, syllabus_title: 'Charts', assignments: 1 }),
      ],
      surveys: [
        { stage: 'pre', title: 'Pre-course evaluation', title_ar: 'تقييم ما قبل الدورة' },
        { stage: 'post', title: 'Post-course evaluation', title_ar: 'تقييم ما بعد الدورة' },
      ],
      facilitators: [{ full_name: 'Facilitator Trainer', image: expect.any(String) }],
    });
  });

  it('refuses a course with every broken rule, each at its field', async () => {
    const input = await courseInput({
      title: '',
      weeks: [{ syllabus_title: '', syllabus_title_ar: '', lectures: 51, quizzes: 0, assignments: 0 }],
      start_date: isoDate(20),
      end_date: isoDate(10),
      routine: [{ day: 'Sunday', start_time: '19:00', end_time: '18:00' }],
      languages: [],
    });
    const answer = await call('/course/course-create/', { token: trainerToken, body: input });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'title', message: AUTHORING_VALIDATION.titleRequired },
        { field: 'weeks.0.syllabus_title', message: AUTHORING_VALIDATION.weekTitleRequired },
        { field: 'weeks.0.lectures', message: AUTHORING_VALIDATION.countInvalid },
        { field: 'end_date', message: AUTHORING_VALIDATION.endBeforeStart },
        { field: 'routine.0.end_time', message: AUTHORING_VALIDATION.endTimeBeforeStart },
        { field: 'languages', message: AUTHORING_VALIDATION.languagesRequired },
      ]),
    );
  });

  it('says which field is of the wrong type in the wizard’s words', async () => {
    const answer = await call('/course/course-create/', {
      token: trainerToken,
      body: { ...(await courseInput()), price_halalas: 'free', category: null },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'price_halalas', message: AUTHORING_VALIDATION.priceInvalid },
        { field: 'category', message: AUTHORING_VALIDATION.categoryRequired },
      ]),
    );
    const notAnObject = await call('/course/course-create/', { token: trainerToken, body: [1] });
    expect(notAnObject.status).toBe(400);
  });

  it('refuses names that do not exist: category, surveys of the wrong stage', async () => {
    const answer = await call('/course/course-create/', {
      token: trainerToken,
      body: await courseInput({ category: 999_999, surveys: { pre: postSurvey, post: 999_999 } }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'category', message: AUTHORING_VALIDATION.categoryRequired },
      { field: 'surveys.pre', message: AUTHORING_VALIDATION.surveyInvalid },
      { field: 'surveys.post', message: AUTHORING_VALIDATION.surveyInvalid },
    ]);
  });

  it('refuses a facilitator who is a trainee, an unapproved trainer, or the creator', async () => {
    const waiting = await trainerAccount('waiting', false);
    for (const id of [trainee.user.id, waiting.user.id, trainer.id]) {
      const answer = await call('/course/course-create/', {
        token: trainerToken,
        body: await courseInput({ facilitators: [id] }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.details).toEqual([
        { field: 'facilitators.0', message: AUTHORING_VALIDATION.facilitatorInvalid },
      ]);
    }
  });

  it('takes as cover only a PNG or JPEG the trainer uploaded', async () => {
    const foreignCover = await uploadImage(foreign.token);
    const pdfForm = new FormData();
    pdfForm.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'notes.pdf');
    const pdf = String((await call('/upload/', { token: trainerToken, body: pdfForm })).body.file);
    for (const cover_image of [
      foreignCover,
      pdf,
      '/media/covers/business.svg',
      'https://example.com/x.png',
    ]) {
      const answer = await call('/course/course-create/', {
        token: trainerToken,
        body: await courseInput({ cover_image }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(refusal(AUTHORING_VALIDATION.coverType));
      expect(answer.body.details).toEqual([
        { field: 'cover_image', message: AUTHORING_VALIDATION.coverType },
      ]);
    }
    // Bytes that only start and end as a JPEG does are no picture.
    const fake = await call('/course/course-create/', {
      token: trainerToken,
      body: await courseInput({ cover_image: await uploadImage(trainerToken, jpegLike(), 'c.jpg') }),
    });
    expect(fake.status).toBe(400);
    expect(fake.body.details).toEqual([{ field: 'cover_image', message: AUTHORING_VALIDATION.coverType }]);
    const jpeg = await createCourse({
      cover_image: await uploadImage(trainerToken, await photo(64, 48), 'c.jpg'),
    });
    expect(jpeg.data.cover_image_url).toMatch(/\.jpg$/);
    expect((await call(jpeg.data.cover_image_url.replace('/api/v1', ''))).headers.get('Content-Type')).toBe(
      'image/jpeg',
    );
  });

  it('is for trainers only', async () => {
    const body = await courseInput();
    expect((await call('/course/course-create/', { body })).status).toBe(401);
    const asTrainee = await call('/course/course-create/', { token: trainee.token, body });
    expect(asTrainee.status).toBe(403);
    expect(asTrainee.body).toEqual(refusal(SERVER_MESSAGES.trainersOnly));
  });
});

describe('GET /covers/{name}: the copies a cover is served in', () => {
  // A trainer of its own: course creation is limited per account and hour.
  let photographer: { token: string };
  beforeAll(async () => {
    photographer = await trainerAccount('photographer');
  });

  async function coverOf(bytes: Buffer, name = 'photo.jpg'): Promise<string> {
    const { token } = photographer;
    const saved = await createCourse({ cover_image: await uploadImage(token, bytes, name) }, token);
    return saved.data.cover_image_url.replace('/api/v1', '');
  }

  it('stores a phone photo upright, at most 1920 wide, without its metadata', async () => {
    // 3000 × 2000 as stored, to be turned a quarter (EXIF orientation 6): upright 2000 × 3000.
    const address = await coverOf(await photo(3000, 2000, { orientation: 6 }));
    const stored = await sharp((await call(address)).bytes).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 1920, height: 2880 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it('answers ?w= in AVIF or WebP as the browser accepts, never wider than asked or than the cover', async () => {
    const address = await coverOf(await photo(1200, 800));
    const name = address.slice('/covers/'.length, -'.jpg'.length);
    // Every copy is made after the course is saved, and kept beside the cover.
    await vi.waitFor(
      async () => {
        const kept = await readdir(join(server.uploadsDir, 'covers'));
        for (const width of COVER_WIDTHS)
          for (const format of ['avif', 'webp']) expect(kept).toContain(`${name}-${width}.${format}`);
      },
      { timeout: 20_000, interval: 100 },
    );
    const chrome = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
    const cases = [
      [480, chrome, 'image/avif', 480],
      [960, 'image/webp,*/*', 'image/webp', 960],
      [960, 'image/avif;q=0, image/webp', 'image/webp', 960],
      [1440, chrome, 'image/avif', 1200],
      [480, 'image/png,image/*;q=0.8', 'image/jpeg', 1200],
    ] as const;
    for (const [width, accept, type, drawn] of cases) {
      const copy = await call(`${address}?w=${width}`, { accept });
      expect(copy.status).toBe(200);
      expect(copy.headers.get('Content-Type')).toBe(type);
      expect(copy.headers.get('Vary')).toContain('Accept');
      expect(copy.headers.get('Cache-Control')).toContain('immutable');
      expect((await sharp(copy.bytes).metadata()).width).toBe(drawn);
    }
    // The cover itself, asked for without ?w=, is the same whatever the browser accepts.
    const plain = await call(address, { accept: chrome });
    expect(plain.headers.get('Content-Type')).toBe('image/jpeg');
    expect(plain.headers.get('Vary') ?? '').not.toContain('Accept');
  });

  it('makes a copy asked for before it is ready, once', async () => {
    const address = await coverOf(await photo(900, 600));
    const asked = await Promise.all([1, 2, 3].map(() => call(`${address}?w=480`, { accept: 'image/webp' })));
    for (const copy of asked) {
      expect(copy.headers.get('Content-Type')).toBe('image/webp');
      expect(copy.bytes.equals(asked[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it('refuses a width it does not prepare, and an unknown cover', async () => {
    const address = await coverOf(await photo(320, 200));
    for (const width of ['500', '0', 'abc', '480.0', '١٤٤٠']) {
      const answer = await call(`${address}?w=${encodeURIComponent(width)}`);
      expect(answer.status).toBe(400);
      expect(answer.body.details).toEqual([{ field: 'w', message: SERVER_MESSAGES.coverWidthInvalid }]);
    }
    const unknown = await call('/covers/00000000-0000-4000-8000-000000000000.jpg?w=480', {
      accept: 'image/avif',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('My courses', () => {
  it('lists the demo trainer’s seeded courses in every status, the not approved ones with their reason', async () => {
    const courses = await listOf(trainerToken);
    const statuses = new Set(courses.map((course) => course.status));
    expect(statuses).toContain('Pending');
    expect(statuses).toContain('Rejected');
    const rejected = courses.find((course) => course.title === DEMO_AUTHORING_COURSES.rejected.title);
    expect(rejected).toMatchObject({
      status: 'Rejected',
      rejection_reason: DEMO_AUTHORING_COURSES.rejected.reason,
      role: 'trainer',
      flags: { can_edit: true, can_delete: true, can_add_class: false, can_take_action: false },
    });
    // Newest first.
    const { rows } = await server.db.query<{ id: number }>(
      `SELECT id FROM courses WHERE created_by = $1 AND status <> 'Deleted' ORDER BY created_at DESC, id DESC`,
      [trainer.id],
    );
    expect(courses.slice(0, 3).map((course) => course.id)).toEqual(rows.slice(0, 3).map((row) => row.id));
  });

  it('says ONGOING, Approved (not started) and Completed by the dates, with the flags that follow', async () => {
    const ongoing = (await createCourse({ start_date: isoDate(-5), end_date: isoDate(20) })).data.id;
    const upcoming = (await createCourse()).data.id;
    const ended = (await createCourse({ start_date: isoDate(-40), end_date: isoDate(-2) })).data.id;
    await server.db.query("UPDATE courses SET status = 'Approved' WHERE id = ANY($1::int[])", [
      [ongoing, upcoming, ended],
    ]);
    const courses = await listOf(trainerToken);
    const byId = (id: number) => courses.find((course) => course.id === id);
    expect(byId(ongoing)).toMatchObject({
      status: 'ONGOING',
      flags: { can_edit: true, can_delete: true, can_add_class: true, can_take_action: true },
    });
    expect(byId(upcoming)).toMatchObject({ status: 'Approved', flags: { can_add_class: true } });
    expect(byId(ended)).toMatchObject({
      status: 'Completed',
      flags: { can_edit: false, can_delete: true, can_add_class: false, can_take_action: false },
    });
    const edit = await call(`/course/course-create/${ended}/`, {
      token: trainerToken,
      method: 'PUT',
      body: await courseInput({ start_date: isoDate(-40), end_date: isoDate(-2) }),
    });
    expect(edit.status).toBe(409);
    expect(edit.body).toEqual(refusal(AUTHORING_MESSAGES.courseCompleted));
  });

  it('shows a facilitator the courses they help with, without delete', async () => {
    const course = (await createCourse({ facilitators: [facilitator.user.id] })).data;
    const mine = await listOf(facilitator.token);
    expect(mine.find((item) => item.id === course.id)).toMatchObject({
      role: 'facilitator',
      flags: { can_delete: false, can_edit: true },
    });
    expect((await listOf(foreign.token)).some((item) => item.id === course.id)).toBe(false);
  });
});

describe('GET, PUT and DELETE /course/course-create/{id}/', () => {
  it('lets the trainer and a facilitator read it; others are refused; unknown is 404', async () => {
    const course = (await createCourse({ facilitators: [facilitator.user.id] })).data;
    const path = `/course/course-create/${course.id}/`;
    const own = courseRecordSchema.parse((await call(path, { token: trainerToken })).body);
    expect(own).toEqual(course);
    const asFacilitator = courseRecordSchema.parse((await call(path, { token: facilitator.token })).body);
    expect(asFacilitator.role).toBe('facilitator');
    const asForeign = await call(path, { token: foreign.token });
    expect(asForeign.status).toBe(403);
    expect(asForeign.body).toEqual(refusal(AUTHORING_MESSAGES.notYourCourse));
    expect((await call(path, { token: trainee.token })).status).toBe(403);
    expect((await call('/course/course-create/999999/', { token: trainerToken })).status).toBe(404);
  });

  it('saves an edit, keeping the cover when its address comes back', async () => {
    const course = (await createCourse()).data;
    const input = await courseInput({ cover_image: course.cover_image, title: 'Spreadsheet Skills II' });
    const saved = await call(`/course/course-create/${course.id}/`, {
      token: trainerToken,
      method: 'PUT',
      body: input,
    });
    expect(saved.status).toBe(200);
    const record = courseSavedSchema.parse(saved.body);
    expect(record.message).toBe(AUTHORING_MESSAGES.courseSaved);
    expect(record.data).toMatchObject({
      title: 'Spreadsheet Skills II',
      status: 'Pending',
      cover_image: course.cover_image,
      cover_image_url: course.cover_image_url,
    });
  });

  it('lets a facilitator edit but not change the facilitators nor delete', async () => {
    const course = (await createCourse({ facilitators: [facilitator.user.id] })).data;
    const path = `/course/course-create/${course.id}/`;
    const edit = await call(path, {
      token: facilitator.token,
      method: 'PUT',
      body: await courseInput({
        cover_image: course.cover_image,
        title: 'Edited by a facilitator',
        facilitators: [],
      }),
    });
    expect(edit.status).toBe(200);
    const record = courseSavedSchema.parse(edit.body).data;
    expect(record.title).toBe('Edited by a facilitator');
    expect(record.facilitators.map((person) => person.id)).toEqual([facilitator.user.id]);

    const deleting = await call(path, { token: facilitator.token, method: 'DELETE' });
    expect(deleting.status).toBe(403);
    expect(deleting.body).toEqual(refusal(AUTHORING_MESSAGES.onlyOwnerDeletes));
    const foreignEdit = await call(path, { token: foreign.token, method: 'PUT', body: await courseInput() });
    expect(foreignEdit.status).toBe(403);
  });

  it('deletes a course without trainees, and refuses one with trainees enrolled', async () => {
    const empty = (await createCourse()).data;
    const deleted = await call(`/course/course-create/${empty.id}/`, {
      token: trainerToken,
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect(confirmationSchema.parse(deleted.body)).toEqual({
      success: true,
      message: AUTHORING_MESSAGES.courseDeleted,
    });
    expect((await call(`/course/course-create/${empty.id}/`, { token: trainerToken })).status).toBe(404);
    expect((await listOf(trainerToken)).some((course) => course.id === empty.id)).toBe(false);
    const { rows } = await server.db.query<{ status: string; deleted_at: Date | null }>(
      'SELECT status, deleted_at FROM courses WHERE id = $1',
      [empty.id],
    );
    expect(rows[0]?.status).toBe('Deleted');
    expect(rows[0]?.deleted_at).not.toBeNull();

    const taught = (await createCourse()).data;
    await server.db.query("UPDATE courses SET status = 'Approved' WHERE id = $1", [taught.id]);
    await server.db.query("INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')", [
      trainee.user.id,
      taught.id,
    ]);
    const listed = (await listOf(trainerToken)).find((course) => course.id === taught.id);
    expect(listed).toMatchObject({ enrolled_count: 1, flags: { can_delete: false } });
    const refused = await call(`/course/course-create/${taught.id}/`, {
      token: trainerToken,
      method: 'DELETE',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(refusal(AUTHORING_MESSAGES.courseHasTrainees));
  });
});

describe('the approval lifecycle', () => {
  it('rejected with a reason → edited → Pending → approved: surveys added, people told, public', async () => {
    const course = (await createCourse({ facilitators: [facilitator.user.id] })).data;
    const about = `/course/about/${course.id}/`;
    expect((await call(about)).status).toBe(404);
    const search = courseCardPageSchema.parse(
      (await call(`/course/search-result/?search=${encodeURIComponent(course.title)}`)).body,
    );
    expect(search.results.some((card) => card.id === course.id)).toBe(false);

    // The reason is 1 to 500 characters.
    for (const reason of ['  ', 'x'.repeat(501)]) {
      const bad = await call('/admin/reject-course/', {
        admin: true,
        body: { course_id: course.id, reason },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual(refusal(AUTHORING_MESSAGES.rejectReasonInvalid));
    }
    const rejected = await call('/admin/reject-course/', {
      admin: true,
      body: { course_id: course.id, reason: 'Add the labs to the weekly plan.' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ data: { status: 'Rejected', notified: 2 } });
    for (const person of [trainer.id, facilitator.user.id]) {
      const notices = await server.notifier.list(person);
      expect(notices[0]).toMatchObject({
        title: 'Your course was not approved',
        link: `/edit-course/${course.id}`,
        text: expect.stringContaining('Add the labs to the weekly plan.'),
        text_ar: expect.stringContaining('Add the labs to the weekly plan.'),
      });
    }
    const record = courseRecordSchema.parse(
      (await call(`/course/course-create/${course.id}/`, { token: trainerToken })).body,
    );
    expect(record).toMatchObject({
      status: 'Rejected',
      rejection_reason: 'Add the labs to the weekly plan.',
    });
    for (const course_id of [999_999, 'abc']) {
      expect((await call('/admin/approve-course/', { admin: true, body: { course_id } })).status).toBe(404);
    }
    // Only a Pending course is decided.
    const again = await call('/admin/approve-course/', { admin: true, body: { course_id: course.id } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refusal(AUTHORING_MESSAGES.courseNotPending));

    const edited = await call(`/course/course-create/${course.id}/`, {
      token: trainerToken,
      method: 'PUT',
      body: await courseInput({ cover_image: course.cover_image, facilitators: [facilitator.user.id] }),
    });
    expect(courseSavedSchema.parse(edited.body).data).toMatchObject({
      status: 'Pending',
      rejection_reason: null,
    });

    const { rows: versions } = await server.db.query<{ version: string }>(
      'SELECT version FROM catalogue_version',
    );
    const approved = await call('/admin/approve-course/', { admin: true, body: { course_id: course.id } });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ data: { status: 'Approved', notified: 2 } });
    const { rows: after } = await server.db.query<{ version: string }>(
      'SELECT version FROM catalogue_version',
    );
    expect(Number(after[0]?.version)).toBeGreaterThan(Number(versions[0]?.version));

    const { rows: lectures } = await server.db.query<{
      week: number;
      position: number;
      class_type: string;
      title: string;
      stage: string;
      questions: number;
    }>(
      `SELECT l.week, l.position, l.class_type, l.title, s.stage,
         (SELECT count(*)::int FROM questions q WHERE q.lecture_id = l.id) AS questions
       FROM lectures l JOIN surveys s ON s.lecture_id = l.id WHERE l.course_id = $1 ORDER BY l.week`,
      [course.id],
    );
    const pre = SURVEY_CATEGORIES.find((category) => category.stage === 'pre');
    const post = SURVEY_CATEGORIES.find((category) => category.stage === 'post');
    expect(lectures).toEqual([
      {
        week: 1,
        position: 1,
        class_type: 'Survey',
        title: pre?.name,
        stage: 'pre',
        questions: pre?.questions.length,
      },
      {
        week: 2,
        position: 1,
        class_type: 'Survey',
        title: post?.name,
        stage: 'post',
        questions: post?.questions.length,
      },
    ]);
    const notice = (await server.notifier.list(trainer.id))[0];
    expect(notice).toMatchObject({ title: 'Your course is approved', link: `/manage-courses/${course.id}` });

    const page = courseAboutSchema.parse((await call(about)).body);
    expect(page).toMatchObject({ id: course.id, status: 'Approved' });
    const found = courseCardPageSchema.parse(
      (await call(`/course/search-result/?search=${encodeURIComponent(course.title)}`)).body,
    );
    expect(found.results.some((card) => card.id === course.id)).toBe(true);
    const listed = (await listOf(trainerToken)).find((item) => item.id === course.id);
    expect(listed).toMatchObject({ status: 'Approved', lecture_count: 2, flags: { can_add_class: true } });

    // An approved course edited stays approved.
    const kept = await call(`/course/course-create/${course.id}/`, {
      token: trainerToken,
      method: 'PUT',
      body: await courseInput({ cover_image: course.cover_image, facilitators: [facilitator.user.id] }),
    });
    expect(courseSavedSchema.parse(kept.body).data.status).toBe('Approved');
  });

  it('refuses checkout of a course that is not approved', async () => {
    const course = (await createCourse()).data;
    expect((await call(`/checkout/quote/${course.id}/`, { token: trainee.token })).status).toBe(404);
  });

  it('decides through npm run admin while the server runs', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kfu-course-admin-'));
    try {
      await writeFile(adminTokenFile(dataDir), `${server.adminToken}\n`);
      const env = { DATA_DIR: dataDir, KFU_STAFF_TOKEN: server.staffToken };
      const toReject = (await createCourse()).data;
      const toApprove = (await createCourse()).data;
      const noReason = await adminCommand(['reject-course', String(toReject.id), '--url', server.url], {
        env,
      });
      expect(noReason.code).toBe(2);
      expect(noReason.err.join('\n')).toContain(AUTHORING_MESSAGES.rejectReasonInvalid);
      expect((await adminCommand(['approve-course', 'abc', '--url', server.url], { env })).code).toBe(2);

      const rejected = await adminCommand(
        ['reject-course', String(toReject.id), '--reason', 'Needs a clearer plan', '--url', server.url],
        { env },
      );
      expect(rejected.err).toEqual([]);
      expect(rejected.out.join('\n')).toContain('Needs a clearer plan');
      const approved = await adminCommand(['approve-course', String(toApprove.id), '--url', server.url], {
        env,
      });
      expect(approved.code).toBe(0);
      expect(approved.out.join('\n')).toContain(`through the server at ${server.url}`);
      const again = await adminCommand(['approve-course', String(toApprove.id), '--url', server.url], {
        env,
      });
      expect(again.code).toBe(1);
      expect(again.err.join('\n')).toContain(AUTHORING_MESSAGES.courseNotPending);
      const statuses = await listOf(trainerToken);
      expect(statuses.find((course) => course.id === toReject.id)?.status).toBe('Rejected');
      expect(statuses.find((course) => course.id === toApprove.id)?.status).toBe('Approved');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('decides on the database of the data folder when no server runs', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kfu-course-offline-'));
    try {
      let db = await openSeededPglite(pgliteDir(dataDir));
      let pendingId: number;
      let staffToken: string;
      try {
        staffToken = await demoStaffToken(db);
        const { rows } = await db.query<{ id: number }>('SELECT id FROM courses WHERE slug = $1', [
          DEMO_AUTHORING_COURSES.pending.slug,
        ]);
        pendingId = rows[0]?.id ?? 0;
      } finally {
        await db.close();
      }
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const address = probe.address();
          probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
        });
      });
      const result = await adminCommand(
        ['approve-course', String(pendingId), '--url', `http://127.0.0.1:${port}`],
        {
          env: { DATA_DIR: dataDir, KFU_STAFF_TOKEN: staffToken },
        },
      );
      expect(result.err).toEqual([]);
      expect(result.out.join('\n')).toContain(`in the database of ${dataDir}`);
      db = await openPglite(pgliteDir(dataDir));
      try {
        const { rows } = await db.query<{ status: string; surveys: number; notices: number }>(
          `SELECT c.status, (SELECT count(*)::int FROM lectures l WHERE l.course_id = c.id AND l.class_type = 'Survey') AS surveys,
             (SELECT count(*)::int FROM notifications n WHERE n.user_id = c.created_by AND n.link = '/manage-courses/' || c.id) AS notices
           FROM courses c WHERE c.id = $1`,
          [pendingId],
        );
        expect(rows[0]).toEqual({ status: 'Approved', surveys: 1, notices: 1 });
      } finally {
        await db.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('GET /course/survey-category/ and the facilitator search', () => {
  it('lists the evaluation surveys to anyone, pre-course first', async () => {
    const answer = await call('/course/survey-category/');
    expect(answer.status).toBe(200);
    const categories = surveyCategoryListSchema.parse(answer.body);
    expect(categories.map((category) => [category.stage, category.name, category.name_ar])).toEqual(
      SURVEY_CATEGORIES.map((category) => [category.stage, category.name, category.name_ar]),
    );
    for (const category of categories) expect(category.question_count).toBeGreaterThanOrEqual(4);
    // Seeding again changes nothing.
    await seed(server.db);
    expect(surveyCategoryListSchema.parse((await call('/course/survey-category/')).body)).toEqual(categories);
  });

  it('finds an approved trainer by the exact address, case and spaces aside', async () => {
    const found = await call(
      `/authoring/facilitators/?email=${encodeURIComponent('  FACILITATOR@example.com ')}`,
      {
        token: trainerToken,
      },
    );
    expect(found.status).toBe(200);
    expect(facilitatorSchema.parse(found.body)).toMatchObject({
      id: facilitator.user.id,
      email: 'facilitator@example.com',
    });
    const misses = [
      'facilitator@example',
      DEMO_ACCOUNTS.trainer.email,
      trainee.user.email,
      'waiting@example.com',
      '',
    ];
    await trainerAccount('waiting', false);
    for (const email of misses) {
      const answer = await call(`/authoring/facilitators/?email=${encodeURIComponent(email)}`, {
        token: trainerToken,
      });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(refusal(AUTHORING_MESSAGES.facilitatorNotFound));
    }
    expect(
      (await call('/authoring/facilitators/?email=x@example.com', { token: trainee.token })).status,
    ).toBe(403);
    expect((await call('/authoring/facilitators/?email=x@example.com')).status).toBe(401);
  });
});
