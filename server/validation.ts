import { type FieldErrors, validate } from '@contract/forms/rules';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { Context, Input, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { HandlerResponse } from 'hono/types';
import { validator } from 'hono/validator';
import type * as z from 'zod/mini';
import { type AppEnv, HttpProblem, type ProblemDetail, requireJsonContent, type UserMessage } from './http';

/**
 * The one place requests are read: Hono's validator middleware parses the body, query or path, and
 * the handler reads the result with `c.req.valid(…)`. Refusals are the server's own (HttpProblem);
 * none reaches the handler.
 */

/** A body validator whose refusal of a body that does not parse is answered with 400 and `message`. */
function refusingUnreadable<I extends Input, R extends HandlerResponse<unknown>>(
  message: UserMessage,
  middleware: MiddlewareHandler<AppEnv, string, I, R>,
): MiddlewareHandler<AppEnv, string, I, R> {
  return async (c, next) => {
    try {
      return await middleware(c, next);
    } catch (error) {
      // Hono's validators throw HTTPException only when the body does not parse.
      if (error instanceof HTTPException) throw new HttpProblem(400, message);
      throw error;
    }
  };
}

/** Where a string holding NUL sits in a parsed JSON body: its top-level field, '' at the top. */
function fieldWithNul(body: unknown): string | undefined {
  // A loop, not recursion: a 16 KiB body can nest thousands of levels deep.
  const pending: [unknown, string][] = [[body, '']];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [value, field] = item;
    if (typeof value === 'string') {
      if (value.includes('\0')) return field;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\0')) return field || '';
        pending.push([child, Array.isArray(value) || field ? field : key]);
      }
    }
  }
  return undefined;
}

/** Refuses NUL anywhere in a body's text with 400: nothing is stripped silently. */
function refuseNul(field: string | undefined): void {
  if (field === undefined) return;
  throw new HttpProblem(
    400,
    field ? { field, message: SERVER_MESSAGES.forbiddenCharacter } : SERVER_MESSAGES.forbiddenCharacter,
  );
}

