import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import { loginAnswerSchema, loginResponseSchema, secondFactorResponseSchema } from '@contract/wire/identity';
import {
  auditResponseSchema,
  decisionResponseSchema,
  queueResponseSchema,
  staffWithdrawalResponseSchema,
  trainerApplicationResponseSchema,
} from '@contract/wire/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_IDLE_SECONDS } from '../../server/auth/tokens';
import { adminCommand } from '../../server/cli';
import { findOtp, readOutbox } from '../../server/mail';
import { adminTokenFile } from '../../server/paths';
import { signedInStaff, signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { ensureUser } from '../../server/users';
import { testClient } from '../support/test-client';

let server: TestServer;
let staff: { token: string; user: { id: number; full_name: string; email: string } };

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedInStaff(server, 'decider');
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const { call } = testClient(() => server);

async function lastCode(email: string): Promise<string> {
  const [mail] = await readOutbox(server.db, { to: email, limit: 1 });
  const code = findOtp(mail?.body ?? '');
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

describe('staff sign-in', () => {
  it('asks staff for the mailed code after the password, and signs them in with it', async () => {
    const account = await ensureUser(server.db, {
      email: 'second.factor@example.com',
      password: 'Staff#2026abc',
      full_name: 'Second Factor',
      role: 'ADMIN',
      approved: true,
    });
    const first = await call('/user/login/', {
      body: { username: account.email, password: 'Staff#2026abc' },
    });
    expect(first.status).toBe(200);
    const answer = secondFactorResponseSchema.parse(first.body);
    expect(loginAnswerSchema.parse(first.body)).not.toHaveProperty('access_token');
    expect(answer.second_factor.sent_to).toBe('s•••@example.com');
    const code = await lastCode(account.email);
    expect(code).toHaveLength(7);

    const wrong = await call('/user/login/code/', {
      body: { challenge: answer.second_factor.challenge, code: code === '0000000' ? '1111111' : '0000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ details: [{ field: 'code', message: SERVER_MESSAGES.invalidOtp }] });

    const right = await call('/user/login/code/', {
      // Typed with Arabic-Indic digits, as a phone's Arabic keyboard writes them.
      body: {
        challenge: answer.second_factor.challenge,
        code: code.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d),
      },
    });
    expect(right.status).toBe(200);
    const session = loginResponseSchema.parse(right.body);
    expect(session.data.role).toBe('ADMIN');
    // The code is spent: the same one does not sign in twice.
    const again = await call('/user/login/code/', {
      body: { challenge: answer.second_factor.challenge, code },
    });
    expect(again.status).toBe(400);

    // A staff session lasts 8 hours without activity: the refresh token's lifetime.
    const claims = await server.tokens.verify(session.refresh_token, 'refresh');
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(STAFF_IDLE_SECONDS);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(STAFF_IDLE_SECONDS - 60);
  });

  it('sends a new code on request, and refuses a challenge that is not one', async () => {
    const account = await ensureUser(server.db, {
      email: 'resend.staff@example.com',
      password: 'Staff#2026abc',
      full_name: 'Resend Staff',
      role: 'ADMIN',
      approved: true,
    });
    const first = secondFactorResponseSchema.parse(
      (await call('/user/login/', { body: { username: account.email, password: 'Staff#2026abc' } })).body,
    );
    const old = await lastCode(account.email);
    const resent = await call('/user/login/code/resend/', {
      body: { challenge: first.second_factor.challenge },
    });
    expect(resent.status).toBe(200);
    const fresh = await lastCode(account.email);
    const stale = await call('/user/login/code/', {
      body: { challenge: first.second_factor.challenge, code: old },
    });
    if (old !== fresh) expect(stale.status).toBe(400);
    const bogus = await call('/user/login/code/', { body: { challenge: 'not-a-token', code: fresh } });
    expect(bogus.status).toBe(401);
    expect(bogus.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.signInExpired }] });
    // An access token is no challenge.
    const access = await call('/user/login/code/', { body: { challenge: staff.token, code: fresh } });
    expect(access.status).toBe(401);
  });
});

describe('the approvals queue', () => {
  it('is for staff only', async () => {
    const trainee = await signedInTrainee(server, 'curious');
    expect((await call('/staff/queue/')).status).toBe(401);
    const refused = await call('/staff/queue/', { token: trainee.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.staffOnly }] });
  });

  it('lists a trainer application, shows its CV, and records the rejection with its reason', async () => {
    const applicant = await ensureUser(server.db, {
      email: `applicant.${randomUUID().slice(0, 8)}@example.com`,
      password: 'Trainer#2026abc',
      full_name: 'Applying Trainer',
      role: 'TRAINER',
      approved: false,
    });
    const queue = queueResponseSchema.parse(
      (await call('/staff/queue/?kind=trainer', { token: staff.token })).body,
    );
    expect(queue.data.items.results.map((item) => item.id)).toContain(String(applicant.id));
    expect(queue.data.counts.trainer).toBeGreaterThan(0);

    const details = trainerApplicationResponseSchema.parse(
      (await call(`/staff/trainer-applications/${applicant.id}/`, { token: staff.token })).body,
    );
    expect(details.data).toMatchObject({ email: applicant.email, status: 'waiting', cv: null });

    const noReason = await call(`/staff/trainer-applications/${applicant.id}/reject/`, {
      token: staff.token,
      body: { reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({
      details: [{ field: 'reason', message: STAFF_MESSAGES.reasonInvalid }],
    });

    const rejected = await call(`/staff/trainer-applications/${applicant.id}/reject/`, {
      token: staff.token,
      body: { reason: 'No teaching experience yet' },
    });
    expect(rejected.status).toBe(200);
    expect(decisionResponseSchema.parse(rejected.body).message).toBe(STAFF_MESSAGES.trainerRejected);
    const twice = await call(`/staff/trainer-applications/${applicant.id}/approve/`, {
      token: staff.token,
      body: {},
    });
    expect(twice.status).toBe(409);

    // The applicant is told by mail, and their sign-in says so.
    const [mail] = await readOutbox(server.db, { to: applicant.email, limit: 1 });
    expect(mail?.body).toContain('No teaching experience yet');
    const login = await call('/user/login/', {
      body: { username: applicant.email, password: 'Trainer#2026abc' },
    });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.applicationRejected }] });

    const audit = auditResponseSchema.parse(
      (await call('/staff/audit/?action=trainer.reject', { token: staff.token })).body,
    );
    expect(audit.data.results[0]).toMatchObject({
      actor: { id: staff.user.id, full_name: staff.user.full_name },
      action: 'trainer.reject',
      subject: { kind: 'trainer', id: String(applicant.id) },
      reason: 'No teaching experience yet',
      before: { status: 'waiting' },
      after: { status: 'rejected' },
      via: 'web',
    });
  });

  it('confirms a cash payment and approves the withdrawal with the refund the rules give', async () => {
    const { rows } = await server.db.query<{ id: number }>(
      `SELECT id FROM courses WHERE status = 'Approved' AND price_halalas > 0 ORDER BY id DESC LIMIT 1`,
    );
    const courseId = rows[0]?.id ?? 0;
    await server.db.query(
      'UPDATE courses SET start_date = current_date + 30, end_date = current_date + 60 WHERE id = $1',
      [courseId],
    );
    const trainee = await signedInTrainee(server, 'payer');
    const paid = await call('/payments/', {
      token: trainee.token,
      body: { course_id: courseId, method: 'cash', idempotency_key: randomUUID(), terms_accepted: true },
    });
    const paymentId = String((paid.body as { id: string }).id);
    const queue = queueResponseSchema.parse(
      (await call('/staff/queue/?kind=cash', { token: staff.token })).body,
    );
    expect(queue.data.items.results.map((item) => item.id)).toContain(paymentId);

    const confirmed = await call(`/staff/cash-payments/${paymentId}/confirm/`, {
      token: staff.token,
      body: {},
    });
    expect(confirmed.status).toBe(200);
    expect(decisionResponseSchema.parse(confirmed.body).data.outcome).toBe('paid');
    expect(
      (await call(`/staff/cash-payments/${paymentId}/confirm/`, { token: staff.token, body: {} })).status,
    ).toBe(409);

    const asked = await call('/course/enroll-status-update/', {
      token: trainee.token,
      body: { course_id: courseId, reason: 'My plans changed' },
    });
    expect(asked.status).toBe(200);
    const withdrawals = queueResponseSchema.parse(
      (await call('/staff/queue/?kind=withdrawal', { token: staff.token })).body,
    );
    const item = withdrawals.data.items.results.find((entry) => entry.person.id === trainee.user.id);
    expect(item).toBeDefined();
    const request = staffWithdrawalResponseSchema.parse(
      (await call(`/staff/withdrawals/${item?.id}/`, { token: staff.token })).body,
    );
    expect(request.data).toMatchObject({
      before_start: true,
      reason: 'My plans changed',
      payment: { method: 'cash' },
    });
    expect(request.data.refund).toBe(request.data.payment?.total);

    const approved = await call(`/staff/withdrawals/${item?.id}/approve/`, { token: staff.token, body: {} });
    expect(approved.status).toBe(200);
    expect(decisionResponseSchema.parse(approved.body).data.outcome).toBe('dropped');

    const audit = auditResponseSchema.parse((await call('/staff/audit/', { token: staff.token })).body);
    const actions = audit.data.results.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['payment.confirm_cash', 'withdrawal.approve']));
    const approval = audit.data.results.find((entry) => entry.action === 'withdrawal.approve');
    expect(approval?.after).toMatchObject({
      status: 'dropped',
      refund: request.data.refund,
      refund_method: 'cash',
    });
  });

  it('refuses a filter it does not know with a sentence, never a 500', async () => {
    for (const query of ['?kind=everything', '?page=0']) {
      expect((await call(`/staff/queue/${query}`, { token: staff.token })).status).toBe(400);
    }
    for (const query of ['?action=delete', '?from=yesterday', '?to=2026-13-45']) {
      const answer = await call(`/staff/audit/${query}`, { token: staff.token });
      expect(answer.status).toBe(400);
    }
    expect((await call('/staff/cash-payments/not-a-uuid/', { token: staff.token })).status).toBe(404);
    expect((await call('/staff/withdrawals/99999999/', { token: staff.token })).status).toBe(404);
  });
});

