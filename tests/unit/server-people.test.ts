import { randomUUID } from 'node:crypto';
import { toArabicIndicDigits } from '@contract/domain/digits';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import { loginResponseSchema } from '@contract/wire/identity';
import {
  peopleResponseSchema,
  personAccountResponseSchema,
  personResponseSchema,
} from '@contract/wire/people';
import { auditResponseSchema } from '@contract/wire/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSessionUser } from '../../server/auth/sessions';
import { findOtp, readOutbox } from '../../server/mail';
import { LEARNING_COURSES } from '../../server/seed-learning';
import { recordSignIn, SIGN_INS_KEPT, SIGN_INS_SHOWN } from '../../server/staff/people';
import { beginSecondFactor } from '../../server/staff/sign-in';
import { enrolBySlug, signedInStaff, startTestServer, type TestServer } from '../../server/testing';
import { ensureUser, type UserRow } from '../../server/users';
import { STAFF_SCREEN_MESSAGES } from '../../src/features/staff/known-messages';
import { testClient } from '../support/test-client';

let server: TestServer;
let staff: { token: string; user: UserRow };
let person: UserRow;
const PASSWORD = 'People#2026xyz';
const BROWSER = 'Mozilla/5.0 (People test) Firefox/140.0';

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedInStaff(server, 'people');
  person = await ensureUser(server.db, {
    email: 'nour.people@example.com',
    password: PASSWORD,
    full_name: 'Nour Al-Harbi',
    role: 'TRAINEE',
    phone_number: '0557654321',
    govt_id_or_iqama_no: '1077700011',
    approved: true,
  });
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const { call } = testClient(() => server);

function logIn(username: string, password = PASSWORD) {
  return call('/user/login/', { body: { username, password }, headers: { 'User-Agent': BROWSER } });
}

async function search(query: string) {
  const answer = await call(`/staff/people/${query}`, { token: staff.token });
  expect(answer.status).toBe(200);
  return peopleResponseSchema.parse(answer.body).data;
}

describe('people search', () => {
  it('finds a person by name, e-mail, phone or id number, Arabic-Indic digits included', async () => {
    const queries = [
      'nour al-harbi',
      'NOUR.PEOPLE@',
      '0557654321',
      toArabicIndicDigits('0557654321'),
      '055 765 4321',
      toArabicIndicDigits('1077700011'),
      '1077700',
      String(person.id),
    ];
    for (const q of queries) {
      const found = await search(`?q=${encodeURIComponent(q)}`);
      expect(
        found.results.map((row) => row.id),
        q,
      ).toContain(person.id);
    }
    const [row] = (await search('?q=nour.people%40example.com')).results;
    expect(row).toEqual({
      id: person.id,
      full_name: 'Nour Al-Harbi',
      email: 'nour.people@example.com',
      phone_number: '0557654321',
      role: 'TRAINEE',
      disabled: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect((await search('?q=nobody-matches-this')).results).toEqual([]);
  });

  it('filters by role, pages newest first, and refuses a role or page it does not know', async () => {
    const staffOnly = await search('?role=ADMIN');
    expect(staffOnly.results.length).toBeGreaterThan(0);
    expect(staffOnly.results.every((row) => row.role === 'ADMIN')).toBe(true);
    expect((await search('?q=Nour%20Al-Harbi&role=TRAINER')).results).toEqual([]);

    const first = await search('?limit=2');
    expect(first.results).toHaveLength(2);
    const [a, b] = first.results;
    expect((a?.created_at ?? '') >= (b?.created_at ?? '')).toBe(true);
    const second = await search('?limit=2&page=2');
    expect(second.page).toBe(2);
    expect(second.results.map((row) => row.id)).not.toContain(a?.id);

    const badRole = await call('/staff/people/?role=OWNER', { token: staff.token });
    expect(badRole.status).toBe(400);
    expect(badRole.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.roleInvalid }] });
    const badPage = await call('/staff/people/?page=zero', { token: staff.token });
    expect(badPage.status).toBe(400);
    expect(badPage.body).toMatchObject({ details: [{ message: SERVER_MESSAGES.pageInvalid }] });
  });
});

