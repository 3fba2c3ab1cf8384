import { STAFF_MESSAGES } from '@contract/messages/staff';
import { VERIFICATION_MESSAGES } from '@contract/messages/verification';
import { auditResponseSchema } from '@contract/wire/staff';
import {
  revokeCertificateResponseSchema,
  staffCertificatesResponseSchema,
} from '@contract/wire/staff-certificates';
import { certificateCheckSchema } from '@contract/wire/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff, signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { testClient } from '../support/test-client';

let server: TestServer;
let staff: { token: string; user: { id: number; full_name: string; email: string } };

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedInStaff(server, 'registrar');
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const { call } = testClient(() => server);

/** A seeded certificate nobody revoked, with its holder's name and address. */
async function validCertificate() {
  const { rows } = await server.db.query<{
    code: string;
    holder_name: string;
    email: string;
    user_id: number;
  }>(
    `SELECT c.code, c.holder_name, u.email, c.user_id FROM certificates c JOIN users u ON u.id = c.user_id
     WHERE c.revoked_at IS NULL ORDER BY c.id DESC LIMIT 1`,
  );
  const row = rows[0];
  if (!row) throw new Error('No valid seeded certificate');
  return row;
}

describe('GET /staff/certificates/', () => {
  it('lists every certificate, newest first, a page at a time', async () => {
    const { rows } = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM certificates',
    );
    const answer = await call('/staff/certificates/?limit=2', { token: staff.token });
    expect(answer.status).toBe(200);
    const { data } = staffCertificatesResponseSchema.parse(answer.body);
    expect(data.count).toBe(rows[0]?.count);
    expect(data.results.length).toBe(Math.min(2, data.count));
    const issued = data.results.map((certificate) => certificate.issued_at);
    expect(issued).toEqual([...issued].sort().reverse());
  });

  it('finds one by its code, typed loosely', async () => {
    const certificate = await validCertificate();
    const loose = certificate.code.toLowerCase().replace(/-/g, ' ').replace('kfu ', '');
    const answer = await call(`/staff/certificates/?q=${encodeURIComponent(loose)}`, { token: staff.token });
    const { data } = staffCertificatesResponseSchema.parse(answer.body);
    expect(data.count).toBe(1);
    expect(data.results[0]).toMatchObject({
      code: certificate.code,
      holder: { full_name: certificate.holder_name, email: certificate.email },
      revoked_at: null,
    });
  });

  it("finds the holder's certificates by part of the name or the e-mail", async () => {
    const certificate = await validCertificate();
    for (const q of [certificate.holder_name.slice(1, 6).toUpperCase(), certificate.email]) {
      const answer = await call(`/staff/certificates/?q=${encodeURIComponent(q)}`, { token: staff.token });
      const { data } = staffCertificatesResponseSchema.parse(answer.body);
      expect(data.results.map((found) => found.code)).toContain(certificate.code);
    }
    const none = await call('/staff/certificates/?q=%25', { token: staff.token });
    expect(staffCertificatesResponseSchema.parse(none.body).data.count).toBe(0);
  });

  it('refuses a search too long and a bad page', async () => {
    const long = await call(`/staff/certificates/?q=${'a'.repeat(201)}`, { token: staff.token });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.searchTooLong }] });
    const page = await call('/staff/certificates/?page=0', { token: staff.token });
    expect(page.status).toBe(400);
  });

  it('is for the staff only', async () => {
    const trainee = await signedInTrainee(server, 'holder');
    expect((await call('/staff/certificates/', { token: trainee.token })).status).toBe(403);
    expect((await call('/staff/certificates/')).status).toBe(401);
  });
});

describe('POST /staff/certificates/:code/revoke/', () => {
  it('revokes with the reason, tells the holder, records it, and the public check says revoked', async () => {
    const certificate = await validCertificate();
    const path = `/staff/certificates/${certificate.code}/revoke/`;
    const noReason = await call(path, { token: staff.token, body: { reason: '   ' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.reasonInvalid }] });
    const tooLong = await call(path, { token: staff.token, body: { reason: 'x'.repeat(501) } });
    expect(tooLong.status).toBe(400);

    const revoked = await call(path, { token: staff.token, body: { reason: '  Issued by mistake ' } });
    expect(revoked.status).toBe(200);
    const answer = revokeCertificateResponseSchema.parse(revoked.body);
    expect(answer.message).toBe(STAFF_MESSAGES.certificateRevoked);
    expect(answer.data).toMatchObject({ code: certificate.code, revoke_reason: 'Issued by mistake' });
    expect(answer.data.revoked_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const check = await call(`/certificates/${certificate.code}/`);
    expect(certificateCheckSchema.parse(check.body)).toMatchObject({
      status: 'revoked',
      revoke_reason: 'Issued by mistake',
    });
    const { rows } = await server.db.query<{ title: string }>(
      'SELECT title FROM notifications WHERE user_id = $1 AND link = $2',
      [certificate.user_id, `/verify/${certificate.code}`],
    );
    expect(rows).toEqual([{ title: 'Your certificate was revoked' }]);

    const audit = auditResponseSchema.parse(
      (await call('/staff/audit/?action=certificate.revoke', { token: staff.token })).body,
    );
    expect(audit.data.results[0]).toMatchObject({
      actor: { id: staff.user.id, full_name: staff.user.full_name },
      action: 'certificate.revoke',
      subject: { kind: 'certificate', id: certificate.code },
      reason: 'Issued by mistake',
      before: { status: 'valid' },
      after: { status: 'revoked' },
      via: 'web',
    });

    // Once only: the first reason stays, nothing more is recorded.
    const again = await call(path, { token: staff.token, body: { reason: 'Another reason' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ details: [{ message: STAFF_MESSAGES.certificateAlreadyRevoked }] });
    const after = auditResponseSchema.parse(
      (await call('/staff/audit/?action=certificate.revoke', { token: staff.token })).body,
    );
    expect(after.data.count).toBe(audit.data.count);
  });

  it('answers 404 for a code no certificate has, or that is no code', async () => {
    for (const code of ['KFU-0000-0000-0000-0000', 'nonsense']) {
      const answer = await call(`/staff/certificates/${code}/revoke/`, {
        token: staff.token,
        body: { reason: 'Issued by mistake' },
      });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ details: [{ message: VERIFICATION_MESSAGES.unknown }] });
    }
  });

  it('is for the staff only', async () => {
    const certificate = await validCertificate();
    const trainee = await signedInTrainee(server, 'holder');
    const answer = await call(`/staff/certificates/${certificate.code}/revoke/`, {
      token: trainee.token,
      body: { reason: 'Issued by mistake' },
    });
    expect(answer.status).toBe(403);
    expect((await validCertificate()).code).toBe(certificate.code);
  });
});
