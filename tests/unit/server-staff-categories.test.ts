import { STAFF_MESSAGES } from '@contract/messages/staff';
import { categoryListSchema } from '@contract/wire/courses';
import { auditResponseSchema } from '@contract/wire/staff';
import { type StaffCategory, staffCategoriesResponseSchema } from '@contract/wire/staff-categories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceProblems } from '../../server/authoring/course-queries';
import { signedInStaff, startTestServer, type TestServer } from '../../server/testing';
import { testClient } from '../support/test-client';

let server: TestServer;
let staff: string;

beforeAll(async () => {
  server = await startTestServer();
  staff = (await signedInStaff(server, 'categories')).token;
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const { call } = testClient(() => server);

async function send(path: string, init: { method?: string; body?: unknown } = {}) {
  return call(`/staff/categories/${path}`, { token: staff, ...init });
}

async function list(): Promise<StaffCategory[]> {
  const answer = await send('');
  expect(answer.status).toBe(200);
  return staffCategoriesResponseSchema.parse(answer.body).data;
}

async function publicList() {
  return categoryListSchema.parse((await call('/course/category/')).body);
}

const refusal = (message: string, field?: string) => ({
  success: false,
  details: [field ? { field, message } : { message }],
});

async function created(name: string, name_ar: string): Promise<StaffCategory> {
  const answer = await send('', { body: { name, name_ar } });
  expect(answer.status).toBe(201);
  const made = staffCategoriesResponseSchema
    .parse(answer.body)
    .data.find((category) => category.name === name);
  if (!made) throw new Error(`${name} was not made`);
  return made;
}

async function auditActions(id: number): Promise<string[]> {
  const answer = await call('/staff/audit/?limit=100', { token: staff });
  return auditResponseSchema
    .parse(answer.body)
    .data.results.filter((entry) => entry.subject.kind === 'category' && entry.subject.id === String(id))
    .map((entry) => entry.action)
    .reverse();
}

describe('the staff’s course categories', () => {
  it('lists every category in order, with how many courses each holds', async () => {
    const categories = await list();
    expect(categories.length).toBeGreaterThan(3);
    expect(categories.map((category) => category.position)).toEqual(categories.map((_, index) => index + 1));
    expect(categories.some((category) => category.courses > 0)).toBe(true);
    expect((await publicList()).map((category) => category.id)).toEqual(
      categories.map((category) => category.id),
    );
  });

  it('adds one at the end, refusing a blank, a long or a taken name at its field', async () => {
    const blank = await send('', { body: { name: ' ', name_ar: 'الأمن' } });
    expect(blank).toEqual({ status: 400, body: refusal(STAFF_MESSAGES.categoryNameRequired, 'name') });
    const noArabic = await send('', { body: { name: 'Security', name_ar: '' } });
    expect(noArabic).toEqual({
      status: 400,
      body: refusal(STAFF_MESSAGES.categoryNameArRequired, 'name_ar'),
    });
    const long = await send('', { body: { name: 'x'.repeat(61), name_ar: 'الأمن' } });
    expect(long).toEqual({ status: 400, body: refusal(STAFF_MESSAGES.categoryNameMax, 'name') });
    const [first] = await list();
    const taken = await send('', { body: { name: ` ${first?.name.toUpperCase()} `, name_ar: 'اسم جديد' } });
    expect(taken).toEqual({ status: 409, body: refusal(STAFF_MESSAGES.categoryNameTaken, 'name') });

    const made = await created('Cyber Security', 'الأمن السيبراني');
    const after = await list();
    expect(after.at(-1)).toEqual({ ...made, position: after.length, hidden: false, courses: 0 });
    expect((await publicList()).at(-1)).toEqual({
      id: made.id,
      name: 'Cyber Security',
      name_ar: 'الأمن السيبراني',
    });
    expect(await auditActions(made.id)).toEqual(['category.create']);
  });

  it('renames in both languages, and not to another category’s name', async () => {
    const made = await created('Robotics', 'الروبوتات');
    const renamed = await send(`${made.id}/`, {
      method: 'PATCH',
      body: { name: 'Robotics and Automation', name_ar: 'الروبوتات والأتمتة' },
    });
    expect(renamed.status).toBe(200);
    expect(staffCategoriesResponseSchema.parse(renamed.body)).toMatchObject({
      message: STAFF_MESSAGES.categoryRenamed,
    });
    expect((await list()).find((category) => category.id === made.id)?.name_ar).toBe('الروبوتات والأتمتة');
    const [first] = await list();
    const taken = await send(`${made.id}/`, {
      method: 'PATCH',
      body: { name: 'Other', name_ar: first?.name_ar },
    });
    expect(taken).toEqual({ status: 409, body: refusal(STAFF_MESSAGES.categoryNameTaken, 'name_ar') });
    expect((await send('999999/', { method: 'PATCH', body: { name: 'A', name_ar: 'أ' } })).status).toBe(404);
    expect(await auditActions(made.id)).toEqual(['category.create', 'category.rename']);
  });

  it('moves one place up or down, the catalogue following, and stays put at either end', async () => {
    const before = await list();
    const last = before.at(-1) as StaffCategory;
    const up = await send(`${last.id}/move/`, { body: { direction: 'up' } });
    expect(up.status).toBe(200);
    const moved = staffCategoriesResponseSchema.parse(up.body).data;
    expect(moved.at(-2)?.id).toBe(last.id);
    expect(moved.at(-1)?.id).toBe(before.at(-2)?.id);
    expect((await publicList()).at(-2)?.id).toBe(last.id);
    const first = moved[0] as StaffCategory;
    const stays = await send(`${first.id}/move/`, { body: { direction: 'up' } });
    expect(staffCategoriesResponseSchema.parse(stays.body).data.map((category) => category.id)).toEqual(
      moved.map((category) => category.id),
    );
    const sideways = await send(`${first.id}/move/`, { body: { direction: 'left' } });
    expect(sideways).toEqual({ status: 400, body: refusal(STAFF_MESSAGES.categoryMoveInvalid) });
  });

  it('hides one from the catalogue and from new courses, keeps it for the courses it holds, and shows it again', async () => {
    const holding = (await list()).find((category) => category.courses > 0) as StaffCategory;
    const hidden = await send(`${holding.id}/hide/`, { body: {} });
    expect(staffCategoriesResponseSchema.parse(hidden.body)).toMatchObject({
      message: STAFF_MESSAGES.categoryHidden,
    });
    expect((await list()).find((category) => category.id === holding.id)?.hidden).toBe(true);
    expect((await publicList()).some((category) => category.id === holding.id)).toBe(false);
    // A course may not choose it, but one already in it keeps it.
    const { rows } = await server.db.query<{ id: number; created_by: number }>(
      'SELECT id, created_by FROM courses WHERE category_id = $1 LIMIT 1',
      [holding.id],
    );
    const course = rows[0] as { id: number; created_by: number };
    const input = { category: holding.id, surveys: { pre: null, post: null }, facilitators: [] };
    const fresh = await referenceProblems(server.db, input as never, course.created_by);
    expect(fresh.problems.map((problem) => problem.field)).toContain('category');
    const kept = await referenceProblems(server.db, input as never, course.created_by, course.id);
    expect(kept.problems).toEqual([]);

    await send(`${holding.id}/show/`, { body: {} });
    expect((await publicList()).some((category) => category.id === holding.id)).toBe(true);
    expect((await auditActions(holding.id)).slice(-2)).toEqual(['category.hide', 'category.show']);
  });

  it('deletes only an empty category, saying why it refuses one that holds courses', async () => {
    const holding = (await list()).find((category) => category.courses > 0) as StaffCategory;
    const refused = await send(`${holding.id}/`, { method: 'DELETE' });
    expect(refused).toEqual({ status: 409, body: refusal(STAFF_MESSAGES.categoryHoldsCourses) });
    expect((await list()).some((category) => category.id === holding.id)).toBe(true);

    const empty = await created('Temporary', 'مؤقت');
    const deleted = await send(`${empty.id}/`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(
      staffCategoriesResponseSchema.parse(deleted.body).data.some((category) => category.id === empty.id),
    ).toBe(false);
    expect(await auditActions(empty.id)).toEqual(['category.create', 'category.delete']);
  });
});
