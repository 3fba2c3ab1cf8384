import { longerThan, looksLikeEmail } from '@contract/forms/rules';

/**
 * The addresses of an invitation, checked by the dialog and the server alike (the calls:
 * wire/invitations.ts).
 */

/** At most this many people per invitation (spec section 9). */
export const MAX_INVITEES = 5;
const EMAIL_MAX = 254;

/** How the addresses of a request read: each trimmed and lower-cased, once, in the order typed. */
export type InviteeCheck =
  | { ok: true; emails: string[] }
  | { ok: false; reason: 'none' }
  | { ok: false; reason: 'invalid'; address: string; index: number }
  | { ok: false; reason: 'too_many' };

/**
 * The rule of a request's addresses, shared by the dialog and the server: empty entries are
 * skipped, the rest trimmed, lower-cased and merged; the first bad one refuses them all (`index`:
 * its place among the entries as typed); more than five distinct ones are refused.
 */
export function checkInvitees(entries: readonly string[]): InviteeCheck {
  const emails: string[] = [];
  for (const [index, entry] of entries.entries()) {
    const address = entry.trim().toLowerCase();
    if (!address) continue;
    if (longerThan(address, EMAIL_MAX) || !looksLikeEmail(address)) {
      return { ok: false, reason: 'invalid', address: entry.trim(), index };
    }
    if (!emails.includes(address)) emails.push(address);
  }
  if (emails.length === 0) return { ok: false, reason: 'none' };
  if (emails.length > MAX_INVITEES) return { ok: false, reason: 'too_many' };
  return { ok: true, emails };
}
