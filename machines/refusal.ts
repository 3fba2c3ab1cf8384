/**
 * A refused call's field sentences (spec section 8), for the forms that show them beside their
 * fields. Its own module: the sign-in and sign-up forms every page may open do not carry it.
 */

/**
 * The field sentences of a refused call (spec section 8: `details: [{ field, message }]`), in the
 * order the server gave them; a detail without a field (or not a string) is the alert's, not a
 * field's.
 */
export function refusedFields(error: unknown): { field: string; message: string }[] {
  const body = typeof error === 'object' && error !== null && 'body' in error ? error.body : undefined;
  const details =
    typeof body === 'object' && body !== null && 'details' in body && Array.isArray(body.details)
      ? (body.details as unknown[])
      : [];
  return details.flatMap((detail) => {
    if (typeof detail !== 'object' || detail === null) return [];
    const { field, message } = detail as { field?: unknown; message?: unknown };
    return typeof field === 'string' && field && typeof message === 'string' ? [{ field, message }] : [];
  });
}

/**
 * A form's messages from a refusal: each detail whose field `keyOf` places in the form (a name, or
 * the form's own path for it), the first sentence for each.
 */
export function refusedFieldErrors<K extends string>(
  error: unknown,
  keyOf: (field: string) => K | undefined,
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const { field, message } of refusedFields(error)) {
    const key = keyOf(field);
    if (key !== undefined && !(key in errors)) errors[key] = message;
  }
  return errors;
}
