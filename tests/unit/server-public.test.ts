import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { vatOf } from '@contract/domain/money';
import { PUBLIC_VALIDATION } from '@contract/forms/public';
import { PUBLIC_MESSAGES } from '@contract/messages/public';
import { courseAboutSchema, courseCardPageSchema } from '@contract/wire/courses';
import { eventDetailsSchema, eventPageSchema } from '@contract/wire/events';
import { issuePageSchema, issueSchema } from '@contract/wire/issues';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { randomTokenSecret } from '../../server/auth/secret';
import { startSession } from '../../server/auth/sessions';
import type { TokenService } from '../../server/auth/tokens';
import { type Db, openPostgres } from '../../server/db';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import type { AppEnv } from '../../server/http';
import { migrate } from '../../server/migrate';
import { generatedCoursesFromEnv, seed } from '../../server/seed';
import { CATEGORIES, CMS_BLOCKS } from '../../server/seed-content';
import { openTestDatabase, type TestDatabase } from '../../server/test-database';
import { ensureUser, findUserByEmail } from '../../server/users';

let db: Db;
let database: TestDatabase;
let app: Hono<AppEnv>;
let tokens: TokenService;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await migrate(db);
  await seed(db, { generatedCourses: 0 });
  const built = buildApp({ db, secret: randomTokenSecret() });
  app = built.app;
  tokens = built.tokens;
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

const API = '/api/v1';

