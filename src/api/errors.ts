import { errorBodySchema } from './schemas/common';

/** The fallback sentence when a failure carries no message of its own. */
export const DEFAULT_FAILURE = 'Something went wrong';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'contract';

/**
 * Every failed call surfaces as an ApiError whose message follows spec section 8:
 * details[0].message, else detail, else error, else the caller's fallback sentence. A refusal for
 * too many requests (429) that says how long to wait carries the wait sentence instead.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly body: unknown = undefined,
    /** Seconds to wait before trying again (429 with Retry-After or `retry_after`). */
    readonly retryAfter: number | undefined = undefined,
  ) {
    super(message);
  }

  /** Refused credentials: the statuses that trigger a token refresh. */
  get isAuthFailure(): boolean {
    return this.kind === 'http' && (this.status === 401 || this.status === 403);
  }
}

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

/**
 * The ApiError of a refused call. For 429 with a known wait the message is the wait sentence (how
 * long, not only that there were too many attempts); pass the response headers when at hand.
 */
export function httpError(
  status: number,
  body: unknown,
  fallback = DEFAULT_FAILURE,
  headers?: Headers,
): ApiError {
  const retryAfter = status === 429 ? retryAfterOf(body, headers) : undefined;
  const message =
    retryAfter === undefined ? (messageFromBody(body) ?? fallback) : waitSentence(waitOf(retryAfter));
  return new ApiError(message, 'http', status, body, retryAfter);
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
