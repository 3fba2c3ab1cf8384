import {
  DEFAULT_FAILURE,
  messageFromBody,
  retryAfterOf,
  waitOf,
  waitSentence,
} from '@contract/messages/errors';

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
