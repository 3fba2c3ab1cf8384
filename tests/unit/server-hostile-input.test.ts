import { format } from 'node:util';
import { VALIDATION } from '@contract/forms/auth';
import { PUBLIC_VALIDATION } from '@contract/forms/public';
import { UPLOAD_MESSAGES } from '@contract/messages/learning';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { randomTokenSecret } from '../../server/auth/secret';
import type { Db } from '../../server/db';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { describeError } from '../../server/http';
import { createLogger } from '../../server/logging';
import { migrate } from '../../server/migrate';
import { MAX_PAGE } from '../../server/paging';
import { seed } from '../../server/seed';
import { openTestDatabase, type TestDatabase } from '../../server/test-database';
import { startTestServer, type TestServer } from '../../server/testing';
import { findUserByEmail } from '../../server/users';

const API = '/api/v1';
const NUL = '\u0000';
const KIB = 1024;

let server: TestServer;
let traineeToken: string;

beforeAll(async () => {
  server = await startTestServer();
  const trainee = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
  if (!trainee) throw new Error('The demo trainee is missing');
  // An access token alone: these calls need a signed-in user, not a session.
  traineeToken = (await server.tokens.issue('access', trainee)).token;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

type Caller = 'visitor' | 'trainee' | 'admin';

interface Call {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: string;
  as?: Caller;
  headers?: Record<string, string>;
  body?: BodyInit;
}

interface Refusal {
  status: number;
  message: string;
  field?: string;
}

async function send({ method = 'GET', path, as = 'visitor', headers = {}, body }: Call) {
  const auth: Record<string, string> =
    as === 'trainee'
      ? { Authorization: `Bearer ${traineeToken}` }
      : as === 'admin'
        ? { 'X-Admin-Token': server.adminToken, Authorization: `Staff ${server.staffToken}` }
        : {};
  // A stream goes out in chunks, with no Content-Length.
  const streamed = body instanceof ReadableStream ? { duplex: 'half' } : {};
  const response = await fetch(`${server.url}${API}${path}`, {
    method,
    headers: { ...auth, ...headers },
    body: body ?? null,
    ...streamed,
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, body: json };
}

/** The call is refused with the expected status and first detail, in the spec's error shape. */
async function expectRefusal(call: Call, expected: Refusal): Promise<void> {
  const { status, body } = await send(call);
  const label = `${call.method ?? 'GET'} ${call.path}`;
  expect(status, label).not.toBe(500);
  expect(status, label).toBe(expected.status);
  expect(body, label).toMatchObject({ success: false });
  const first = (body as { details?: { field?: string; message?: string }[] }).details?.[0];
  expect(first?.message, label).toBe(expected.message);
  if (expected.field) expect(first?.field, label).toBe(expected.field);
}

/** A POST of a JSON body, as the web app sends it. */
const postJson = (path: string, value: unknown, as: Caller = 'visitor'): Call => ({
  method: 'POST',
  path,
  as,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(value),
});

/** Every JSON endpoint with a valid-looking body and a body holding a NUL in one text field. */
interface JsonEndpoint {
  path: string;
  method?: 'POST' | 'PATCH' | 'PUT';
  as?: Caller;
  valid: Record<string, unknown>;
  withNul: Record<string, unknown>;
  /** The detail a NUL gets (the event registration checks its one number first). */
  nulRefusal: Refusal;
}

const email = 'someone@example.com';
const refusedNul = (field: string): Refusal => ({
  status: 400,
  message: SERVER_MESSAGES.forbiddenCharacter,
  field,
});

const JSON_ENDPOINTS: JsonEndpoint[] = [
  {
    path: '/cms/get-in-touch/',
    valid: { full_name: 'Layla', email, subject: 'Hello', description: 'A question' },
    withNul: { full_name: `Lay${NUL}la`, email, subject: 'Hello', description: 'A question' },
    nulRefusal: refusedNul('full_name'),
  },
  {
    path: '/cms/request-course/',
    valid: { full_name: 'Layla', email, description: 'Calligraphy' },
    withNul: { full_name: 'Layla', email, description: `Calli${NUL}graphy` },
    nulRefusal: refusedNul('description'),
  },
  {
    path: '/cms/report-an-issues/',
    as: 'trainee',
    valid: { name: 'Video', subject: 'Playback', description: 'It stops' },
    withNul: { name: 'Video', subject: `Play${NUL}back`, description: 'It stops' },
    nulRefusal: refusedNul('subject'),
  },
  {
    path: '/event-registration/',
    as: 'trainee',
    valid: { event: 1 },
    withNul: { event: NUL },
    nulRefusal: { status: 400, message: PUBLIC_VALIDATION.eventRequired },
  },
  {
    path: '/user/login/',
    valid: { username: email, password: 'Wrong#Password1' },
    withNul: { username: `trainee${NUL}@example.com`, password: 'Wrong#Password1' },
    nulRefusal: refusedNul('username'),
  },
  {
    path: '/user/refresh-token/',
    valid: { refresh_token: 'not-a-token' },
    withNul: { refresh_token: `not${NUL}a-token` },
    nulRefusal: refusedNul('refresh_token'),
  },
  {
    path: '/user/logout/',
    valid: { refresh_token: 'not-a-token' },
    withNul: { refresh_token: `not${NUL}a-token` },
    nulRefusal: refusedNul('refresh_token'),
  },
  {
    path: '/user/otp-verify/',
    valid: { email_or_phone: email, otp_code: '1234567' },
    withNul: { email_or_phone: `some${NUL}one@example.com`, otp_code: '1234567' },
    nulRefusal: refusedNul('email_or_phone'),
  },
  {
    path: '/user/reset-password/',
    valid: { email_or_phone: email },
    withNul: { email_or_phone: `someone@example.com${NUL}` },
    nulRefusal: refusedNul('email_or_phone'),
  },
  {
    path: '/user/set-password/',
    valid: { new_password: 'Strong#Pass9', confirm_password: 'Strong#Pass9', token: 'x' },
    withNul: { new_password: 'Strong#Pass9', confirm_password: 'Strong#Pass9', token: `x${NUL}` },
    nulRefusal: refusedNul('token'),
  },
  {
    path: '/admin/approve-trainer/',
    as: 'admin',
    valid: { email },
    withNul: { email: `${NUL}${email}` },
    nulRefusal: refusedNul('email'),
  },
  {
    path: '/admin/notify/',
    as: 'admin',
    valid: { email, title: 'Hello', text: 'A message' },
    withNul: { email: DEMO_ACCOUNTS.trainee.email, title: `Hel${NUL}lo`, text: 'A message' },
    nulRefusal: refusedNul('title'),
  },
  {
    path: '/course/enroll-status-update/',
    as: 'trainee',
    valid: { course_id: 1, reason: 'Moving away' },
    withNul: { course_id: 1, reason: `Moving${NUL} away` },
    nulRefusal: refusedNul('reason'),
  },
  {
    path: '/admin/approve-withdrawal/',
    as: 'admin',
    valid: { email, course_id: 1 },
    withNul: { email: `${email}${NUL}`, course_id: 1 },
    nulRefusal: refusedNul('email'),
  },
  {
    path: '/admin/reject-withdrawal/',
    as: 'admin',
    valid: { email, course_id: 1, reason: 'Half done' },
    withNul: { email, course_id: 1, reason: `Half${NUL} done` },
    nulRefusal: refusedNul('reason'),
  },
  {
    path: '/learning/lectures/1/position/',
    method: 'PUT',
    as: 'trainee',
    valid: { seconds: 3 },
    withNul: { seconds: 3, note: `a${NUL}` },
    nulRefusal: refusedNul('note'),
  },
  {
    path: '/learning/lectures/1/submissions/',
    as: 'trainee',
    valid: { file: '/api/v1/files/5eed0000-0000-4000-8000-000000000001' },
    withNul: { file: `/api/v1/files/${NUL}` },
    nulRefusal: refusedNul('file'),
  },
  {
    path: '/learning/lectures/1/survey/',
    as: 'trainee',
    valid: { answers: [{ question_id: 1, rating: 4 }] },
    withNul: { answers: [{ question_id: 1, text: `Good${NUL}` }] },
    nulRefusal: refusedNul('answers'),
  },
  {
    path: '/admin/submissions/1/grade/',
    as: 'admin',
    valid: { grade: 8.5, feedback: 'Good' },
    withNul: { grade: 8.5, feedback: `Go${NUL}od` },
    nulRefusal: refusedNul('feedback'),
  },
  {
    path: '/admin/submissions/1/return/',
    as: 'admin',
    valid: { feedback: 'Add sources' },
    withNul: { feedback: `Add${NUL} sources` },
    nulRefusal: refusedNul('feedback'),
  },
  {
    path: '/learning/attempts/0b6f6d2e-8f0e-4c59-9d55-2f3f0d1c8a11/submit/',
    as: 'trainee',
    valid: { key: '3c9a1e7b-5d2f-4b8e-a6c4-1f0e2d3c4b5a' },
    withNul: { key: `3c9a1e7b-5d2f${NUL}-4b8e-a6c4-1f0e2d3c4b5a` },
    nulRefusal: refusedNul('key'),
  },
];

describe('addresses: NUL and broken percent-encoding', () => {
  const nul = (field: string): Refusal => refusedNul(field);
  const nulInPath: Refusal = { status: 400, message: SERVER_MESSAGES.forbiddenCharacter };
  const malformed: Refusal = { status: 400, message: SERVER_MESSAGES.malformedAddress };
  const cases: [Call, Refusal][] = [
    [{ path: '/course/browse-course-list/?search=%00' }, nul('search')],
    [{ path: '/course/browse-course-list/?query=data%00' }, nul('query')],
    [{ path: '/course/search-result/?search=%00' }, nul('search')],
    [{ path: '/course/search-result/?category=1%00' }, nul('category')],
    [{ path: '/course/search-result/?availability=upcoming%00' }, nul('availability')],
    [{ path: '/course/search-result/?search=a&%00=1' }, nulInPath],
    [{ path: '/course/about/%00/' }, nulInPath],
    [{ path: '/course/about/1%00/' }, nulInPath],
    [{ path: '/course/category/?page=%00' }, nul('page')],
    [{ path: '/event/%00/' }, nulInPath],
    [{ path: '/event/?page=1%00' }, nul('page')],
    [{ path: '/cms/hero-section/?x=%00' }, nul('x')],
    [{ path: '/cms/report-an-issues/%00/', as: 'trainee' }, nulInPath],
    [{ path: '/notification/?search=%00', as: 'trainee' }, nul('search')],
    [{ method: 'PATCH', path: '/notification/mark-as-seen/%00/', as: 'trainee' }, nulInPath],
    [{ path: '/dev/outbox/?to=%00', as: 'admin' }, nul('to')],
    [{ path: '/course/individual-course-lecture-details/%00/', as: 'trainee' }, nulInPath],
    [
      { path: '/course/trainee-view-grade-of-assignment-and-quiz/?course_id=%00', as: 'trainee' },
      nul('course_id'),
    ],
    [{ path: '/files/%00', as: 'trainee' }, nulInPath],
    [{ path: '/learning/courses/%C3%28/lectures/', as: 'trainee' }, malformed],
    [{ path: '/course/browse-course-list/?search=%zz' }, malformed],
    [{ path: '/course/browse-course-list/?search=%E0%A4%A' }, malformed],
    [{ path: '/course/search-result/?search=%C3%28' }, malformed],
    [{ path: '/course/about/%C3%28/' }, malformed],
    [{ path: '/event/%E0%A4/' }, malformed],
    [
      { path: '/course/search-result/?category=1,abc' },
      { status: 400, message: SERVER_MESSAGES.categoryInvalid, field: 'category' },
    ],
    [
      { path: '/course/search-result/?category=99999999999' },
      { status: 400, message: SERVER_MESSAGES.categoryInvalid, field: 'category' },
    ],
  ];
  it.each(cases)('refuses %j', async (call, refusal) => {
    await expectRefusal(call, refusal);
  });

  it('refuses a NUL in a search, and still reads valid escapes, Arabic searches included', async () => {
    await expectRefusal({ path: '/course/search-result/?search=data%00' }, nul('search'));
    const search = encodeURIComponent('الذكاء الاصطناعي');
    expect((await send({ path: `/course/search-result/?search=${search}` })).status).toBe(200);
    expect((await send({ path: '/course/browse-course-list/?search=%25' })).status).toBe(200);
  });
});

describe('paging: page and limit are refused out of range, never clamped', () => {
  const lists: Call[] = [
    { path: '/course/browse-course-list/' },
    { path: '/course/search-result/' },
    { path: '/event/' },
    { path: '/cms/report-an-issues/', as: 'trainee' },
  ];
  const page: Refusal = { status: 400, message: SERVER_MESSAGES.pageInvalid, field: 'page' };
  const limit: Refusal = { status: 400, message: SERVER_MESSAGES.limitInvalid, field: 'limit' };
  const values: [string, Refusal][] = [
    ['page=-1', page],
    ['page=0', page],
    ['page=abc', page],
    ['page=1.5', page],
    ['page=1e3', page],
    ['page=99999999999999999999', page],
    [`page=${MAX_PAGE + 1}`, page],
    ['limit=0', limit],
    ['limit=-1', limit],
    ['limit=abc', limit],
    ['limit=1e9', limit],
    ['limit=101', limit],
    ['limit=1000000000', limit],
  ];
  it.each(lists.map((list) => [list.path, list] as const))(
    '%s refuses each bad page and limit, and takes the defaults and the bounds',
    async (_, list) => {
      for (const [query, refusal] of values) {
        await expectRefusal({ ...list, path: `${list.path}?${query}` }, refusal);
      }
      const { status, body } = await send(list);
      expect(status, list.path).toBe(200);
      expect(body, list.path).toMatchObject({ page: 1, limit: 25 });
      const edge = await send({ ...list, path: `${list.path}?page=${MAX_PAGE}&limit=100` });
      expect(edge.status, list.path).toBe(200);
      expect(edge.body, list.path).toMatchObject({ page: MAX_PAGE, limit: 100, results: [] });
    },
  );
});

describe('JSON bodies', () => {
  /** Each bad body an endpoint gets, with the refusal it must answer. */
  const badBodies = (endpoint: JsonEndpoint): [string, Call, Refusal][] => {
    const base: Call = {
      method: endpoint.method ?? 'POST',
      path: endpoint.path,
      as: endpoint.as ?? 'visitor',
    };
    const valid = JSON.stringify(endpoint.valid);
    const unsupported: Refusal = { status: 415, message: SERVER_MESSAGES.jsonRequired };
    return [
      [
        `${endpoint.path} as text/plain`,
        { ...base, headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: valid },
        unsupported,
      ],
      [
        `${endpoint.path} as a URL-encoded form`,
        {
          ...base,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ json: valid }).toString(),
        },
        unsupported,
      ],
      [`${endpoint.path} as multipart`, { ...base, body: formOf({ json: valid }) }, unsupported],
      [`${endpoint.path} without a type`, { ...base, body: new TextEncoder().encode(valid) }, unsupported],
      [
        `${endpoint.path} as JSON in another charset`,
        { ...base, headers: { 'Content-Type': 'application/json; charset=iso-8859-1' }, body: valid },
        unsupported,
      ],
      [
        `${endpoint.path} with malformed JSON`,
        { ...base, headers: { 'Content-Type': 'application/json' }, body: '{"email": ' },
        { status: 400, message: SERVER_MESSAGES.malformedBody },
      ],
      [
        `${endpoint.path} with a NUL`,
        { ...base, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(endpoint.withNul) },
        endpoint.nulRefusal,
      ],
      [
        `${endpoint.path} over 16 KiB`,
        {
          ...base,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...endpoint.valid, padding: 'x'.repeat(17 * KIB) }),
        },
        { status: 413, message: SERVER_MESSAGES.bodyTooLarge },
      ],
    ];
  };
  it.each(JSON_ENDPOINTS.map((endpoint) => [endpoint.path, endpoint] as const))(
    '%s refuses bodies of other types (415), malformed, with a NUL (400) or over 16 KiB (413)',
    async (_, endpoint) => {
      for (const [label, call, refusal] of badBodies(endpoint)) {
        await expectRefusal(call, refusal).catch((error: unknown) => {
          throw new Error(`${label}: ${error instanceof Error ? error.message : String(error)}`);
        });
      }
    },
  );

  it('accepts application/json with a UTF-8 charset, and not text/plain', async () => {
    const form = { full_name: 'Layla', email, subject: 'Hello', description: 'A question' };
    const { status } = await send({
      method: 'POST',
      path: '/cms/get-in-touch/',
      headers: { 'Content-Type': 'application/json; charset=UTF-8' },
      body: JSON.stringify(form),
    });
    expect(status).toBe(201);
    await expectRefusal(
      {
        method: 'POST',
        path: '/cms/get-in-touch/',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify(form),
      },
      { status: 415, message: SERVER_MESSAGES.jsonRequired },
    );
  });

  it('refuses a typed body on the body-less mark-as-seen, and lets a plain call through', async () => {
    const path = '/notification/mark-as-seen/999999/';
    await expectRefusal(
      { method: 'PATCH', path, as: 'trainee', headers: { 'Content-Type': 'text/plain' }, body: '{}' },
      { status: 415, message: SERVER_MESSAGES.jsonRequired },
    );
    await expectRefusal(
      { method: 'PATCH', path, as: 'trainee', body: new TextEncoder().encode('{}') },
      { status: 415, message: SERVER_MESSAGES.jsonRequired },
    );
    await expectRefusal(
      {
        method: 'PATCH',
        path,
        as: 'trainee',
        headers: { 'Content-Type': 'application/json' },
        body: 'x'.repeat(17 * KIB),
      },
      { status: 413, message: SERVER_MESSAGES.bodyTooLarge },
    );
    await expectRefusal(
      { method: 'PATCH', path, as: 'trainee', body: chunks('{}') },
      { status: 415, message: SERVER_MESSAGES.jsonRequired },
    );
    // Without a body, or with an empty one sent in chunks (as the Pact verifier does), it is served.
    await expectRefusal(
      { method: 'PATCH', path, as: 'trainee' },
      { status: 404, message: SERVER_MESSAGES.notFound },
    );
    await expectRefusal(
      { method: 'PATCH', path, as: 'trainee', body: chunks('') },
      { status: 404, message: SERVER_MESSAGES.notFound },
    );
  });

  it('refuses over-long form fields with their messages', async () => {
    const cases: [Call, Refusal][] = [
      [
        postJson('/cms/get-in-touch/', {
          full_name: 'x'.repeat(101),
          email,
          subject: 'Hi',
          description: 'Hi',
        }),
        { status: 400, message: PUBLIC_VALIDATION.fullNameMax, field: 'full_name' },
      ],
      [
        postJson('/cms/request-course/', { full_name: 'Layla', email, description: 'x'.repeat(2001) }),
        { status: 400, message: PUBLIC_VALIDATION.descriptionMax, field: 'description' },
      ],
      [
        postJson(
          '/cms/report-an-issues/',
          { name: 'Video', subject: 'x'.repeat(151), description: 'It stops' },
          'trainee',
        ),
        { status: 400, message: PUBLIC_VALIDATION.subjectMax, field: 'subject' },
      ],
      [
        postJson('/user/reset-password/', { email_or_phone: `${'x'.repeat(250)}@example.com` }),
        { status: 400, message: VALIDATION.emailOrPhoneMax, field: 'email_or_phone' },
      ],
    ];
    for (const [call, refusal] of cases) await expectRefusal(call, refusal);
  });
});