describe("a person's page", () => {
  it('shows the account, enrolments, payments, certificates and recent sign-ins', async () => {
    expect((await logIn(person.email)).status).toBe(200);
    const courseId = await enrolBySlug(server, person.id, LEARNING_COURSES.cloud.slug);
    const paymentId = randomUUID();
    await server.db.query(
      `INSERT INTO payments (id, user_id, course_id, method, status, subtotal, vat, total, vat_rate, idempotency_key)
       VALUES ($1, $2, $3, 'cash', 'awaiting_cash', 10000, 1500, 11500, 1500, $4)`,
      [paymentId, person.id, courseId, randomUUID()],
    );
    await server.db.query(
      `INSERT INTO certificates (code, user_id, course_id, holder_name, course_title, course_title_ar,
         trainer_name, start_date, end_date, hours)
       VALUES ('PEOP-LE00-0000-0001', $1, $2, 'Nour Al-Harbi', 'Cloud Computing Fundamentals', 'أساسيات الحوسبة السحابية',
         'Trainer', '2026-01-01', '2026-02-01', 12)`,
      [person.id, courseId],
    );
    const answer = await call(`/staff/people/${person.id}/`, { token: staff.token });
    expect(answer.status).toBe(200);
    const page = personResponseSchema.parse(answer.body).data;
    expect(page).toMatchObject({
      id: person.id,
      full_name: 'Nour Al-Harbi',
      role: 'TRAINEE',
      phone_number: '0557654321',
      govt_id_or_iqama_no: '1077700011',
      disabled: null,
    });
    expect(page.enrolments).toEqual([
      expect.objectContaining({
        course: expect.objectContaining({ id: courseId, title: LEARNING_COURSES.cloud.title }),
        status: 'enrolled',
      }),
    ]);
    expect(page.payments).toEqual([
      expect.objectContaining({ id: paymentId, method: 'cash', status: 'awaiting_cash', total: 11500 }),
    ]);
    expect(page.certificates).toEqual([
      expect.objectContaining({ code: 'PEOP-LE00-0000-0001', revoked_at: null }),
    ]);
    expect(page.sign_ins[0]).toMatchObject({ user_agent: BROWSER });
    expect(JSON.stringify(page)).not.toMatch(/token|password/i);
  });

  it('keeps the last sign-ins only, and shows the newest ten', async () => {
    const { user } = await signedInStaff(server, 'frequent');
    for (let i = 0; i < SIGN_INS_KEPT + 5; i += 1) {
      await recordSignIn(server.db, user.id, { ip: `203.0.113.${i}`, userAgent: `Browser ${i}` });
    }
    const { rows } = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM sign_ins WHERE user_id = $1',
      [user.id],
    );
    expect(rows[0]?.count).toBe(SIGN_INS_KEPT);
    const page = personResponseSchema.parse(
      (await call(`/staff/people/${user.id}/`, { token: staff.token })).body,
    );
    expect(page.data.sign_ins).toHaveLength(SIGN_INS_SHOWN);
    expect(page.data.sign_ins[0]).toEqual({
      at: expect.any(String),
      ip: `203.0.113.${SIGN_INS_KEPT + 4}`,
      user_agent: `Browser ${SIGN_INS_KEPT + 4}`,
    });
  });

  it('answers 404 for an account that does not exist', async () => {
    for (const id of ['99999999', 'abc']) {
      const answer = await call(`/staff/people/${id}/`, { token: staff.token });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ details: [{ message: SERVER_MESSAGES.notFound }] });
    }
  });
});

