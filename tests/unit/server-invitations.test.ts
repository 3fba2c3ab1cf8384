import { checkInvitees } from '@contract/forms/invitations';
import { INVITATION_MESSAGES } from '@contract/messages/invitations';
import {
  invitationAcceptedSchema,
  invitationSchema,
  invitationsSentSchema,
  sentInvitationsSchema,
} from '@contract/wire/invitations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../../server/invitations/queries';
import { RATE_LIMITS } from '../../server/rate-limits';
import { LEARNING_COURSES } from '../../server/seed-learning';
import { courseIdBySlug, signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import type { UserRow } from '../../server/users';
import { testClient } from '../support/test-client';

let server: TestServer;
let courseId: number;

const { call } = testClient(() => server);

function firstMessage(body: unknown): string | undefined {
  return (body as { details?: { message: string }[] }).details?.[0]?.message;
}

/** The mails queued for an address, newest first. */
async function mailsTo(address: string): Promise<{ subject: string; body: string }[]> {
  const { rows } = await server.db.query<{ subject: string; body: string }>(
    'SELECT subject, body FROM outbox WHERE to_address = $1 ORDER BY id DESC',
    [address],
  );
  return rows;
}

/** The token of the latest invitation mailed to an address (its link's last segment). */
async function tokenMailedTo(address: string): Promise<string> {
  const mail = (await mailsTo(address))[0];
  const token = mail?.body.match(/\/invitations\/([A-Za-z0-9_-]{43})\n/)?.[1];
  if (!token) throw new Error(`No invitation link was mailed to ${address}`);
  return token;
}

let inviteCount = 0;
/** A fresh address nobody uses. */
function fresh(name = 'friend'): string {
  inviteCount += 1;
  return `${name}.${inviteCount}.${Date.now()}@example.org`;
}

async function notificationsOf(user: UserRow): Promise<{ text: string; link: string | null }[]> {
  const { rows } = await server.db.query<{ text: string; link: string | null }>(
    'SELECT text, link FROM notifications WHERE user_id = $1 ORDER BY id DESC',
    [user.id],
  );
  return rows;
}

beforeAll(async () => {
  server = await startTestServer({
    // Higher per-inviter limit here, so that the tests do not need an inviter each; its own test below.
    rateLimits: { ...RATE_LIMITS, inviteAccount: { ...RATE_LIMITS.inviteAccount, max: 1000 } },
    messages: {
      publicOrigin: 'https://training.example.edu',
      mail: { transport: 'outbox', from: 'no-reply@training.example.edu' },
      sms: { transport: 'outbox' },
    },
  });
  courseId = await courseIdBySlug(server, LEARNING_COURSES.cloud.slug);
});

afterAll(async () => {
  await server?.close();
});

describe('the addresses of a request (shared rule)', () => {
  it('trims, lower-cases and merges, skipping empty entries', () => {
    expect(checkInvitees([' Huda@Example.com ', 'huda@example.com', '', 'omar@example.com'])).toEqual({
      ok: true,
      emails: ['huda@example.com', 'omar@example.com'],
    });
  });
  it('names the first bad address and its place', () => {
    expect(checkInvitees(['a@example.com', ' not-an-address ', 'b@'])).toEqual({
      ok: false,
      reason: 'invalid',
      address: 'not-an-address',
      index: 1,
    });
  });
  it('takes five distinct addresses, not six; nothing is refused', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((name) => `${name}@example.com`);
    expect(checkInvitees([...five, 'A@example.com']).ok).toBe(true);
    expect(checkInvitees([...five, 'f@example.com'])).toEqual({ ok: false, reason: 'too_many' });
    expect(checkInvitees(['', '  '])).toEqual({ ok: false, reason: 'none' });
  });
});

