import { toLatinDigits } from '@contract/domain/digits';
import * as z from 'zod/mini';
import type { ClaimedMessage } from './outbox';
import { type Delivery, DeliveryError, type Transport } from './transport';

/**
 * Text messages through an SMS provider's HTTP API, modelled on Taqnyat's (api.taqnyat.sa):
 * `POST {url}/v1/messages` with `Authorization: Bearer <token>` and the JSON
 * `{ recipients: ["9665XXXXXXXX"], body, sender }`. The provider takes the body as UTF-8 and encodes
 * it itself (GSM-7, or UCS-2 for Arabic); it answers 201 with `statusCode`, `messageId`, `cost`,
 * `currency`, `totalCount`, `msgLength` (the parts), and the `accepted` and `rejected` numbers, each
 * a list written as text ("[966500000000,]"). A refusal answers `{ statusCode, message }`.
 */

export const SMS_TIMEOUT_MS = 10_000;
/** The sender name when SMS_SENDER is not set; a real one must be registered with the provider. */

// ---------------------------------------------------------------------------------------------
// Encodings and parts

/** GSM 03.38's basic character set (the escape at 0x1B left out). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
    '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** Its extension table: each takes two septets (the escape, then the character). */
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsParts {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  /** How many messages the text goes out as: 1 when it fits one, else the concatenated parts. */
  parts: number;
}

const LIMITS: Record<SmsEncoding, { single: number; perPart: number }> = {
  // A concatenated part gives 7 septets (GSM-7) or 3 code units (UCS-2) to its header.
  'GSM-7': { single: 160, perPart: 153 },
  'UCS-2': { single: 70, perPart: 67 },
};

/**
 * The encoding a text needs and how many parts it is sent as. GSM-7 when every character is in
 * the GSM 03.38 basic set or its extension table (which count 2), else UCS-2, counted in UTF-16
 * code units (an emoji takes 2). A character is never split between two parts: an extension
 * character or a surrogate pair that does not fit at the end of a part starts the next one.
 */
export function smsParts(text: string): SmsParts {
  const characters = [...text];
  const gsm = characters.every((character) => GSM_BASIC.has(character) || GSM_EXTENSION.has(character));
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const sizes = characters.map((character) =>
    gsm ? (GSM_EXTENSION.has(character) ? 2 : 1) : character.length,
  );
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const { single, perPart } = LIMITS[encoding];
  if (units <= single) return { encoding, units, parts: 1 };
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > perPart) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, parts };
}

// ---------------------------------------------------------------------------------------------
// Phone numbers

/**
 * A phone number as the provider takes it: international form, digits only, without 00 or '+'.
 * Saudi mobiles typed nationally (05XXXXXXXX, 5XXXXXXXX) get 966; 9665…, 009665… and +9665… (also
 * with the national 0 kept after 966) become 9665…; other numbers with a country code (+ or 00,
 * or typed with it) are kept as digits. Arabic-Indic digits, spaces, dashes, dots and brackets are
 * accepted. Null when no number an SMS can reach comes out: a national number that is not a Saudi
 * mobile has no country code to add, and E.164 numbers have 8 to 15 digits.
 */
