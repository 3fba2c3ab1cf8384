import { VALIDATION } from '@contract/forms/auth';
import { atMost, email, field, required } from '@contract/forms/rules';
import * as z from 'zod/mini';

/**
 * Inviting another member of staff (POST /staff/staff-accounts/): the name and the address the
 * invitation is mailed to, with the rules and sentences of the sign-up's same fields.
 */
export const staffInviteFormSchema = z.object({
  full_name: field(required(VALIDATION.nameRequired), atMost(100, VALIDATION.nameMax)),
  email: field(
    required(VALIDATION.emailRequired),
    atMost(254, VALIDATION.emailMax),
    email(VALIDATION.emailInvalid),
  ),
});
export type StaffInviteForm = z.infer<typeof staffInviteFormSchema>;