async function getJson(path: string, token?: string) {
  const response = await app.request(`${API}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function postJson(path: string, body: unknown, token?: string) {
  const response = await app.request(`${API}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function tokenFor(email: string): Promise<string> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No user ${email}`);
  return (await startSession(db, tokens, user)).access_token;
}

async function catalogue(path: string) {
  const { status, body } = await getJson(path);
  expect(status).toBe(200);
  return courseCardPageSchema.parse(body);
}

async function courseIdBySlug(slug: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM courses WHERE slug = $1', [slug]);
  if (!rows[0]) throw new Error(`No course ${slug}`);
  return rows[0].id;
}

describe('seed', () => {
  it('is idempotent and seeds a bilingual catalogue', async () => {
    const count = async (table: string) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;
    const before = [await count('courses'), await count('events'), await count('course_categories')];
    await seed(db, { generatedCourses: 0 });
    expect([await count('courses'), await count('events'), await count('course_categories')]).toEqual(before);
    expect(before[0]).toBeGreaterThanOrEqual(40);
    expect(before[1]).toBeGreaterThanOrEqual(6);
    expect(before[2]).toBeGreaterThanOrEqual(8);
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM courses WHERE title_ar !~ '[\u0600-\u06FF]' OR description_ar !~ '[\u0600-\u06FF]'",
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('reads SEED_COURSES for generated courses', () => {
    expect(generatedCoursesFromEnv({ SEED_COURSES: '10000' })).toBe(10000);
    expect(generatedCoursesFromEnv({ SEED_COURSES: 'many' })).toBe(0);
    expect(generatedCoursesFromEnv({})).toBe(0);
  });
});

describe('CMS blocks', () => {
  it.each(Object.keys(CMS_BLOCKS))('serves /cms/%s/', async (key) => {
    const { status, body } = await getJson(`/cms/${key}/`);
    expect(status).toBe(200);
    expect(body).toEqual(CMS_BLOCKS[key as keyof typeof CMS_BLOCKS]);
  });

  it('accepts a contact message and refuses an incomplete one with every field message', async () => {
    const sent = await postJson('/cms/get-in-touch/', {
      full_name: 'Mohammed Al-Harbi',
      email: 'm@example.com',
      subject: 'Certificates',
      description: 'Where is my certificate?',
    });
    expect(sent).toEqual({ status: 201, body: { success: true, message: PUBLIC_MESSAGES.contactSent } });
    const refused = await postJson('/cms/get-in-touch/', { full_name: ' ', email: 'nope', subject: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { field: 'full_name', message: PUBLIC_VALIDATION.fullNameRequired },
      { field: 'email', message: PUBLIC_VALIDATION.emailInvalid },
      { field: 'subject', message: PUBLIC_VALIDATION.subjectRequired },
      { field: 'description', message: PUBLIC_VALIDATION.descriptionRequired },
    ]);
  });

  it('accepts a course request', async () => {
    const sent = await postJson('/cms/request-course/', {
      full_name: 'Layla Al-Zahrani',
      email: 'layla@example.com',
      description: 'Arabic calligraphy, please.',
    });
    expect(sent.body).toEqual({ success: true, message: PUBLIC_MESSAGES.courseRequested });
  });
});

describe('catalogue', () => {
  it('pages approved courses, 25 by default and at most 100', async () => {
    const first = await catalogue('/course/browse-course-list/');
    expect(first).toMatchObject({ page: 1, limit: 25 });
    expect(first.results).toHaveLength(25);
    expect(first.results.every((course) => course.status === 'Approved')).toBe(true);
    const second = await catalogue('/course/browse-course-list/?page=2&limit=25');
    expect(second.results).toHaveLength(first.count - 25);
    const ids = new Set([...first.results, ...second.results].map((course) => course.id));
    expect(ids.size).toBe(first.count);
    // Out-of-range paging is refused, not clamped (tests/unit/server-hostile-input.test.ts).
    expect((await getJson('/course/browse-course-list/?limit=500')).status).toBe(400);
    expect((await getJson('/course/browse-course-list/?page=0&limit=abc')).status).toBe(400);
    expect((await catalogue('/course/browse-course-list/?limit=100')).limit).toBe(100);
    const beyond = await catalogue('/course/browse-course-list/?page=99');
    expect(beyond.results).toEqual([]);
  });

  it('never lists courses awaiting approval', async () => {
    const pending = await catalogue(`/course/browse-course-list/?search=${encodeURIComponent('Kubernetes')}`);
    expect(pending.count).toBe(0);
    const id = await courseIdBySlug('information-technology-pending');
    expect((await getJson(`/course/about/${id}/`)).status).toBe(404);
  });

  it('searches English titles, whatever the case', async () => {
    const page = await catalogue('/course/browse-course-list/?search=typescript');
    expect(page.results.map((course) => course.title)).toEqual(['Web Development with TypeScript']);
  });

  it('searches Arabic titles', async () => {
    const page = await catalogue(`/course/search-result/?search=${encodeURIComponent('الذكاء الاصطناعي')}`);
    expect(page.results.map((course) => course.title_ar)).toEqual(['الذكاء الاصطناعي التوليدي للمهنيين']);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await catalogue('/course/search-result/?search=%25')).count).toBe(0);
  });

  it('filters by a comma list of categories', async () => {
    const { rows } = await db.query<{ id: number; slug: string }>('SELECT id, slug FROM course_categories');
    const idOf = (slug: string) => rows.find((row) => row.slug === slug)?.id;
    const languages = CATEGORIES.find((category) => category.slug === 'languages');
    const health = CATEGORIES.find((category) => category.slug === 'health-sciences');
    const page = await catalogue(
      `/course/search-result/?category=${idOf('languages')},${idOf('health-sciences')}`,
    );
    expect(page.count).toBe((languages?.courses.length ?? 0) + (health?.courses.length ?? 0));
    const titles = new Set(
      [...(languages?.courses ?? []), ...(health?.courses ?? [])].map((course) => course[0]),
    );
    expect(page.results.every((course) => titles.has(course.title))).toBe(true);
  });

  it('filters by availability', async () => {
    const upcomingId = await courseIdBySlug('business-1');
    const ongoingId = await courseIdBySlug('business-2');
    await db.query(
      'UPDATE courses SET start_date = current_date + 5, end_date = current_date + 30 WHERE id = $1',
      [upcomingId],
    );
    await db.query(
      'UPDATE courses SET start_date = current_date - 5, end_date = current_date + 30 WHERE id = $1',
      [ongoingId],
    );
    const { rows } = await db.query<{ id: number }>(
      "SELECT id FROM course_categories WHERE slug = 'business'",
    );
    const business = rows[0]?.id;
    const upcoming = await catalogue(
      `/course/search-result/?category=${business}&availability=upcoming&limit=100`,
    );
    const ongoing = await catalogue(
      `/course/search-result/?category=${business}&availability=ongoing&limit=100`,
    );
    expect(upcoming.results.map((course) => course.id)).toContain(upcomingId);
    expect(upcoming.results.map((course) => course.id)).not.toContain(ongoingId);
    expect(ongoing.results.map((course) => course.id)).toContain(ongoingId);
    expect(ongoing.results.map((course) => course.id)).not.toContain(upcomingId);
    const either = await catalogue(
      `/course/search-result/?category=${business}&availability=upcoming,ongoing`,
    );
    expect(either.count).toBe(upcoming.count + ongoing.count);
    const choices = await getJson('/course/availability/');
    expect((choices.body as unknown as { id: string }[]).map((choice) => choice.id)).toEqual([
      'ongoing',
      'upcoming',
    ]);
  });

  it('lists at least eight bilingual categories', async () => {
    const { body } = await getJson('/course/category/');
    const categories = body as unknown as { name: string; name_ar: string }[];
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(categories[0]).toEqual({
      id: expect.any(Number),
      name: 'Information Technology',
      name_ar: 'تقنية المعلومات',
    });
  });

  it('shows every field of a course', async () => {
    const id = await courseIdBySlug('information-technology-1');
    const { status, body } = await getJson(`/course/about/${id}/`);
    expect(status).toBe(200);
    const course = courseAboutSchema.parse(body);
    expect(course).toMatchObject({
      id,
      title: 'Web Development with TypeScript',
      title_ar: 'تطوير الويب باستخدام TypeScript',
      category: { name: 'Information Technology', name_ar: 'تقنية المعلومات' },
      cover_image: '/media/covers/information-technology.svg',
      status: 'Approved',
    });
    expect(course.weeks.length).toBeGreaterThanOrEqual(4);
    expect(course.weeks[0]).toMatchObject({ week: 1, syllabus_title: expect.any(String) });
    expect(course.routine.length).toBe(2);
    expect(course.created_by.full_name).toBe(course.created_by_details.full_name);
    expect((await getJson('/course/about/abc/')).status).toBe(404);
    expect((await getJson('/course/about/999999/')).status).toBe(404);
  });

  it('prices each card and course as a trainee pays it, VAT included, rounded as the checkout rounds it', async () => {
    const { rows } = await db.query<{ id: number; price_halalas: number }>(
      "SELECT id, price_halalas FROM courses WHERE status = 'Approved' ORDER BY id",
    );
    // The seed has free courses and priced ones; one price is set to need rounding (1 halala → 0.15).
    expect(rows.some((row) => row.price_halalas === 0)).toBe(true);
    const odd = rows.find((row) => row.price_halalas > 0);
    if (!odd) throw new Error('the seed has no priced course');
    await db.query('UPDATE courses SET price_halalas = 49901 WHERE id = $1', [odd.id]);
    try {
      const expected = (id: number) => {
        const price = id === odd.id ? 49901 : (rows.find((row) => row.id === id)?.price_halalas ?? -1);
        return price + vatOf(price, 1500);
      };
      const page = await catalogue('/course/browse-course-list/?limit=100');
      expect(page.results.length).toBeGreaterThan(1);
      for (const card of page.results) expect(card.price_with_vat_halalas).toBe(expected(card.id));
      const free = rows.find((row) => row.price_halalas === 0);
      expect(page.results.find((card) => card.id === free?.id)?.price_with_vat_halalas).toBe(0);
      const course = courseAboutSchema.parse((await getJson(`/course/about/${odd.id}/`)).body);
      // 49 901 + 7 485.15 rounded half up: 57 386.
      expect(course.price_with_vat_halalas).toBe(57386);
      expect(course.price_halalas).toBe(49901);
    } finally {
      await db.query('UPDATE courses SET price_halalas = $2 WHERE id = $1', [odd.id, odd.price_halalas]);
    }
  });

  it('adds generated courses on request', async () => {
    const before = (await catalogue('/course/browse-course-list/')).count;
    await seed(db, { generatedCourses: 200 });
    await seed(db, { generatedCourses: 200 });
    expect((await catalogue('/course/browse-course-list/')).count).toBe(before + 200);
    await db.query("DELETE FROM courses WHERE slug LIKE 'generated-%'");
  });
});

describe('events', () => {
  it('lists upcoming events before past ones and shows details', async () => {
    const { body } = await getJson('/event/');
    const page = eventPageSchema.parse(body);
    expect(page.count).toBeGreaterThanOrEqual(6);
    const ended = page.results.map((event) => Date.parse(event.date_range.end) < Date.now());
    expect(ended).toEqual([...ended].sort((a, b) => Number(a) - Number(b)));
    expect(ended).toContain(true);
    expect(ended).toContain(false);
    const first = page.results[0];
    const details = eventDetailsSchema.parse((await getJson(`/event/${first?.id}/`)).body);
    expect(details.location_ar).toMatch(/[\u0600-\u06FF]/);
    expect((await getJson('/event/424242/')).status).toBe(404);
  });

  it('registers a user once, and never for an event that has ended', async () => {
    const token = await tokenFor(DEMO_ACCOUNTS.trainee.email);
    const { rows } = await db.query<{ id: number; ended: boolean }>(
      'SELECT id, ends_at < now() AS ended FROM events ORDER BY id',
    );
    const open = rows.find((row) => !row.ended);
    const past = rows.find((row) => row.ended);
    expect((await postJson('/event-registration/', { event: open?.id })).status).toBe(401);
    expect(await postJson('/event-registration/', { event: open?.id }, token)).toEqual({
      status: 201,
      body: { success: true, message: PUBLIC_MESSAGES.eventRegistered },
    });
    const again = await postJson('/event-registration/', { event: open?.id }, token);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('You are already registered for this event');
    const ended = await postJson('/event-registration/', { event: past?.id }, token);
    expect(ended.status).toBe(400);
    expect(ended.body.error).toBe('This event has ended');
    expect((await postJson('/event-registration/', { event: 'one' }, token)).status).toBe(400);
    expect((await postJson('/event-registration/', { event: 424242 }, token)).status).toBe(404);
    const trainer = await tokenFor(DEMO_ACCOUNTS.trainer.email);
    expect((await postJson('/event-registration/', { event: open?.id }, trainer)).status).toBe(201);
  });
});

describe('issue reports', () => {
  it('keeps each user’s reports to themselves', async () => {
    const trainee = await tokenFor(DEMO_ACCOUNTS.trainee.email);
    await ensureUser(db, {
      full_name: 'Huda Al-Anazi',
      email: 'huda.unit@example.com',
      password: 'Huda#Pass2026',
      role: 'TRAINEE',
    });
    const other = await tokenFor('huda.unit@example.com');
    expect((await getJson('/cms/report-an-issues/')).status).toBe(401);

    const created = await postJson(
      '/cms/report-an-issues/',
      { name: 'Sara', subject: 'Video', description: 'It stops.' },
      trainee,
    );
    expect(created.status).toBe(201);
    const issue = issueSchema.parse(created.body);
    expect(issue).toMatchObject({ name: 'Sara', subject: 'Video', status: 'Pending' });

    expect(issueSchema.parse((await getJson(`/cms/report-an-issues/${issue.id}/`, trainee)).body)).toEqual(
      issue,
    );
    expect((await getJson(`/cms/report-an-issues/${issue.id}/`, other)).status).toBe(404);

    const mine = issuePageSchema.parse((await getJson('/cms/report-an-issues/', trainee)).body);
    expect(mine.results.map((report) => report.id)).toContain(issue.id);
    const theirs = issuePageSchema.parse((await getJson('/cms/report-an-issues/', other)).body);
    expect(theirs).toEqual({ count: 0, page: 1, limit: 25, results: [] });
  });

  it('refuses an incomplete report with the form messages', async () => {
    const trainee = await tokenFor(DEMO_ACCOUNTS.trainee.email);
    const refused = await postJson('/cms/report-an-issues/', { name: '', subject: 'x' }, trainee);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { field: 'name', message: PUBLIC_VALIDATION.nameRequired },
      { field: 'description', message: PUBLIC_VALIDATION.descriptionRequired },
    ]);
  });
});

describe('catalogue answers kept in memory', () => {
  /**
   * Another instance: on PostgreSQL an app with connections of its own to the same database; on the
   * embedded database, which one process holds, a second app on it (with its own memory).
   */
  let otherDb: Db;
  let other: Hono<AppEnv>;
  let languages: number;
  let trainer: number;

  beforeAll(async () => {
    otherDb = database.url ? openPostgres(database.url, { max: 2 }) : db;
    other = buildApp({ db: otherDb, secret: randomTokenSecret() }).app;
    const category = await db.query<{ id: number }>(
      "SELECT id FROM course_categories WHERE slug = 'languages'",
    );
    languages = category.rows[0]?.id ?? 0;
    const user = await findUserByEmail(db, DEMO_ACCOUNTS.trainer.email);
    trainer = user?.id ?? 0;
  });

  afterAll(async () => {
    if (otherDb !== db) await otherDb?.close();
  });

  async function page(on: Hono<AppEnv>, path: string) {
    const response = await on.request(`${API}${path}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    const encoding = response.headers.get('Content-Encoding');
    const text = (
      encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
    ).toString();
    return courseCardPageSchema.parse(JSON.parse(text));
  }

  /** What the catalogue, a category of it and a search say on one instance. */
  async function view(on: Hono<AppEnv>, word: string) {
    const all = await page(on, '/course/browse-course-list/?page=1&limit=25');
    const category = await page(on, `/course/search-result/?page=1&limit=25&category=${languages}`);
    const search = await page(
      on,
      `/course/search-result/?page=1&limit=25&search=${encodeURIComponent(word)}`,
    );
    const browse = await page(on, `/course/browse-course-list/?search=${encodeURIComponent(word)}`);
    return {
      all: all.count,
      newest: all.results[0]?.id,
      category: category.count,
      found: search.results.map((course) => course.title),
      browsed: browse.count,
    };
  }

  async function details(on: Hono<AppEnv>, id: number) {
    const response = await on.request(`${API}/course/about/${id}/`);
    return { status: response.status, body: (await response.json()) as { title?: string } };
  }

  it('reads a page from the database once and counts nothing while it holds', async () => {
    const statements: string[] = [];
    const spy: Db = {
      ...db,
      query: (sql, params) => {
        statements.push(sql);
        return db.query(sql, params);
      },
    };
    const watched = buildApp({ db: spy, secret: randomTokenSecret() }).app;
    const id = await courseIdBySlug('languages-1');
    const paths = [
      '/course/browse-course-list/?page=1&limit=25',
      '/course/search-result/?search=data&category=3,1',
      `/course/search-result/?page=1&limit=25&category=${languages}`,
      '/course/category/',
      `/course/about/${id}/`,
    ];
    for (const path of paths) expect((await watched.request(`${API}${path}`)).status).toBe(200);
    expect(statements.some((sql) => /count\(/i.test(sql))).toBe(true);
    statements.length = 0;
    const again = await Promise.all(
      [...paths, ...paths, '/course/search-result/?category=1,3,3&search=%20data%20'].map((path) =>
        watched.request(`${API}${path}`),
      ),
    );
    expect(again.map((response) => response.status)).toEqual(again.map(() => 200));
    // Only the catalogue's version, read once for requests that arrive together.
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((sql) => /FROM catalogue_version/.test(sql))).toBe(true);
    expect(statements.length).toBeLessThan(again.length);
  });

  it('answers 304 to a client holding the current answer, and the new answer once it changed', async () => {
    const id = await courseIdBySlug('languages-2');
    const paths = [
      // A page that holds the course whatever else is seeded.
      '/course/browse-course-list/?page=1&limit=100',
      '/course/search-result/?search=arabic',
      `/course/search-result/?category=${languages}`,
      '/course/category/',
      `/course/about/${id}/`,
    ];
    const tags = new Map<string, string>();
    for (const path of paths) {
      const response = await app.request(`${API}${path}`);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      const etag = response.headers.get('ETag') ?? '';
      expect(etag).toMatch(/^W\/".+"$/);
      tags.set(path, etag);
      const held = await app.request(`${API}${path}`, { headers: { 'If-None-Match': etag } });
      expect(held.status).toBe(304);
      expect(held.headers.get('ETag')).toBe(etag);
      expect(await held.text()).toBe('');
    }
    expect(new Set(tags.values()).size).toBe(paths.length);

    const { rows } = await db.query<{ title: string; title_ar: string }>(
      'SELECT title, title_ar FROM courses WHERE id = $1',
      [id],
    );
    const before = rows[0];
    await otherDb.query("UPDATE courses SET title = title || ' (Arabic, revised)' WHERE id = $1", [id]);
    await db.query("UPDATE course_categories SET name = name || ' ' WHERE id = $1", [languages]);
    try {
      for (const path of paths) {
        const response = await app.request(`${API}${path}`, {
          headers: { 'If-None-Match': tags.get(path) ?? '' },
        });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('ETag')).not.toBe(tags.get(path));
      }
    } finally {
      await db.query('UPDATE courses SET title = $2 WHERE id = $1', [id, before?.title]);
      await db.query('UPDATE course_categories SET name = rtrim(name) WHERE id = $1', [languages]);
    }
  });

  it('keeps counts right when a course is added, changed or unpublished, on this instance and another', async () => {
    const word = 'Zephyrine';
    const before = await view(app, word);
    expect(await view(other, word)).toEqual(before);
    expect(before.found).toEqual([]);

    // Added, on this instance's database connection.
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO courses (title, title_ar, category_id, cover_image, skill_level, start_date, end_date, status, created_by)
       VALUES ('Zephyrine Phonetics', 'صوتيات زفيرين', $1, '/media/covers/languages.svg', 'Beginner',
         current_date, current_date + 30, 'Approved', $2) RETURNING id`,
      [languages, trainer],
    );
    const id = rows[0]?.id ?? 0;
    try {
      const added = {
        all: before.all + 1,
        newest: id,
        category: before.category + 1,
        found: ['Zephyrine Phonetics'],
        browsed: 1,
      };
      expect(await view(app, word)).toEqual(added);
      expect(await view(other, word)).toEqual(added);
      expect((await details(other, id)).body.title).toBe('Zephyrine Phonetics');

      // Changed, through the other instance's connections.
      await otherDb.query("UPDATE courses SET title = 'Zephyrine Phonetics II' WHERE id = $1", [id]);
      const changed = { ...added, found: ['Zephyrine Phonetics II'] };
      expect(await view(app, word)).toEqual(changed);
      expect(await view(other, word)).toEqual(changed);
      expect((await details(app, id)).body.title).toBe('Zephyrine Phonetics II');
      expect((await details(other, id)).body.title).toBe('Zephyrine Phonetics II');
      await otherDb.query('UPDATE courses SET title = $2 WHERE id = $1', [id, 'Zephyrine Phonetics III']);
      expect((await view(other, 'Phonetics III')).found).toEqual(['Zephyrine Phonetics III']);
      expect((await view(app, 'Phonetics II')).found).toEqual(['Zephyrine Phonetics III']);

      // Unpublished (back to awaiting approval).
      await db.query("UPDATE courses SET status = 'Pending' WHERE id = $1", [id]);
      expect(await view(app, word)).toEqual(before);
      expect(await view(other, word)).toEqual(before);
      expect((await details(app, id)).status).toBe(404);
      expect((await details(other, id)).status).toBe(404);
    } finally {
      await db.query('DELETE FROM courses WHERE id = $1', [id]);
    }
    expect(await view(other, word)).toEqual(before);
  });

  it('shows a trainer’s new name and a category’s new name at once', async () => {
    const renamedCards = async (on: Hono<AppEnv>) =>
      (await page(on, `/course/search-result/?category=${languages}&limit=100`)).results.filter(
        (course) => course.created_by.full_name === 'Renamed Trainer',
      ).length;
    const categoryNames = async (on: Hono<AppEnv>) =>
      ((await (await on.request(`${API}/course/category/`)).json()) as { name: string }[]).map(
        (category) => category.name,
      );
    const { rows } = await db.query<{ id: number; full_name: string; category: string }>(
      `SELECT u.id, u.full_name, k.name AS category
       FROM courses c JOIN users u ON u.id = c.created_by JOIN course_categories k ON k.id = c.category_id
       WHERE c.category_id = $1 AND c.status = 'Approved' LIMIT 1`,
      [languages],
    );
    const author = rows[0];
    if (!author) throw new Error('no approved course in the languages category');
    expect(await renamedCards(app)).toBe(0);
    expect(await renamedCards(other)).toBe(0);
    expect(await categoryNames(other)).toContain(author.category);
    await otherDb.query("UPDATE users SET full_name = 'Renamed Trainer' WHERE id = $1", [author.id]);
    await db.query("UPDATE course_categories SET name = 'Languages (renamed)' WHERE id = $1", [languages]);
    try {
      expect(await renamedCards(app)).toBeGreaterThan(0);
      expect(await renamedCards(other)).toBeGreaterThan(0);
      expect(await categoryNames(other)).toContain('Languages (renamed)');
      expect(await categoryNames(app)).toContain('Languages (renamed)');
    } finally {
      await db.query('UPDATE users SET full_name = $2 WHERE id = $1', [author.id, author.full_name]);
      await db.query('UPDATE course_categories SET name = $2 WHERE id = $1', [languages, author.category]);
    }
    expect(await categoryNames(app)).toContain(author.category);
  });
});