export function toInternational(phone: string): string | null {
  const compact = toLatinDigits(phone).replace(/[\s\-().]/g, '');
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (compact.startsWith('00')) digits = compact.slice(2);
  else if (/^05\d{8}$/.test(compact)) digits = `966${compact.slice(1)}`;
  else if (/^5\d{8}$/.test(compact)) digits = `966${compact}`;
  else if (compact.startsWith('0')) return null;
  else digits = compact;
  if (/^96605\d{8}$/.test(digits)) digits = `966${digits.slice(4)}`;
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

// ---------------------------------------------------------------------------------------------
// The provider's API

export const smsRequestSchema = z.object({
  recipients: z.array(z.string()).check(z.minLength(1), z.maxLength(1000)),
  body: z.string().check(z.minLength(1), z.maxLength(2000)),
  sender: z.string().check(z.minLength(1), z.maxLength(30)),
  /** Taqnyat's optional sending time ("2026-09-30T14:26"); the simulated provider sends at once. */
  scheduledDatetime: z.optional(z.string()),
});
export type SmsRequest = z.infer<typeof smsRequestSchema>;

/** The provider's answer to an accepted message (201). */
export const smsAcceptedSchema = z.object({
  statusCode: z.number(),
  messageId: z.union([z.number(), z.string()]),
  cost: z.optional(z.union([z.number(), z.string()])),
  currency: z.optional(z.string()),
  totalCount: z.optional(z.number()),
  /** The parts the message went out as. */
  msgLength: z.optional(z.number()),
  accepted: z.optional(z.string()),
  rejected: z.optional(z.string()),
});
export type SmsAccepted = z.infer<typeof smsAcceptedSchema>;

/** A refusal: `{ statusCode, message }`. */
export const smsRefusalSchema = z.object({
  statusCode: z.optional(z.number()),
  message: z.optional(z.string()),
});

/** The numbers of an `accepted`/`rejected` field: "[966500000000,966500000001]" or "[966500000000,]". */
export function numberList(text: string | undefined): string[] {
  return (text ?? '').match(/\d+/g) ?? [];
}

/** Writes numbers as the provider's `accepted`/`rejected` fields do. */
export function numberListText(numbers: readonly string[]): string {
  return numbers.length === 0 ? '[]' : `[${numbers.join(',')},]`;
}

/** A delivery through the provider, with what it reported of the message. */
export interface SmsDelivery extends Delivery {
  transport: 'sms';
  providerId: string;
  /** Computed here: the provider encodes the UTF-8 body itself. */
  encoding: SmsEncoding;
  /** The parts the provider reported (msgLength), else the parts computed here. */
  parts: number;
  cost?: number | undefined;
  currency?: string | undefined;
}

export interface SmsTransportOptions {
  /** The provider's base URL (SMS_URL), without /v1/messages. */
  url: string;
  /** The provider's Bearer token (SMS_TOKEN); it appears in no error and no log. */
  token: string;
  /** The registered sender name (SMS_SENDER). */
  sender: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Statuses where the same request may pass later: overload, rate limits, timeouts, server trouble. */
function temporaryStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/**
 * The transport of the 'sms' channel. Failures: a network error, a timeout, 5xx, 408 or 429 are
 * temporary (tried again later); every other refusal is permanent. 401 and 403 are permanent too:
 * a wrong SMS_TOKEN or a sender name the provider does not allow is a configuration problem that
 * no retry fixes, and what the messages carry (codes) expires within minutes; the failure says so.
 * A number the provider rejects (a 400, or listed in `rejected`) is permanent.
 */
export function createSmsTransport(options: SmsTransportOptions): Transport & {
  send(message: ClaimedMessage): Promise<SmsDelivery>;
} {
  const endpoint = `${options.url.replace(/\/+$/, '')}/v1/messages`;
  const call = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? SMS_TIMEOUT_MS;
  // A provider that echoes the token in a message must not bring it into the outbox or the logs.
  const redact = (text: string) =>
    (options.token ? text.replaceAll(options.token, '[token]') : text).replace(/\s+/g, ' ').slice(0, 300);

  return {
    channel: 'sms',
    name: 'sms',
    async send(message) {
      const recipient = toInternational(message.to_address);
      if (!recipient) throw new DeliveryError('not a phone number a text message can reach', true);
      const request: SmsRequest = { recipients: [recipient], body: message.body, sender: options.sender };
      let response: Response;
      try {
        response = await call(endpoint, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${options.token}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        const cause =
          error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        throw new DeliveryError(
          timedOut
            ? `the SMS provider did not answer within ${timeoutMs / 1000} s`
            : `the SMS provider could not be reached${redact(cause)}`,
          false,
        );
      }
      const text = await response.text().catch(() => '');
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const refusal = smsRefusalSchema.safeParse(json);
      // Some answers carry their status in the body only: a 200 whose statusCode is an error.
      const bodyStatus = refusal.success ? refusal.data.statusCode : undefined;
      const status = !response.ok
        ? response.status
        : bodyStatus && bodyStatus >= 300
          ? bodyStatus
          : undefined;
      if (status !== undefined) {
        const said = refusal.success && refusal.data.message ? `: ${redact(refusal.data.message)}` : '';
        const reason =
          status === 401 || status === 403
            ? `the SMS provider refused the credentials (${status}${said}); check SMS_TOKEN and SMS_SENDER`
            : `the SMS provider answered ${status}${said}`;
        throw new DeliveryError(reason, !temporaryStatus(status));
      }
      const accepted = smsAcceptedSchema.safeParse(json);
      if (!accepted.success) {
        // The provider took the request but its answer cannot be read: the message may have gone
        // out, and sending it again could deliver it twice. It is failed for someone to look at.
        throw new DeliveryError(`the SMS provider answered ${response.status} without a message id`, true);
      }
      const answer = accepted.data;
      const rejected = numberList(answer.rejected);
      if (rejected.includes(recipient) || (rejected.length > 0 && numberList(answer.accepted).length === 0))
        throw new DeliveryError('the SMS provider rejected the number', true);
      const computed = smsParts(message.body);
      const cost = answer.cost === undefined ? undefined : Number(answer.cost);
      return {
        transport: 'sms',
        providerId: String(answer.messageId),
        encoding: computed.encoding,
        parts: answer.msgLength ?? computed.parts,
        cost: Number.isFinite(cost) ? cost : undefined,
        currency: answer.currency,
      };
    },
  };
}
