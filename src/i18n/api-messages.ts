import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DEFAULT_FAILURE, isApiError } from '@/api/errors';

/**
 * Sentences the API and the spec's fallbacks produce, so an alert can show them in the user's
 * language (spec section 8: "details[0].message …, then translated").
 */
const known: Record<string, MessageDescriptor> = {
  [DEFAULT_FAILURE]: msg`Something went wrong`,
  'Could not logged in at this time. Try again': msg`Could not logged in at this time. Try again`,
  'Invalid email or password': msg`Invalid email or password`,
};

/** The user-facing text of a failure: the server's message translated when we know it. */
export function errorText(error: unknown, i18n: I18n): string {
  const message = isApiError(error) ? error.message : DEFAULT_FAILURE;
  const descriptor = known[message];
  return descriptor ? i18n._(descriptor) : message;
}
