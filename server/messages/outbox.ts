import type { Queryable } from '../db';
import type { Delivery } from './transport';

/** How a message reaches its recipient. */
export type Channel = 'email' | 'sms';

/** A message to queue: written in the transaction that causes it, delivered by the sender. */
export interface OutgoingMessage {
  channel: Channel;
  /** An e-mail address, or a phone number in international form without '+' (9665XXXXXXXX). */
  to: string;
  /** What it is about: an OTP purpose, 'wallet_code', 'invitation', a notice kind… */
  kind: string;
  /** The mail's subject; for a text message, a short description kept in the outbox. */
  subject: string;
  /** The plain text part of a mail, or the whole text message. */
  text: string;
  /** The HTML part of a mail. */
  html?: string | undefined;
  /** When what it carries (a code) stops being worth sending. */
  expiresAt?: Date | undefined;
}

/** A queued row as the sender claims it. */
export interface ClaimedMessage {
  id: number;
  channel: Channel;
  to_address: string;
  kind: string;
  subject: string;
  body: string;
  html: string | null;
  attempts: number;
  expires_at: Date | string | null;
  created_at: Date | string;
}

/** Queues a message with the statements of `tx`: it is sent only if the transaction commits. */
export async function queueMessage(tx: Queryable, message: OutgoingMessage): Promise<number> {
  const to = message.channel === 'email' ? message.to.trim().toLowerCase() : message.to.trim();
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO outbox (channel, to_address, kind, subject, body, html, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      message.channel,
      to,
      message.kind,
      message.subject,
      message.text,
      message.html ?? null,
      message.expiresAt ?? null,
    ],
  );
  return (rows[0] as { id: number }).id;
}

/**
 * Takes up to `limit` messages that are due, for `leaseMs`: those queued whose time has come, and
 * those another sender claimed but whose lease ran out (it died while sending). Rows another
 * instance is claiming right now are skipped, so no two senders hold the same row.
 */
export async function claimDue(
  db: Queryable,
  options: { instance: string; limit: number; leaseMs: number; channels: readonly Channel[] },
): Promise<ClaimedMessage[]> {
  if (options.channels.length === 0) return [];
  const { rows } = await db.query<ClaimedMessage>(
    `UPDATE outbox o
     SET status = 'sending', attempts = o.attempts + 1, claimed_by = $1,
         lease_until = now() + make_interval(secs => $3::double precision / 1000)
     WHERE o.id IN (
       SELECT id FROM outbox
       WHERE channel = ANY($4::text[])
         AND ((status = 'queued' AND next_attempt_at <= now())
           OR (status = 'sending' AND lease_until < now()))
       ORDER BY next_attempt_at, id
       LIMIT $2
       FOR UPDATE SKIP LOCKED)
     RETURNING o.id, o.channel, o.to_address, o.kind, o.subject, o.body, o.html, o.attempts,
               o.expires_at, o.created_at`,
    [options.instance, options.limit, options.leaseMs, [...options.channels]],
  );
  return rows;
}

/** Records a delivery; false when the row was no longer this sender's (its lease ran out). */
export async function markSent(
  db: Queryable,
  id: number,
  instance: string,
  delivery: Delivery,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE outbox SET status = 'sent', sent_at = now(), lease_until = NULL, transport = $3,
       provider_id = $4, sms_encoding = $5, sms_parts = $6, last_error = NULL
     WHERE id = $1 AND claimed_by = $2 AND status = 'sending' RETURNING id`,
    [
      id,
      instance,
      delivery.transport,
      delivery.providerId ?? null,
      delivery.encoding ?? null,
      delivery.parts ?? null,
    ],
  );
  return rows.length > 0;
}

/** Puts a message back in the queue to be tried again at `retryAt`, with why it failed. */
export async function markRetry(db: Queryable, id: number, instance: string, retryAt: Date, reason: string) {
  await db.query(
    `UPDATE outbox SET status = 'queued', next_attempt_at = $3, lease_until = NULL, last_error = $4
     WHERE id = $1 AND claimed_by = $2 AND status = 'sending'`,
    [id, instance, retryAt, reason.slice(0, 1000)],
  );
}

/** Gives a message up for good, with the reason. */
export async function markFailed(db: Queryable, id: number, instance: string, reason: string) {
  await db.query(
    `UPDATE outbox SET status = 'failed', lease_until = NULL, last_error = $3
     WHERE id = $1 AND claimed_by = $2 AND status = 'sending'`,
    [id, instance, reason.slice(0, 1000)],
  );
}

/** How many messages wait, are being sent, went out and failed (health and metrics). */
export async function outboxCounts(
  db: Queryable,
): Promise<Record<'queued' | 'sending' | 'sent' | 'failed', number>> {
  const { rows } = await db.query<{ status: string; count: string | number }>(
    'SELECT status, count(*) AS count FROM outbox GROUP BY status',
  );
  const counts = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows)
    if (row.status in counts) counts[row.status as keyof typeof counts] = Number(row.count);
  return counts;
}
