/**
 * Mail leaves through a real SMTP server (npm's smtp-server, read with mailparser): a sign-up code
 * arrives and signs the user up; a relay that defers, refuses, or is down; two senders on one
 * PostgreSQL database; a sender killed with SIGKILL while sending.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queueMessage } from '../../server/messages/outbox';
import type { MessageSettings } from '../../server/messages/settings';
import { ROOT } from '../../server/paths';
import { startTestServer, type TestServer } from '../../server/testing';
import { startTestRelay, type TestRelay } from '../support/smtp-relay';

const ORIGIN = 'https://training.example.edu.sa';
const FROM = 'KFU Training <no-reply@training.example.edu.sa>';
/** Short backoff: a deferred message is tried again within a fraction of a second. */
const FAST = { pollMs: 50, retryBaseMs: 50, retryMaxMs: 200, log: () => undefined };

function settings(relay: Pick<TestRelay, 'url'>): MessageSettings {
  return {
    publicOrigin: ORIGIN,
    mail: { transport: 'smtp', url: relay.url, from: FROM },
    sms: { transport: 'outbox' },
  };
}

interface Row {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  transport: string | null;
}

async function row(server: TestServer, id: number): Promise<Row> {
  const { rows } = await server.db.query<Row>(
    'SELECT id, status, attempts, last_error, transport FROM outbox WHERE id = $1',
    [id],
  );
  return rows[0] as Row;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function queueNotice(server: TestServer, to: string, subject = 'A notice') {
  return queueMessage(server.db, {
    channel: 'email',
    to,
    kind: 'notice',
    subject,
    text: `${subject}\n\nإشعار`,
    html: `<p>${subject}</p>`,
  });
}

describe('mail over SMTP', () => {
  let relay: TestRelay;
  let server: TestServer;

  beforeAll(async () => {
    relay = await startTestRelay();
    server = await startTestServer({ messages: settings(relay), sender: FAST });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await relay?.stop();
  });

  afterEach(() => {
    relay.answer = () => 'accept';
  });

  it('delivers a sign-up code with a text and an HTML part, a Message-ID and a Date; the code signs the user up', async () => {
    const before = relay.received.length;
    const email = 'smtp.signup@example.com';
    const form = new FormData();
    for (const [key, value] of Object.entries({
      full_name: 'Huda Al-Qahtani',
      email,
      phone_number: '0501234567',
      govt_id_or_iqama_no: '2087654301',
      password: 'Strong#Pass9',
      confirm_password: 'Strong#Pass9',
      role: 'TRAINEE',
    }))
      form.append(key, value);
    const response = await fetch(`${server.url}/api/v1/user/registration/`, { method: 'POST', body: form });
    expect(response.status, await response.clone().text()).toBe(201);

    const [mail] = (await relay.waitFor(before + 1)).slice(before);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(email);
    expect(mail?.from?.value[0]).toMatchObject({
      name: 'KFU Training',
      address: 'no-reply@training.example.edu.sa',
    });
    expect(mail?.messageId).toMatch(/^<\d+\.[a-z0-9]+\.[0-9a-f]{16}@training\.example\.edu\.sa>$/);
    expect(mail?.date).toBeInstanceOf(Date);
    expect(mail?.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail?.text).toMatch(/رمز التحقق/);
    expect(typeof mail?.html === 'string' ? mail.html : '').toContain('dir="rtl" lang="ar"');
    const code = /\b\d{7}\b/.exec(mail?.text ?? '')?.[0];
    expect(code).toBeDefined();

    const verified = await fetch(`${server.url}/api/v1/user/otp-verify/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email_or_phone: email, otp_code: code }),
    });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { success: boolean }).success).toBe(true);
  });

  it('tries again after a 4xx answer and delivers the message once', async () => {
    const first = relay.attempts;
    relay.answer = (index) => (index === first ? { code: 451, text: 'Try again later' } : 'accept');
    const before = relay.received.length;
    const id = await queueNotice(server, 'deferred@example.com', 'Deferred once');
    server.sender.wake();
    const sent = await until(
      () => row(server, id),
      (r) => r.status === 'sent',
    );
    expect(sent).toMatchObject({ attempts: 2, transport: 'smtp', last_error: null });
    await server.sender.drain();
    const arrived = relay.received.slice(before).filter((mail) => mail.subject === 'Deferred once');
    expect(arrived).toHaveLength(1);
  });

  it('marks a message refused with a 5xx answer as failed, with the reason', async () => {
    relay.answer = () => ({ code: 550, text: 'Mailbox unavailable' });
    const id = await queueNotice(server, 'nobody@example.com', 'Refused');
    server.sender.wake();
    const failed = await until(
      () => row(server, id),
      (r) => r.status === 'failed',
    );
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/550/);
    expect(failed.last_error).toMatch(/Mailbox unavailable/);
  });

  it('does not send a code that expired while the relay kept deferring it', async () => {
    relay.answer = () => ({ code: 421, text: 'Busy' });
    const id = await queueMessage(server.db, {
      channel: 'email',
      to: 'late@example.com',
      kind: 'registration',
      subject: 'A code',
      text: 'Your code is 1234567',
      expiresAt: new Date(Date.now() + 400),
    });
    server.sender.wake();
    const failed = await until(
      () => row(server, id),
      (r) => r.status === 'failed',
    );
    expect(failed.last_error).toMatch(/expired/);
  });

  it('never puts the relay password in the outbox or the reasons', async () => {
    const { rows } = await server.db.query<{ last_error: string | null }>('SELECT last_error FROM outbox');
    expect(rows.some((r) => r.last_error?.includes('relay-secret'))).toBe(false);
  });
});

describe('a relay that is down', () => {
  it('keeps the message queued while the relay is down, and delivers it once it is up', async () => {
    const probe = await startTestRelay();
    const port = probe.port;
    await probe.stop();
    const server = await startTestServer({ messages: settings(probe), sender: FAST });
    try {
      const id = await queueNotice(server, 'later@example.com', 'While down');
      server.sender.wake();
      const waiting = await until(
        () => row(server, id),
        (r) => r.attempts >= 2,
      );
      expect(waiting.status).not.toBe('failed');
      expect(waiting.last_error).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);

      const relay = await startTestRelay({ port });
      try {
        const [mail] = await relay.waitFor(1);
        expect(mail?.subject).toBe('While down');
        expect(
          (
            await until(
              () => row(server, id),
              (r) => r.status === 'sent',
            )
          ).transport,
        ).toBe('smtp');
      } finally {
        await relay.stop();
      }
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('senders on one PostgreSQL database', () => {
  let relay: TestRelay;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    relay = await startTestRelay();
    a = await startTestServer({ messages: settings(relay), sender: { ...FAST, instance: 'a' } });
    b = await startTestServer({
      sameDatabaseAs: a,
      messages: settings(relay),
      sender: { ...FAST, instance: 'b' },
    });
  }, 120_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await relay?.stop();
  });

  it('delivers every message exactly once, shared between two instances', async () => {
    const before = relay.received.length;
    const count = 60;
    await a.db.transaction(async (tx) => {
      for (let index = 0; index < count; index += 1)
        await queueMessage(tx, {
          channel: 'email',
          to: `many.${index}@example.com`,
          kind: 'notice',
          subject: `Message ${index}`,
          text: `Message ${index}`,
        });
    });
    a.sender.wake();
    b.sender.wake();
    const arrived = (await relay.waitFor(before + count, 30_000)).slice(before);
    await Promise.all([a.sender.drain(), b.sender.drain()]);
    expect(relay.received.length - before).toBe(count);
    expect(new Set(arrived.map((mail) => mail.subject)).size).toBe(count);
    const { rows } = await a.db.query<{ claimed_by: string; n: string }>(
      `SELECT claimed_by, count(*) AS n FROM outbox WHERE subject LIKE 'Message %' AND status = 'sent' GROUP BY claimed_by`,
    );
    expect(rows.reduce((sum, r) => sum + Number(r.n), 0)).toBe(count);
  }, 60_000);

  it('loses nothing when a sender is killed with SIGKILL while sending', async () => {
    const before = relay.received.length;
    const held = relay.attempts;
    // The relay holds the first message's DATA unanswered: the child is in the middle of sending it.
    relay.answer = (index) => (index === held ? 'hold' : 'accept');
    // The two in-process senders stay out of it until the child has claimed the message.
    await Promise.all([a.sender.stop(), b.sender.stop()]);
    const id = await queueNotice(a, 'killed@example.com', 'Sent by a sender that died');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'tests/unit/support/sender-process.ts')],
      {
        env: { ...process.env, SENDER_DATABASE_URL: a.databaseUrl, SENDER_SMTP_URL: relay.url },
        stdio: 'ignore',
      },
    );
    try {
      await until(
        async () => (await row(a, id)).status === 'sending' && relay.attempts > held,
        (claimed) => claimed,
        30_000,
      );
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    expect(relay.received.length).toBe(before);

    // A sender of this process takes the message again once the dead one's lease runs out.
    const { startSender } = await import('../../server/messages/sender');
    const { createSmtpTransport } = await import('../../server/messages/smtp');
    const transport = createSmtpTransport({ url: relay.url, from: FROM });
    const revived = startSender({
      db: a.db,
      transports: [transport],
      ...FAST,
      instance: 'revived',
    });
    try {
      const [mail] = (await relay.waitFor(before + 1, 30_000)).slice(before);
      expect(mail?.subject).toBe('Sent by a sender that died');
      expect(
        await until(
          () => row(a, id),
          (r) => r.status === 'sent',
        ),
      ).toMatchObject({ attempts: 2 });
    } finally {
      await revived.stop();
      await transport.close?.();
    }
  }, 90_000);
});