describe('POST /invitations/', () => {
  it('sends one mail per distinct address, with the link, and answers the addresses', async () => {
    const { token } = await signedInTrainee(server, 'inviter');
    const first = fresh();
    const second = fresh();
    const { status, body } = await call('/invitations/', {
      token,
      method: 'POST',
      body: { emails: [` ${first.toUpperCase()} `, first, second], course_id: courseId },
    });
    expect(status).toBe(201);
    const answer = invitationsSentSchema.parse(body);
    expect(answer).toEqual({
      success: true,
      message: INVITATION_MESSAGES.sent,
      data: { sent: [first, second] },
    });
    const mails = await mailsTo(first);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('https://training.example.edu/invitations/');
    expect(mails[0]?.body).toContain(LEARNING_COURSES.cloud.title);
    // English then Arabic.
    expect(mails[0]?.body.indexOf('Accept the invitation')).toBeGreaterThan(-1);
    expect(mails[0]?.body.indexOf('Accept the invitation')).toBeLessThan(
      mails[0]?.body.indexOf('قبول الدعوة') ?? 0,
    );
    const mailed = await tokenMailedTo(first);
    // Only the hash of the token is kept.
    const { rows } = await server.db.query<{ token_hash: string; expires_at: Date; created_at: Date }>(
      'SELECT token_hash, expires_at, created_at FROM invitations WHERE email = $1',
      [first],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(tokenHash(mailed));
    expect(rows[0]?.token_hash).not.toContain(mailed);
    const days = ((rows[0]?.expires_at.getTime() ?? 0) - (rows[0]?.created_at.getTime() ?? 0)) / 86_400_000;
    expect(days).toBe(14);
  });

  it('starts the link at PUBLIC_ORIGIN, never at the Host the request names', async () => {
    const { token } = await signedInTrainee(server, 'inviter');
    const address = fresh();
    const answer = await call('/invitations/', {
      token,
      method: 'POST',
      body: { emails: [address] },
      headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
    });
    expect(answer.status).toBe(201);
    const body = (await mailsTo(address))[0]?.body ?? '';
    expect(body).toContain('https://training.example.edu/invitations/');
    expect(body).not.toContain('evil.example');
  });

  it('refuses the whole request for one bad address, naming it; sends nothing', async () => {
    const { token } = await signedInTrainee(server, 'inviter');
    const good = fresh();
    const { status, body } = await call('/invitations/', {
      token,
      method: 'POST',
      body: { emails: [good, 'huda@example'], course_id: courseId },
    });
    expect(status).toBe(400);
    expect(firstMessage(body)).toBe('huda@example is not a valid e-mail address');
    expect(await mailsTo(good)).toHaveLength(0);
  });

  it('refuses more than five distinct addresses, none, and the inviter’s own', async () => {
    const { user, token } = await signedInTrainee(server, 'inviter');
    const six = Array.from({ length: 6 }, () => fresh());
    const tooMany = await call('/invitations/', { token, method: 'POST', body: { emails: six } });
    expect(tooMany.status).toBe(400);
    expect(firstMessage(tooMany.body)).toBe(INVITATION_MESSAGES.tooMany);
    const none = await call('/invitations/', { token, method: 'POST', body: { emails: [' '] } });
    expect(firstMessage(none.body)).toBe(INVITATION_MESSAGES.noAddress);
    const own = await call('/invitations/', {
      token,
      method: 'POST',
      body: { emails: [fresh(), user.email.toUpperCase()] },
    });
    expect(own.status).toBe(400);
    expect(firstMessage(own.body)).toBe(INVITATION_MESSAGES.ownAddress);
    const shape = await call('/invitations/', { token, method: 'POST', body: { emails: 'a@example.com' } });
    expect(shape.status).toBe(400);
    expect(firstMessage(shape.body)).toBe(INVITATION_MESSAGES.requestInvalid);
  });

  it('refuses a course that is not approved or does not exist', async () => {
    const { token } = await signedInTrainee(server, 'inviter');
    const { status, body } = await call('/invitations/', {
      token,
      method: 'POST',
      body: { emails: [fresh()], course_id: 999_999 },
    });
    expect(status).toBe(404);
    expect(firstMessage(body)).toBe(INVITATION_MESSAGES.courseUnavailable);
  });

  it('limits the invitations one address receives a day, all inviters together', async () => {
    const address = fresh('popular');
    for (let count = 0; count < RATE_LIMITS.inviteRecipient.max; count += 1) {
      const { token } = await signedInTrainee(server, 'inviter');
      expect(
        (await call('/invitations/', { token, method: 'POST', body: { emails: [address] } })).status,
      ).toBe(201);
    }
    const { token } = await signedInTrainee(server, 'inviter');
    const other = fresh();
    const refused = await call('/invitations/', {
      token,
      method: 'POST',
      body: { emails: [other, address] },
    });
    expect(refused.status).toBe(429);
    // The transaction is undone: the other address got nothing either.
    expect(await mailsTo(other)).toHaveLength(0);
    expect(await mailsTo(address)).toHaveLength(RATE_LIMITS.inviteRecipient.max);
  });

  it('limits the addresses one trainee invites a day', async () => {
    const limited = await startTestServer({
      rateLimits: { ...RATE_LIMITS, inviteAccount: { ...RATE_LIMITS.inviteAccount, max: 6 } },
    });
    try {
      const { token } = await signedInTrainee(limited, 'inviter');
      const send = (emails: string[]) =>
        testClient(limited)
          .call('/invitations/', { token, body: { emails } })
          .then((answer) => answer.status);
      expect(await send([fresh(), fresh(), fresh(), fresh(), fresh()])).toBe(201);
      expect(await send([fresh()])).toBe(201);
      expect(await send([fresh()])).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('notifies an address that belongs to an account, linking to the invitation', async () => {
    const { token } = await signedInTrainee(server, 'inviter');
    const invitee = await signedInTrainee(server, 'invitee');
    await call('/invitations/', {
      token,
      method: 'POST',
      body: { emails: [invitee.user.email], course_id: courseId },
    });
    const mailed = await tokenMailedTo(invitee.user.email);
    const [notification] = await notificationsOf(invitee.user);
    expect(notification?.link).toBe(`/invitations/${mailed}`);
    expect(notification?.text).toContain(LEARNING_COURSES.cloud.title);
  });
});

describe('reading and accepting an invitation', () => {
  async function invite(course: number | null = courseId) {
    const inviter = await signedInTrainee(server, 'inviter');
    const address = fresh('invitee');
    await call('/invitations/', {
      token: inviter.token,
      method: 'POST',
      body: { emails: [address], ...(course ? { course_id: course } : {}) },
    });
    return { inviter, address, token: await tokenMailedTo(address) };
  }

  it('shows who invited, to what and the state; anyone may read it', async () => {
    const { inviter, address, token } = await invite();
    const { status, body } = await call(`/invitations/${token}/`);
    expect(status).toBe(200);
    expect(invitationSchema.parse(body)).toMatchObject({
      inviter: { full_name: inviter.user.full_name },
      email: address,
      course: { id: courseId, title: LEARNING_COURSES.cloud.title },
      state: 'pending',
    });
  });

  it('accepts once, notifies the inviter and answers the course', async () => {
    const { inviter, token } = await invite();
    const friend = await signedInTrainee(server, 'friend');
    const accepted = await call(`/invitations/${token}/accept/`, { token: friend.token, method: 'POST' });
    expect(accepted.status).toBe(200);
    expect(invitationAcceptedSchema.parse(accepted.body)).toEqual({
      success: true,
      message: INVITATION_MESSAGES.accepted,
      data: { course_id: courseId },
    });
    const [notification] = await notificationsOf(inviter.user);
    expect(notification?.text).toBe(
      `${friend.user.full_name} accepted your invitation to ${LEARNING_COURSES.cloud.title}.`,
    );
    expect(notification?.link).toBe(`/course-details/${courseId}`);
    const again = await call(`/invitations/${token}/accept/`, { token: friend.token, method: 'POST' });
    expect(again.status).toBe(409);
    expect(firstMessage(again.body)).toBe(INVITATION_MESSAGES.alreadyAccepted);
    expect(invitationSchema.parse((await call(`/invitations/${token}/`)).body).state).toBe('accepted');
  });

  it('answers no course for an invitation to the platform', async () => {
    const { inviter, token } = await invite(null);
    const friend = await signedInTrainee(server, 'friend');
    const accepted = await call(`/invitations/${token}/accept/`, { token: friend.token, method: 'POST' });
    expect(invitationAcceptedSchema.parse(accepted.body).data.course_id).toBeNull();
    expect((await notificationsOf(inviter.user))[0]?.text).toBe(
      `${friend.user.full_name} accepted your invitation to KFU Training.`,
    );
  });

  it('refuses the inviter accepting their own invitation, and signed-out callers', async () => {
    const { inviter, token } = await invite();
    const own = await call(`/invitations/${token}/accept/`, { token: inviter.token, method: 'POST' });
    expect(own.status).toBe(403);
    expect(firstMessage(own.body)).toBe(INVITATION_MESSAGES.ownInvitation);
    expect((await call(`/invitations/${token}/accept/`, { method: 'POST' })).status).toBe(401);
  });

  it('refuses an expired invitation with 410, and shows it expired', async () => {
    const { token } = await invite();
    await server.db.query(
      `UPDATE invitations SET created_at = now() - interval '15 days', expires_at = now() - interval '1 day'
       WHERE token_hash = $1`,
      [tokenHash(token)],
    );
    expect(invitationSchema.parse((await call(`/invitations/${token}/`)).body).state).toBe('expired');
    const friend = await signedInTrainee(server, 'friend');
    const refused = await call(`/invitations/${token}/accept/`, { token: friend.token, method: 'POST' });
    expect(refused.status).toBe(410);
    expect(firstMessage(refused.body)).toBe(INVITATION_MESSAGES.expired);
  });

  it('answers 404 for an unknown token', async () => {
    const unknown = 'A'.repeat(43);
    const read = await call(`/invitations/${unknown}/`);
    expect(read.status).toBe(404);
    expect(firstMessage(read.body)).toBe(INVITATION_MESSAGES.notFound);
    expect((await call('/invitations/short/')).status).toBe(404);
  });

  it('lists the invitations a trainee sent, newest first, with their states', async () => {
    const inviter = await signedInTrainee(server, 'inviter');
    const [older, newer] = [fresh(), fresh()];
    await call('/invitations/', { token: inviter.token, method: 'POST', body: { emails: [older] } });
    await call('/invitations/', {
      token: inviter.token,
      method: 'POST',
      body: { emails: [newer], course_id: courseId },
    });
    const friend = await signedInTrainee(server, 'friend');
    await call(`/invitations/${await tokenMailedTo(older)}/accept/`, { token: friend.token, method: 'POST' });
    const { status, body } = await call('/invitations/', { token: inviter.token });
    expect(status).toBe(200);
    const page = sentInvitationsSchema.parse(body);
    expect(page.count).toBe(2);
    expect(page.results.map((row) => [row.email, row.state, row.course?.id ?? null])).toEqual([
      [newer, 'pending', courseId],
      [older, 'accepted', null],
    ]);
  });
});

describe('demo data', () => {
  it('gives the demo trainee one sent invitation in each state, once', async () => {
    const { seedInvitations } = await import('../../server/invitations/seed');
    await seedInvitations(server.db);
    const { rows } = await server.db.query<{ state: string }>(
      `SELECT CASE WHEN i.accepted_at IS NOT NULL THEN 'accepted' WHEN i.expires_at <= now() THEN 'expired'
                   ELSE 'pending' END AS state
       FROM invitations i JOIN users u ON u.id = i.inviter_id WHERE u.email = 'trainee@example.com'
         AND i.email LIKE '%@example.%' AND i.email NOT LIKE 'friend%'
       ORDER BY i.created_at`,
    );
    expect(rows.map((row) => row.state)).toEqual(['expired', 'accepted', 'pending']);
  });
});