describe('the audit log', () => {
  it('can only be added to', async () => {
    await expect(server.db.query('UPDATE audit_log SET reason = $1', ['changed'])).rejects.toThrow(
      /only be added to/,
    );
    await expect(server.db.query('DELETE FROM audit_log')).rejects.toThrow(/only be added to/);
    await expect(server.db.query('TRUNCATE audit_log')).rejects.toThrow(/only be added to/);
  });
});

describe('npm run admin -- create-admin', () => {
  it('makes a staff account and mails the invitation', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kfu-create-admin-'));
    await writeFile(adminTokenFile(dataDir), `${server.adminToken}\n`);
    const email = `new.staff.${randomUUID().slice(0, 6)}@example.com`;
    const made = await adminCommand(['create-admin', email, '--name', 'New Staff', '--url', server.url], {
      env: { DATA_DIR: dataDir, KFU_STAFF_TOKEN: server.staffToken },
    });
    await rm(dataDir, { recursive: true, force: true });
    expect(made.err).toEqual([]);
    expect(made.code).toBe(0);
    expect(made.out.join('\n')).toContain(`Made the staff account New Staff <${email}>`);
    const { rows } = await server.db.query<{ role: string }>('SELECT role FROM users WHERE email = $1', [
      email,
    ]);
    expect(rows[0]?.role).toBe('ADMIN');
    const [mail] = await readOutbox(server.db, { to: email, limit: 1 });
    expect(mail?.subject).toContain('staff');
  });

  it('makes the first account with the shared admin token, and no other: staff invite under their name', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kfu-first-admin-'));
    await writeFile(adminTokenFile(dataDir), `${server.adminToken}\n`);
    const create = (email: string) =>
      adminCommand(['create-admin', email, '--url', server.url], { env: { DATA_DIR: dataDir } });
    try {
      const refused = await create(`second.${randomUUID().slice(0, 6)}@example.com`);
      expect(refused).toMatchObject({ code: 1, err: [`${STAFF_MESSAGES.personalTokenRequired}.`] });
      // Every member of staff disabled: the operator's shell makes a new first account.
      const { rows: active } = await server.db.query<{ id: number }>(
        "UPDATE users SET disabled_at = now() WHERE role = 'ADMIN' AND disabled_at IS NULL RETURNING id",
      );
      try {
        const email = `first.${randomUUID().slice(0, 6)}@example.com`;
        const made = await create(email);
        expect(made.err).toEqual([]);
        expect(made.out.join('\n')).toContain(`Made the staff account`);
        expect(made.out.join('\n')).toContain(email);
        // The personal token of a disabled account decides nothing either.
        const { status } = await call('/admin/approve-trainer/', {
          admin: true,
          body: { email: 'nobody@example.com' },
        });
        expect(status).toBe(401);
        await server.db.query('UPDATE users SET disabled_at = now() WHERE email = $1', [email]);
      } finally {
        await server.db.query('UPDATE users SET disabled_at = NULL WHERE id = ANY($1)', [
          active.map(({ id }) => id),
        ]);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