describe('disabling and enabling an account', () => {
  it('signs the person out everywhere, says so at sign-in, and enabling lets them in again', async () => {
    const session = loginResponseSchema.parse((await logIn(person.email)).body);
    expect((await call('/user/profile/', { token: session.access_token })).status).toBe(200);

    const noReason = await call(`/staff/people/${person.id}/disable/`, {
      token: staff.token,
      body: { reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.reasonInvalid }] });
    const notJson = await call(`/staff/people/${person.id}/disable/`, { token: staff.token, body: 'reason' });
    expect(notJson.status).toBe(400);

    const reason = 'Shared the account with others';
    const disabled = await call(`/staff/people/${person.id}/disable/`, {
      token: staff.token,
      body: { reason },
    });
    expect(disabled.status).toBe(200);
    expect(personAccountResponseSchema.parse(disabled.body)).toEqual({
      success: true,
      message: STAFF_MESSAGES.personDisabled,
      data: { id: person.id, disabled: true },
    });

    // Signed out at once: the access token and the refresh token are refused.
    expect((await call('/user/profile/', { token: session.access_token })).status).toBe(401);
    const refreshed = await call('/user/refresh-token/', { body: { refresh_token: session.refresh_token } });
    expect(refreshed.status).toBe(401);
    // A token signed before with the current session version is refused too.
    const now = await findSessionUser(server.db, person.id);
    if (!now) throw new Error('the person is gone');
    const current = await server.tokens.issue('access', now);
    expect((await call('/user/profile/', { token: current.token })).status).toBe(401);

    const refused = await logIn(person.email);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ details: [{ message: SERVER_MESSAGES.accountDisabled }] });
    // A wrong password is told nothing more.
    expect((await logIn(person.email, 'Wrong#2026xyz')).status).toBe(401);

    const page = personResponseSchema.parse(
      (await call(`/staff/people/${person.id}/`, { token: staff.token })).body,
    );
    expect(page.data.disabled).toEqual({ at: expect.any(String), reason });
    expect((await search('?q=nour.people')).results[0]?.disabled).toBe(true);

    const again = await call(`/staff/people/${person.id}/disable/`, { token: staff.token, body: { reason } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.alreadyDisabled }] });

    // A password reset does not enable the account.
    expect((await call('/user/reset-password/', { body: { email_or_phone: person.email } })).status).toBe(
      200,
    );
    const [mail] = await readOutbox(server.db, { to: person.email, limit: 1 });
    const verified = await call<{ token: string }>('/user/otp-verify/', {
      body: { email_or_phone: person.email, otp_code: findOtp(mail?.body ?? '') },
    });
    expect(verified.status).toBe(200);
    const fresh = 'Fresh#2026start';
    const set = await call('/user/set-password/', {
      body: { new_password: fresh, confirm_password: fresh, token: verified.body.token },
    });
    expect(set.status).toBe(200);
    expect((await logIn(person.email, fresh)).status).toBe(403);

    const enabled = await call(`/staff/people/${person.id}/enable/`, { token: staff.token, body: {} });
    expect(enabled.status).toBe(200);
    expect(personAccountResponseSchema.parse(enabled.body)).toMatchObject({
      message: STAFF_MESSAGES.personEnabled,
      data: { id: person.id, disabled: false },
    });
    const back = await logIn(person.email, fresh);
    expect(back.status).toBe(200);
    const { access_token } = loginResponseSchema.parse(back.body);
    expect((await call('/user/profile/', { token: access_token })).status).toBe(200);

    const enabledAgain = await call(`/staff/people/${person.id}/enable/`, { token: staff.token, body: {} });
    expect(enabledAgain.status).toBe(409);
    expect(enabledAgain.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.notDisabled }] });

    // Both decisions are in the audit log, with the staff member, the reason, before and after.
    const audit = auditResponseSchema.parse(
      (await call('/staff/audit/?actor=people.staff', { token: staff.token })).body,
    ).data.results;
    expect(audit.map((entry) => entry.action)).toEqual(['person.enable', 'person.disable']);
    const [enable, disable] = audit;
    expect(disable).toMatchObject({
      actor: { id: staff.user.id },
      subject: { kind: 'person', id: String(person.id), label: 'Nour Al-Harbi <nour.people@example.com>' },
      reason,
      before: { disabled: false, disabled_at: null },
      after: { disabled: true, reason },
    });
    expect(enable).toMatchObject({
      reason: null,
      before: { disabled: true, reason },
      after: { disabled: false, disabled_at: null, reason: null },
    });
  });

  it('refuses a disabled member of staff at the mailed code, and staff cannot disable themselves', async () => {
    const self = await call(`/staff/people/${staff.user.id}/disable/`, {
      token: staff.token,
      body: { reason: 'Testing' },
    });
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.cannotDisableSelf }] });

    const colleague = await ensureUser(server.db, {
      email: 'colleague.people@example.com',
      password: PASSWORD,
      full_name: 'Colleague',
      role: 'ADMIN',
      approved: true,
    });
    const { second_factor } = await beginSecondFactor(server.db, server.tokens, server.url, colleague);
    const [mail] = await readOutbox(server.db, { to: colleague.email, limit: 1 });
    const disabled = await call(`/staff/people/${colleague.id}/disable/`, {
      token: staff.token,
      body: { reason: 'Left the centre' },
    });
    expect(disabled.status).toBe(200);
    const code = await call('/user/login/code/', {
      body: { challenge: second_factor.challenge, code: findOtp(mail?.body ?? '') },
    });
    expect(code.status).toBe(403);
    expect(code.body).toMatchObject({ details: [{ message: SERVER_MESSAGES.accountDisabled }] });
    // The disabled colleague's own staff calls end too.
    const token = (await server.tokens.issue('access', colleague)).token;
    expect((await call('/staff/people/', { token })).status).toBe(401);
  });

  it('answers 404 for an account that does not exist', async () => {
    for (const action of ['disable', 'enable']) {
      const answer = await call(`/staff/people/99999999/${action}/`, {
        token: staff.token,
        body: { reason: 'Nobody' },
      });
      expect(answer.status).toBe(404);
    }
  });
});

it("translates every sentence of the people's calls in the staff screens", () => {
  const sentences = [
    STAFF_MESSAGES.personDisabled,
    STAFF_MESSAGES.personEnabled,
    STAFF_MESSAGES.alreadyDisabled,
    STAFF_MESSAGES.notDisabled,
    STAFF_MESSAGES.cannotDisableSelf,
    STAFF_MESSAGES.roleInvalid,
  ];
  expect(sentences.filter((sentence) => !STAFF_SCREEN_MESSAGES[sentence])).toEqual([]);
});
