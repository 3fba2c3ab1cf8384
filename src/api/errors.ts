import { errorBodySchema } from './schemas/common';

/** The fallback sentence when a failure carries no message of its own. */
export const DEFAULT_FAILURE = 'Something went wrong';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'contract';

/**
 * Every failed call surfaces as an ApiError whose message follows spec section 8:
 * details[0].message, else detail, else error, else the caller's fallback sentence.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly body: unknown = undefined,
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

export function httpError(status: number, body: unknown, fallback = DEFAULT_FAILURE): ApiError {
  return new ApiError(messageFromBody(body) ?? fallback, 'http', status, body);
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
