/**
 * The idempotency key of a payment attempt, one per course, kept in localStorage: a second press, a
 * refresh, Back or a second tab send the same key, and the API answers with the same payment. A new
 * key is made only for 'Try Again' after a failed payment.
 */
const KEY_PREFIX = 'checkout-attempt:';

export function attemptKey(courseId: number): string {
  const name = `${KEY_PREFIX}${courseId}`;
  const kept = localStorage.getItem(name);
  if (kept) return kept;
  const key = crypto.randomUUID();
  localStorage.setItem(name, key);
  return key;
}

export function forgetAttempt(courseId: number): void {
  localStorage.removeItem(`${KEY_PREFIX}${courseId}`);
}
