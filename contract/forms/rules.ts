import * as z from 'zod/mini';

/**
 * The building blocks of every form's rules: a field reports at most one message, the first rule it
 * breaks, and `validate` turns a schema's verdict into field → message. Shared by the web app's
 * machines and the reference server.
 */

/** A rule: the message of what is wrong with the value, or null when it is fine. */
export type Rule<M extends string = string> = (value: string) => M | null;

/** Whether the text has more than `max` characters, counting each code point once. */
export function longerThan(value: string, max: number): boolean {
  // Counting code points costs as much as the text is long: decide by UTF-16 length when it can.
  if (value.length <= max) return false;
  if (value.length > max * 2) return true;
  let count = 0;
  for (const _ of value) if (++count > max) return true;
  return false;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An address with one @, something before it, and a dot in the domain (spaces around do not count). */
export function looksLikeEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** A string field that reports the first broken rule as its one message. */
export function field<M extends string>(...rules: Rule<M>[]) {
  return z.string().check(
    z.superRefine((value, ctx) => {
      for (const rule of rules) {
        const message = rule(value);
        if (message) {
          ctx.issues.push({ code: 'custom', message, input: value });
          return;
        }
      }
    }),
  );
}

/** Not blank. */
export const required =
  <M extends string>(message: M): Rule<M> =>
  (value) =>
    value.trim() ? null : message;

/** Typed text (spaces around it do not count) of at most `max` characters. */
export const atMost =
  <M extends string>(max: number, message: M): Rule<M> =>
  (value) =>
    longerThan(value.trim(), max) ? message : null;

/** An e-mail address (see looksLikeEmail). */
export const email =
  <M extends string>(message: M): Rule<M> =>
  (value) =>
    looksLikeEmail(value) ? null : message;

export type FieldErrors<T, M extends string = string> = Partial<Record<keyof T & string, M>>;

/**
 * Field → first message, in the schema's field order; empty when the values are valid. `M` names
 * the sentences the schema's rules say (the server sends only sentences the web app translates).
 */
export function validate<T extends Record<string, unknown>, M extends string = string>(
  schema: z.ZodMiniType,
  values: T,
): FieldErrors<T, M> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors as FieldErrors<T, M>;
}
