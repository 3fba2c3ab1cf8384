import type { Context, ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as z from 'zod/mini';
import { SERVER_MESSAGES, type ServerMessage } from '../src/api/server-messages';
import type { UserRow } from './users';

/** Variables a request may carry: the signed-in user, set by requireAuth. */
export type AppEnv = { Variables: { user: UserRow } };

/** A refusal with a status and one of the server's sentences; turned into a JSON answer. */
export class HttpProblem extends Error {
  override readonly name = 'HttpProblem';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly userMessage: ServerMessage,
    readonly headers: Record<string, string> = {},
  ) {
    super(userMessage);
  }
}

/** The error body every endpoint sends: the client shows `details[0].message`. */
export function errorBody(message: ServerMessage) {
  return { success: false as const, details: [{ message }] };
}

export function problemResponse(c: Context, problem: HttpProblem): Response {
  for (const [name, value] of Object.entries(problem.headers)) c.header(name, value);
  return c.json(errorBody(problem.userMessage), problem.status);
}

export function notFoundResponse(c: Context): Response {
  return c.json({ detail: SERVER_MESSAGES.notFound }, 404);
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

/** The app's error handler: refusals become their JSON answer, anything else a logged 500. */
export const handleError: ErrorHandler = (error, c) => {
  if (error instanceof HttpProblem) return problemResponse(c, error);
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json(errorBody(SERVER_MESSAGES.internalError), 500);
};