/** A body sent with Transfer-Encoding: chunked. */
function chunks(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (text) controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

describe('uploads (POST /upload/)', () => {
  it('takes only a multipart form with a file, whose name holds no NUL', async () => {
    const path = '/upload/';
    await expectRefusal(postJson(path, { file: 'x' }, 'trainee'), {
      status: 400,
      message: UPLOAD_MESSAGES.uploadRequired,
    });
    await expectRefusal(
      { method: 'POST', path, as: 'trainee', body: formOf({ file: new File(['a,b'], `list${NUL}.csv`) }) },
      { status: 400, message: SERVER_MESSAGES.forbiddenCharacter },
    );
    await expectRefusal(
      { method: 'POST', path, as: 'trainee', body: formOf({ file: 'not a file' }) },
      { status: 400, message: UPLOAD_MESSAGES.uploadRequired, field: 'file' },
    );
  });
});

function formOf(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe('multipart sign-up', () => {
  let serial = 0;
  function applicant(overrides: Record<string, string | File> = {}): Record<string, string | File> {
    serial += 1;
    return {
      full_name: 'Hostile Input',
      email: `hostile${serial}@example.com`,
      phone_number: '',
      govt_id_or_iqama_no: String(3_000_000_000 + serial),
      password: 'Strong#Pass9',
      confirm_password: 'Strong#Pass9',
      role: 'TRAINEE',
      ...overrides,
    };
  }
  const register = (fields: Record<string, string | File>): Call => ({
    method: 'POST',
    path: '/user/registration/',
    body: formOf(fields),
  });
  const pdf = (name: string) =>
    new File([Buffer.from('%PDF-1.4\n1 0 obj\nendobj\nstartxref\n0\n%%EOF\n')], name);

  it('refuses a NUL in a text field, in a field name and in the CV file name', async () => {
    await expectRefusal(register(applicant({ full_name: `Hos${NUL}tile` })), refusedNul('full_name'));
    await expectRefusal(register(applicant({ [`role${NUL}`]: 'x' })), refusedNul('role'));
    await expectRefusal(register(applicant({ role: 'TRAINER', cv: pdf(`cv${NUL}.pdf`) })), refusedNul('cv'));
  });

  it('refuses a 4 MB full name with the max-length message, and mails nothing', async () => {
    const fields = applicant({ full_name: 'x'.repeat(4 * KIB * KIB) });
    await expectRefusal(register(fields), { status: 400, message: VALIDATION.nameMax, field: 'full_name' });
    expect(await findUserByEmail(server.db, String(fields.email))).toBeUndefined();
    const { rows } = await server.db.query('SELECT 1 FROM outbox WHERE to_address = $1', [fields.email]);
    expect(rows).toEqual([]);
  });

  it('refuses an over-long password and e-mail address', async () => {
    const long = `Aa1#${'x'.repeat(125)}`;
    await expectRefusal(register(applicant({ password: long, confirm_password: long })), {
      status: 400,
      message: VALIDATION.passwordMax,
      field: 'password',
    });
    await expectRefusal(register(applicant({ email: `${'x'.repeat(250)}@example.com` })), {
      status: 400,
      message: VALIDATION.emailMax,
      field: 'email',
    });
  });

  it('is the one endpoint that takes a form', async () => {
    const { status } = await send(register(applicant()));
    expect(status).toBe(201);
    await expectRefusal(
      {
        method: 'POST',
        path: '/cms/request-course/',
        body: formOf({ full_name: 'Layla', email, description: 'x' }),
      },
      { status: 415, message: SERVER_MESSAGES.jsonRequired },
    );
    await expectRefusal(
      { method: 'POST', path: '/user/registration/', headers: { 'Content-Type': 'text/plain' }, body: 'x' },
      { status: 400, message: SERVER_MESSAGES.multipartRequired },
    );
  });
});

describe('logs', () => {
  let database: TestDatabase;
  const errors: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    await migrate(database.db);
    await seed(database.db, { generatedCourses: 0 });
  }, 60_000);

  afterAll(async () => {
    await database?.drop();
  });

  afterEach(() => {
    vi.restoreAllMocks();
    errors.length = 0;
  });

  /**
   * The database, except that inserting a user fails the way PostgreSQL does, with an error that
   * carries the statement's parameters (as PGlite's do) and repeats the password hash in its message.
   */
  function failingUserInsert(db: Db): Db {
    const wrap = (inner: Db): Db => ({
      ...inner,
      async query(sql, params = []) {
        if (!/INSERT INTO users/.test(sql)) return inner.query(sql, params);
        const hash = params.find((param) => typeof param === 'string' && param.startsWith('scrypt$'));
        // A real refusal of the hash, from whichever engine runs the tests.
        const error = await inner.query('SELECT $1::integer', [hash]).then(
          () => new Error('expected a failure'),
          (refusal: unknown) => refusal as Error,
        );
        throw Object.assign(error, { params: [...params], query: sql });
      },
      transaction: (work) => inner.transaction((tx) => work(wrap(tx))),
    });
    return wrap(db);
  }

  it('logs no statement parameters: no password hash, no password, no code', async () => {
    // Everything the server logs: its JSON lines, and the console in case anything went there.
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
      errors.push(format(...parts));
    });
    const logger = createLogger({
      level: 'trace',
      destination: { write: (line: string) => errors.push(line) },
    });
    const { app } = buildApp({ db: failingUserInsert(database.db), secret: randomTokenSecret(), logger });
    const password = 'Secret#Pass9';
    const form = formOf({
      full_name: 'Log Test',
      email: 'log.test@example.com',
      phone_number: '',
      govt_id_or_iqama_no: '4000000001',
      password,
      confirm_password: password,
      role: 'TRAINEE',
    });
    const response = await app.request(`${API}/user/registration/?token=secret-token-value`, {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      success: false,
      details: [{ message: SERVER_MESSAGES.internalError }],
    });

    const log = errors.join('\n');
    expect(log).toContain('POST /api/v1/user/registration/ failed');
    expect(log).toContain('22P02');
    expect(log).not.toMatch(/scrypt\$/);
    expect(log).not.toContain(password);
    expect(log).not.toContain('secret-token-value');
    expect(log).not.toContain('4000000001');
    expect(log).not.toContain('log.test@example.com');
  });

  it('describes any error by name, code and message only', () => {
    const error = Object.assign(
      new Error('invalid input syntax for type integer: "scrypt$32768$8$1$c2FsdA$aGFzaA"'),
      {
        code: '22P02',
        params: ['scrypt$32768$8$1$c2FsdA$aGFzaA', '7654321'],
        detail: 'Key (code)=(7654321) already exists.',
        query: 'INSERT INTO otp_codes VALUES ($1, $2)',
      },
    );
    const line = describeError(error);
    expect(line).toMatch(/^Error \[22P02\]: invalid input syntax for type integer: "\[redacted\]"/);
    expect(line).not.toContain('scrypt');
    expect(line).not.toContain('7654321');
    expect(line).not.toContain('otp_codes');
    expect(describeError({ password: 'x' })).not.toContain('password');
  });
});
