import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { bearerMatches } from '../bearer';
import type { Queryable } from '../db';
import { numberListText, type SmsEncoding, smsParts, smsRequestSchema, toInternational } from './sms';

/**
 * A simulated SMS provider with the API of the real one (Taqnyat's model, see ./sms.ts), for
 * development and tests: `POST /v1/messages` checks the Bearer token, validates the body, and keeps
 * every accepted message in `simulated_sms` instead of sending it. Numbers must be in international
 * form without 00 or '+' (8 to 15 digits); a Saudi number (966…) must be a mobile (9665XXXXXXXX).
 * Answers: 201 with the provider's fields; 401 for a missing or wrong token; 400 for a body it
 * cannot take or when no recipient is valid (a request with some valid numbers answers 201 and
 * lists the others under `rejected`).
 */

/** The simulated provider's token in development, when SMS_TOKEN is not set. */
export const SIMULATED_SMS_TOKEN = 'simulated-sms-token-for-development-only';

/** The token the simulated provider takes: SMS_TOKEN, else SIMULATED_SMS_TOKEN. */
export function simulatedSmsToken(env: NodeJS.ProcessEnv = process.env): string {
  return env.SMS_TOKEN?.trim() || SIMULATED_SMS_TOKEN;
}

/** What one part costs at the simulated provider, in riyals (the real price depends on the contract). */
const PART_COST_SAR = 0.026;

export interface SmsProviderOptions {
  db: Queryable;
  token: string;
}

function validRecipient(number: string): boolean {
  if (!/^[1-9]\d{7,14}$/.test(number)) return false;
  return !number.startsWith('966') || /^9665\d{8}$/.test(number);
}

export function smsProviderRoutes({ db, token }: SmsProviderOptions): Hono {
  const routes = new Hono();
  const refuse = (status: 400 | 401, message: string) => ({ body: { statusCode: status, message }, status });

  routes.post('/v1/messages', bodyLimit({ maxSize: 64 * 1024 }), async (c) => {
    if (!bearerMatches(c.req.header('Authorization'), token)) {
      const { body, status } = refuse(401, 'invalid credentials information');
      return c.json(body, status);
    }
    const parsed = smsRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const { body, status } = refuse(400, 'invalid request: recipients, body and sender are required');
      return c.json(body, status);
    }
    const request = parsed.data;
    const accepted = [...new Set(request.recipients.filter(validRecipient))];
    const rejected = request.recipients.filter((number) => !validRecipient(number));
    if (accepted.length === 0) {
      const { body, status } = refuse(400, 'invalid recipients: no valid mobile number');
      return c.json({ ...body, rejected: numberListText(rejected) }, status);
    }
    const { encoding, parts } = smsParts(request.body);
    // One statement: all the rows of the message, or none.
    const { rows } = await db.query<{ message_id: string }>(
      `WITH next AS (SELECT nextval('simulated_sms_message_id_seq') AS message_id)
       INSERT INTO simulated_sms (message_id, sender, recipient, body, encoding, parts)
       SELECT next.message_id, $1, recipient, $3, $4, $5 FROM next, unnest($2::text[]) AS recipient
       RETURNING message_id::text`,
      [request.sender, accepted, request.body, encoding, parts],
    );
    const messageId = Number(rows[0]?.message_id);
    return c.json(
      {
        statusCode: 201,
        messageId,
        cost: Math.round(PART_COST_SAR * parts * accepted.length * 10_000) / 10_000,
        currency: 'SAR',
        totalCount: accepted.length,
        msgLength: parts,
        accepted: numberListText(accepted),
        rejected: numberListText(rejected),
      },
      201,
    );
  });

  return routes;
}

/** A message the simulated provider accepted, to one recipient. */
export interface SimulatedSms {
  id: number;
  messageId: string;
  sender: string;
  recipient: string;
  body: string;
  encoding: SmsEncoding;
  parts: number;
  createdAt: string;
}

/**
 * The messages the simulated provider accepted, newest first: to one number (typed in any form
 * toInternational reads) or to all, at most `limit` (20 unless said, 100 at most).
 */
export async function readSimulatedSms(
  db: Queryable,
  options: { to?: string | undefined; limit?: number | undefined } = {},
): Promise<SimulatedSms[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 20), 1), 100);
  const to = options.to === undefined ? null : (toInternational(options.to) ?? options.to.trim());
  const { rows } = await db.query<{
    id: number;
    message_id: string;
    sender: string;
    recipient: string;
    body: string;
    encoding: SmsEncoding;
    parts: number;
    created_at: Date | string;
  }>(
    `SELECT id, message_id::text AS message_id, sender, recipient, body, encoding, parts, created_at
     FROM simulated_sms WHERE $1::text IS NULL OR recipient = $1 ORDER BY id DESC LIMIT $2`,
    [to, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    messageId: row.message_id,
    sender: row.sender,
    recipient: row.recipient,
    body: row.body,
    encoding: row.encoding,
    parts: row.parts,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