/** Each field's value when it is a string, else '' (so that the form rules report it). */
function textFields<K extends string>(fields: readonly K[], read: (field: K) => unknown): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const field of fields) {
    const value = read(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** The broken form rules as error details: the first message of each field, in `fields` order. */
function fieldDetails<T>(
  errors: FieldErrors<T, UserMessage>,
  fields: readonly (keyof T & string)[],
): ProblemDetail[] {
  return fields.flatMap((field) => {
    const message = errors[field];
    return message ? [{ field, message }] : [];
  });
}

/** The details of every broken form rule of `values`, each field's first, in `fields` order. */
export function formDetails<K extends string>(
  schema: z.ZodMiniType<Record<K, string>>,
  values: Record<K, string>,
  fields: readonly K[],
): ProblemDetail[] {
  return fieldDetails<Record<K, string>>(validate<Record<K, string>, UserMessage>(schema, values), fields);
}

/**
 * The JSON body validator. In order: a body not declared as JSON is refused with 415, one that does
 * not parse with 400 malformedBody; `read` takes the parsed body or refuses it (its answer, or a
 * thrown HttpProblem); a body of the right shape holding a NUL anywhere is refused with 400; last,
 * `check` may refuse what was read (form rules) or complete it.
 */
function jsonValidator<S, T>(
  read: (body: unknown, c: Context) => S | Response,
  check: (value: S) => T | Promise<T>,
) {
  return refusingUnreadable(
    SERVER_MESSAGES.malformedBody,
    validator('json', async (body: unknown, c) => {
      // Hono's validator reads a body of another type as {}.
      requireJsonContent(c);
      const value = read(body, c);
      if (value instanceof Response) return value;
      refuseNul(fieldWithNul(body));
      return check(value);
    }),
  );
}

/**
 * A JSON body of `schema`'s shape; any other is refused with 400 and `invalid` (or the answer
 * `invalid` gives, for endpoints whose callers read more than `details`).
 */
export function jsonBody<S extends z.ZodMiniType>(
  schema: S,
  invalid: UserMessage | ((c: Context) => Response),
) {
  return jsonValidator(
    (body, c) => {
      const parsed = schema.safeParse(body);
      if (parsed.success) return parsed.data;
      if (typeof invalid === 'function') return invalid(c);
      throw new HttpProblem(400, invalid);
    },
    (value) => value,
  );
}

/**
 * A form sent as JSON: the text of `fields` (a missing or non-text one reads as ''), refused with
 * 400 and every broken rule of `schema` (see formDetails); `more` adds the details of checks the
 * rules cannot make (a reset token's validity), and `extra` names text fields outside the rules.
 */
export function jsonForm<K extends string, X extends string = never>(
  schema: z.ZodMiniType<Record<K, string>>,
  fields: readonly K[],
  options: {
    extra?: readonly X[];
    more?: (values: Record<K | X, string>) => Promise<ProblemDetail[]>;
  } = {},
) {
  const read: readonly (K | X)[] = [...fields, ...(options.extra ?? [])];
  return jsonValidator(
    (body) => {
      const isRecord = typeof body === 'object' && body !== null && !Array.isArray(body);
      const record = new Map<string, unknown>(isRecord ? Object.entries(body) : []);
      return textFields(read, (field) => record.get(field));
    },
    async (values) => {
      const details = [...formDetails(schema, values, fields), ...((await options.more?.(values)) ?? [])];
      if (details.length > 0) throw new HttpProblem(400, details);
      return values;
    },
  );
}

const FORM_TYPES = new Set(['multipart/form-data', 'application/x-www-form-urlencoded']);

/** The parts of a multipart or URL-encoded form, as `checkForm` of formBody reads them. */
export interface FormParts {
  /** The named text fields (see textFields); the first part of each name. */
  text<K extends string>(fields: readonly K[]): Record<K, string>;
  /** The first part of the name. */
  get(name: string): string | File | undefined;
}

/**
 * A multipart or URL-encoded form (a sign-up with its CV). One of another type, or that does not
 * parse, is refused with 400 and `notAForm`; a NUL in any part, an uploaded file's name included,
 * with 400; then `check` reads the parts or refuses them.
 */
export function formBody<T>(notAForm: UserMessage, check: (form: FormParts) => T | Promise<T>) {
  return refusingUnreadable(
    notAForm,
    validator('form', (form, c) => {
      const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      // Hono's validator reads a body of another type as {}.
      if (!FORM_TYPES.has(type)) throw new HttpProblem(400, notAForm);
      const parts = Object.entries(form).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((part) => [name, part] as const),
      );
      for (const [name, part] of parts) {
        const text = typeof part === 'string' ? part : part.name;
        if (name.includes('\0') || text.includes('\0')) refuseNul(name.replaceAll('\0', ''));
      }
      const get = (name: string) => parts.find(([partName]) => partName === name)?.[1];
      return check({ get, text: (fields) => textFields(fields, get) });
    }),
  );
}

/** Reads a query parameter: its first value, undefined when absent. */
export type QueryReader = (name: string) => string | undefined;

/** The query string, as `read` takes it (or refuses it by throwing an HttpProblem). */
export function validQuery<T>(read: (query: QueryReader) => T) {
  return validator('query', (query) =>
    read((name) => {
      const value = query[name];
      return Array.isArray(value) ? value[0] : value;
    }),
  );
}

/** A whole number from 1 to max written in digits, or undefined. */
export function wholeNumber(text: string | undefined, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (!text || !/^\d+$/.test(text.trim())) return undefined;
  const number = Number(text);
  return number >= 1 && number <= max && Number.isSafeInteger(number) ? number : undefined;
}

/** The largest id an integer column holds. */
export const MAX_ID = 2_147_483_647;

/** A path's `:id`, a positive integer id; anything else is not found. */
export function validId() {
  return validator('param', (param) => {
    const id = wholeNumber(param.id, MAX_ID);
    if (id === undefined) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return { id };
  });
}
