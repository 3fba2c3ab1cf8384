import type { ValidationMessage } from '@contract/forms/auth';
import type { AuthoringValidationMessage } from '@contract/forms/authoring';
import type { GradingValidationMessage } from '@contract/forms/grading';
import type { SURVEY_VALIDATION } from '@contract/forms/learning';
import type { ProfileValidationMessage } from '@contract/forms/profile';
import type { PublicValidationMessage } from '@contract/forms/public';
import type { RecordsValidationMessage } from '@contract/forms/records';
import type { ReviewsValidationMessage } from '@contract/forms/reviews';
import type { ATTENDANCE_MESSAGES } from '@contract/messages/attendance';
import type { AuthoringMessage } from '@contract/messages/authoring';
import type { ChatMessageSentence } from '@contract/messages/chat';
import type { GradingMessage } from '@contract/messages/grading';
import type { HistoryMessage } from '@contract/messages/history';
import type { InvitationMessage } from '@contract/messages/invitations';
import type { UploadMessage } from '@contract/messages/learning';
import type { ProfileMessage } from '@contract/messages/profile';
import type { PublicMessage } from '@contract/messages/public';
import type { RecordsMessage } from '@contract/messages/records';
import type { ReviewsMessage } from '@contract/messages/reviews';
import type { ScheduleMessage } from '@contract/messages/schedule';
import { SERVER_MESSAGES, type ServerMessage } from '@contract/messages/server-messages';
import type { StaffMessage } from '@contract/messages/staff';
import type { StaffPaymentMessage } from '@contract/messages/staff-payments';
import type { VerificationMessage } from '@contract/messages/verification';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { routePath } from 'hono/route';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import type { StaffActor } from './staff/audit';
import type { UserRow } from './users';

/**
 * Variables a request may carry: the signed-in user, set by requireAuth; its id and the logger,
 * set by the first middleware (server/logging.ts).
 */
export type AppEnv = {
  Variables: {
    user: UserRow;
    requestId: string;
    log: Logger;
    /** The member of staff a personal token names, on the /admin/ calls (requireAdminOrStaffToken). */
    staffActor: StaffActor | undefined;
  };
};

/** A sentence the server may show: its own, or a form rule shared with the client. */
export type UserMessage =
  | ServerMessage
  | ValidationMessage
  | PublicValidationMessage
  | PublicMessage
  | ProfileValidationMessage
  | ProfileMessage
  | AuthoringValidationMessage
  | AuthoringMessage
  | GradingValidationMessage
  | GradingMessage
  | ScheduleMessage
  | (typeof SURVEY_VALIDATION)[keyof typeof SURVEY_VALIDATION]
  | RecordsMessage
  | HistoryMessage
  | RecordsValidationMessage
  | (typeof ATTENDANCE_MESSAGES)[keyof typeof ATTENDANCE_MESSAGES]
  | VerificationMessage
  | ReviewsMessage
  | ReviewsValidationMessage
  | InvitationMessage
  | ChatMessageSentence
  | UploadMessage
  | StaffMessage
  | StaffPaymentMessage;

/** One entry of an error body's `details`; `field` names the form field it concerns. */
export interface ProblemDetail {
  field?: string;
  message: UserMessage;
}

/** A refusal with a status and the server's sentences; turned into a JSON answer. */
export class HttpProblem extends Error {
  override readonly name = 'HttpProblem';
  readonly details: readonly ProblemDetail[];
  constructor(
    readonly status: ContentfulStatusCode,
    problem: UserMessage | ProblemDetail | readonly ProblemDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    const details =
      typeof problem === 'string' ? [{ message: problem }] : 'message' in problem ? [problem] : problem;
    super(details[0]?.message ?? SERVER_MESSAGES.internalError);
    this.details = details;
  }

  /** The first sentence, the one the client shows. */
  get userMessage(): UserMessage {
    return this.details[0]?.message ?? SERVER_MESSAGES.internalError;
  }
}

/** The error body every endpoint sends: the client shows `details[0].message`. */
export function errorBody(message: UserMessage) {
  return { success: false as const, details: [{ message }] };
}

export function problemResponse(c: Context, problem: HttpProblem): Response {
  for (const [name, value] of Object.entries(problem.headers)) c.header(name, value);
  return c.json({ success: false as const, details: problem.details }, problem.status);
}

export function notFoundResponse(c: Context): Response {
  return c.json({ detail: SERVER_MESSAGES.notFound }, 404);
}

const MAX_JSON_BODY_BYTES = 16 * 1024;

function refuseLargeBody(c: Context): Response {
  return problemResponse(c, new HttpProblem(413, SERVER_MESSAGES.bodyTooLarge));
}

/** Refuses JSON bodies over 16 KiB with 413. */
function jsonBodyLimit(): MiddlewareHandler<AppEnv> {
  return bodyLimit({ maxSize: MAX_JSON_BODY_BYTES, onError: refuseLargeBody });
}

/** `application/json`, with at most a UTF-8 charset (the only encoding JSON bodies are read in). */
const JSON_CONTENT = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the request carries at least one byte of body (read only when it is sent in chunks). */
async function carriesBytes(c: Context): Promise<boolean> {
  if (!c.req.raw.body) return false;
  const length = c.req.header('Content-Length');
  if (length !== undefined && c.req.header('Transfer-Encoding') === undefined) return length.trim() !== '0';
  // Chunked (some clients send an empty body so): the body limit has read it already.
  return (await c.req.raw.clone().arrayBuffer()).byteLength > 0;
}

