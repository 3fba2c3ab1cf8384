import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as z from 'zod/mini';
import { type FieldErrors, type ValidationMessage, validate } from '../src/api/schemas/auth-forms';
import type { PublicMessage, PublicValidationMessage } from '../src/api/schemas/public-forms';
import { SERVER_MESSAGES, type ServerMessage } from '../src/api/server-messages';
import type { UserRow } from './users';

/** Variables a request may carry: the signed-in user, set by requireAuth. */
export type AppEnv = { Variables: { user: UserRow } };

/** A sentence the server may show: its own, or a form rule shared with the client. */
export type UserMessage = ServerMessage | ValidationMessage | PublicValidationMessage | PublicMessage;

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

/** Refuses JSON bodies over 16 KiB with 413. */
export function jsonBodyLimit(): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: (c) => problemResponse(c, new HttpProblem(413, SERVER_MESSAGES.bodyTooLarge)),
  });
}

/**
 * Reads a JSON body and validates it; a body that is not JSON, or not of the expected shape,
 * is refused with 400 and `invalidMessage`.
 */
export async function readJsonBody<S extends z.ZodMiniType>(
  c: Context,
  schema: S,
  invalidMessage: ServerMessage,
): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpProblem(400, SERVER_MESSAGES.malformedBody);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new HttpProblem(400, invalidMessage);
  return parsed.data;
}

/**
 * Reads the named text fields of a JSON body; a field that is missing or not a string reads as
 * empty, so that the form rules report it. A body that is not JSON is refused with 400.
 */
export async function readJsonFields<K extends string>(
  c: Context,
  fields: readonly K[],
): Promise<Record<K, string>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpProblem(400, SERVER_MESSAGES.malformedBody);
  }
  const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  return textFields(fields, (field) => (record as Record<string, unknown>)[field]);
}

/** Each field's value when it is a string, else ''. */
export function textFields<K extends string>(
  fields: readonly K[],
  read: (field: K) => unknown,
): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const field of fields) {
    const value = read(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** The broken form rules as error details: the first message of each field, in `fields` order. */
export function fieldDetails<T>(
  errors: FieldErrors<T>,
  fields: readonly (keyof T & string)[],
): ProblemDetail[] {
  return fields.flatMap((field) => {
    const message = errors[field];
    return message ? [{ field, message }] : [];
  });
}

/** Validates form values with a shared form schema; refuses them with 400 and every field's message. */
export function checkForm<T extends Record<string, unknown>>(
  schema: z.ZodMiniType<T>,
  values: T,
  fields: readonly (keyof T & string)[],
): void {
  const details = fieldDetails(validate(schema, values), fields);
  if (details.length > 0) throw new HttpProblem(400, details);
}

/** Page and page size of a list request: page is 1-based; limit defaults to 25, at most 100. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  page: number;
  limit: number;
  offset: number;
}

function positiveInt(value: string | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  const number = Number(value);
  return number >= 1 && Number.isSafeInteger(number) ? number : undefined;
}

export function pageRequest(c: Context): PageRequest {
  const page = positiveInt(c.req.query('page')) ?? 1;
  const limit = Math.min(positiveInt(c.req.query('limit')) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  return { page, limit, offset: (page - 1) * limit };
}

/** A path parameter that must be a positive integer id; anything else is not found. */
export function idParam(c: Context, name = 'id'): number {
  const id = positiveInt(c.req.param(name));
  if (id === undefined || id > 2_147_483_647) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return id;
}

/** A refusal that carries its sentence as `error` too (the event registration's callers read it). */
export function errorResponse(c: Context, status: ContentfulStatusCode, message: UserMessage): Response {
  return c.json({ success: false as const, error: message, details: [{ message }] }, status);
}

/** The app's error handler: refusals become their JSON answer, anything else a logged 500. */
export const handleError: ErrorHandler = (error, c) => {
  if (error instanceof HttpProblem) return problemResponse(c, error);
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json(errorBody(SERVER_MESSAGES.internalError), 500);
};
