import { errorBodySchema } from '@contract/wire/common';

/**
 * Reading a refusal's body (spec section 8) and the wait a 429 asks for: what the web app shows
 * and what the server's command-line tools print.
 */

/** The fallback sentence when a failure carries no message of its own. */
export const DEFAULT_FAILURE = 'Something went wrong';

export function messageFromBody(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { details, detail, error } = parsed.data;
  const first = details?.[0]?.message?.trim();
  if (first) return first;
  if (detail?.trim()) return detail.trim();
  if (error?.trim()) return error.trim();
  return undefined;
}

/** A wait as the user reads it: whole seconds, minutes or hours, rounded up. */
export interface Wait {
  unit: 'seconds' | 'minutes' | 'hours';
  count: number;
}

/** Under a minute in seconds, up to an hour and a half in minutes, beyond that in hours. */
export function waitOf(seconds: number): Wait {
  if (seconds < 60) return { unit: 'seconds', count: Math.max(1, Math.ceil(seconds)) };
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return { unit: 'minutes', count: minutes };
  return { unit: 'hours', count: Math.ceil(seconds / 3600) };
}

const UNIT_WORDS: Record<Wait['unit'], readonly [one: string, other: string]> = {
  seconds: ['second', 'seconds'],
  minutes: ['minute', 'minutes'],
  hours: ['hour', 'hours'],
};

/**
 * The English sentence of a 429 with a known wait. It travels as the error's message like every
 * other sentence (the machines keep the alert as text); translateMessage in src/i18n/api-messages.ts
 * reads the wait back and says it in the user's language, with that language's plural forms.
 */
export function waitSentence({ unit, count }: Wait): string {
  const [one, other] = UNIT_WORDS[unit];
  return `Too many attempts. Try again in ${count} ${count === 1 ? one : other}.`;
}

const WAIT_SENTENCE = /^Too many attempts\. Try again in (\d+) (second|minute|hour)s?\.$/;

/** The wait a sentence of waitSentence names, or undefined for any other text. */
export function readWaitSentence(text: string): Wait | undefined {
  const match = WAIT_SENTENCE.exec(text);
  if (!match) return undefined;
  return { unit: `${match[2]}s` as Wait['unit'], count: Number(match[1]) };
}

/**
 * How many seconds a refusal asks to wait: the Retry-After header (seconds, or an HTTP date), else
 * the body's `details[0].retry_after` (what the reference server also sends); undefined when
 * neither says.
 */
export function retryAfterOf(body: unknown, headers?: Headers, now = Date.now()): number | undefined {
  const header = headers?.get('Retry-After')?.trim();
  if (header) {
    if (/^\d+$/.test(header)) return Number(header) > 0 ? Number(header) : undefined;
    const at = Date.parse(header);
    if (!Number.isNaN(at) && at > now) return Math.ceil((at - now) / 1000);
  }
  const parsed = errorBodySchema.safeParse(body);
  const sent = parsed.success ? parsed.data.details?.[0]?.retry_after : undefined;
  return typeof sent === 'number' && Number.isFinite(sent) && sent > 0 ? Math.ceil(sent) : undefined;
}