/**
 * Refuses with 415 a body that is not declared as JSON. Browsers send text/plain, form and
 * multipart bodies across sites without asking first; a JSON type needs a CORS preflight, so
 * requiring it keeps other sites from posting to the API.
 */
export function requireJsonContent(c: Context): void {
  if (!JSON_CONTENT.test(c.req.header('Content-Type')?.trim() ?? '')) {
    throw new HttpProblem(415, SERVER_MESSAGES.jsonRequired);
  }
}

/** Why a URL-encoded part is refused: not valid percent-encoding (or UTF-8), or holding a NUL. */
function encodedPartProblem(part: string): ServerMessage | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(part);
  } catch {
    return SERVER_MESSAGES.malformedAddress;
  }
  return decoded.includes('\0') ? SERVER_MESSAGES.forbiddenCharacter : null;
}

/** Refuses with 400 a path or query string that is not valid percent-encoding or holds a NUL. */
function checkAddress(url: URL): void {
  for (const segment of url.pathname.split('/')) {
    const problem = encodedPartProblem(segment);
    if (problem) throw new HttpProblem(400, problem);
  }
  for (const pair of url.search.slice(1).split('&')) {
    if (!pair) continue;
    const [name = '', value = ''] = pair.replace(/\+/g, ' ').split(/=(.*)/s);
    const nameProblem = encodedPartProblem(name);
    if (nameProblem) throw new HttpProblem(400, nameProblem);
    const problem = encodedPartProblem(value);
    if (problem) throw new HttpProblem(400, { field: decodeURIComponent(name), message: problem });
  }
}

/**
 * What every API request passes first: a path and query string of valid percent-encoding without
 * NUL (PostgreSQL refuses NUL in text, which would turn into a 500), and, for a request that may
 * carry a body, a JSON body of at most 16 KiB (415, 413). The `formPaths` take forms and uploads
 * (multipart) instead and check their own content type and size.
 */
export function requestGuard(
  options: { formPaths?: readonly string[]; bytePrefixes?: readonly string[] } = {},
): MiddlewareHandler<AppEnv> {
  const formPaths = new Set(options.formPaths ?? []);
  const bytePrefixes = options.bytePrefixes ?? [];
  const limit = jsonBodyLimit();
  return async (c, next) => {
    checkAddress(new URL(c.req.url));
    if (!BODY_METHODS.has(c.req.method) || formPaths.has(c.req.path)) return next();
    if (bytePrefixes.some((prefix) => c.req.path.startsWith(prefix))) return next();
    const typed = c.req.header('Content-Type') !== undefined;
    if (typed) requireJsonContent(c);
    return limit(c, async () => {
      // An untyped body is refused too (a Blob of no type crosses sites without a preflight); an
      // empty one, as a body-less PATCH may send, is no body.
      if (!typed && (await carriesBytes(c))) throw new HttpProblem(415, SERVER_MESSAGES.jsonRequired);
      await next();
    });
  };
}

/** A refusal that carries its sentence as `error` too (the event registration's callers read it). */
export function errorResponse(c: Context, status: ContentfulStatusCode, message: UserMessage): Response {
  return c.json({ success: false as const, error: message, details: [{ message }] }, status);
}

const REDACTED = '[redacted]';

/**
 * One line about a failure for the server log: its name, PostgreSQL error code and message, and
 * where it was thrown. Never the statement's parameters (PGlite's errors carry them: password and
 * code hashes, tokens) nor any other field of the error; parameter values and quoted input that
 * PostgreSQL repeats in a message are blanked out.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return `a thrown ${typeof error} (not an Error)`;
  const { code, params } = error as { code?: unknown; params?: unknown };
  let message = error.message;
  if (Array.isArray(params)) {
    for (const param of params) {
      const text = typeof param === 'string' ? param : param instanceof Date ? '' : String(param ?? '');
      if (text.length >= 4) message = message.replaceAll(text, REDACTED);
    }
  }
  // PostgreSQL quotes the input it could not take (`invalid input syntax for type integer: "…"`).
  if (typeof code === 'string') message = message.replace(/: ".*"/s, `: "${REDACTED}"`);
  const where = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8)
    .join('\n');
  const codePart = typeof code === 'string' ? ` [${code}]` : '';
  return `${error.name}${codePart}: ${message}${where ? `\n${where}` : ''}`;
}

/**
 * The app's error handler: refusals become their JSON answer, anything else a 500 whose error, with
 * its stack, goes to the log with the request id (never to the answer).
 */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof HttpProblem) return problemResponse(c, error);
  // The route pattern only: paths and query strings can hold tokens, and bodies passwords.
  const route = routePath(c);
  const log: Pick<Logger, 'error'> | undefined = c.var.log;
  const line = { reqId: c.var.requestId, method: c.req.method, route, error: describeError(error) };
  if (log) log.error(line, `${c.req.method} ${route} failed`);
  else console.error(`${c.req.method} ${route} failed: ${line.error}`);
  return c.json(errorBody(SERVER_MESSAGES.internalError), 500);
};
