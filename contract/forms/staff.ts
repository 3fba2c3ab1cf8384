import { VALIDATION } from '@contract/forms/auth';
import { atMost, email, field, required } from '@contract/forms/rules';
import { STAFF_MESSAGES } from '@contract/messages/staff';
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

/** A course category's names (POST /staff/categories/, PATCH /staff/categories/:id/), both needed. */
export const categoryFormSchema = z.object({
  name: field(required(STAFF_MESSAGES.categoryNameRequired), atMost(60, STAFF_MESSAGES.categoryNameMax)),
  name_ar: field(required(STAFF_MESSAGES.categoryNameArRequired), atMost(60, STAFF_MESSAGES.categoryNameMax)),
});
export type CategoryForm = z.infer<typeof categoryFormSchema>;
