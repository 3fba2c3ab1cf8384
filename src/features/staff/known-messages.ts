import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addKnownMessages } from '@/i18n/api-messages';

/**
 * The back office's sentences from the reference server (STAFF_MESSAGES in
 * contract/messages/staff.ts), translated like KNOWN_MESSAGES in src/i18n/api-messages.ts but
 * loaded with the staff's screens, in their catalogue.
 */
export const STAFF_SCREEN_MESSAGES: Record<string, MessageDescriptor> = {
  'The trainer is approved and has been told': msg`The trainer is approved and has been told`,
  'The application is rejected and the applicant has been told': msg`The application is rejected and the applicant has been told`,
  'The course is approved and published': msg`The course is approved and published`,
  'The course is rejected and its trainer has been told': msg`The course is rejected and its trainer has been told`,
  'The changes are approved and published': msg`The changes are approved and published`,
  'The changes are rejected and the trainer has been told': msg`The changes are rejected and the trainer has been told`,
  'The withdrawal is approved and the trainee has been told': msg`The withdrawal is approved and the trainee has been told`,
  'The withdrawal is refused and the trainee is enrolled again': msg`The withdrawal is refused and the trainee is enrolled again`,
  'The cash payment is confirmed: the trainee is enrolled and has the receipt': msg`The cash payment is confirmed: the trainee is enrolled and has the receipt`,
  'This is no longer waiting for a decision': msg`This is no longer waiting for a decision`,
  'Give the reason, at most 500 characters': msg`Give the reason, at most 500 characters`,
  'This applicant sent no CV': msg`This applicant sent no CV`,
  'Choose one of: trainer, course, withdrawal, cash, revision': msg`Choose one of: trainer, course, withdrawal, cash, revision`,
  'Choose an action of the list, and days written as YYYY-MM-DD': msg`Choose an action of the list, and days written as YYYY-MM-DD`,
  'Your trainer application was not approved': msg`Your trainer application was not approved`,
  "Only the centre's staff can do this": msg`Only the centre's staff can do this`,
  'This sign-in has expired. Please log in again': msg`This sign-in has expired. Please log in again`,
  'The account is disabled and signed out everywhere': msg`The account is disabled and signed out everywhere`,
  'The account is enabled again': msg`The account is enabled again`,
  'This account is already disabled': msg`This account is already disabled`,
  'This account is not disabled': msg`This account is not disabled`,
  'You cannot disable your own account': msg`You cannot disable your own account`,
  'Choose one of: TRAINEE, TRAINER, ADMIN': msg`Choose one of: TRAINEE, TRAINER, ADMIN`,
  'The certificate is revoked and its holder has been told': msg`The certificate is revoked and its holder has been told`,
  'This certificate is already revoked': msg`This certificate is already revoked`,
  'Search with at most 200 characters': msg`Search with at most 200 characters`,
  // STAFF_PAYMENT_MESSAGES (contract/messages/staff-payments.ts) and the payments page's own.
  'Choose one of: card, wallet, cash, free': msg`Choose one of: card, wallet, cash, free`,
  'Choose one of: initiated, awaiting_wallet_code, awaiting_cash, paid, failed, refunded': msg`Choose one of: initiated, awaiting_wallet_code, awaiting_cash, paid, failed, refunded`,
  'Give the course by its number': msg`Give the course by its number`,
  'Write days as YYYY-MM-DD': msg`Write days as YYYY-MM-DD`,
  'The end day must be on or after the start day': msg`The end day must be on or after the start day`,
  'The payment is refunded to the card': msg`The payment is refunded to the card`,
  'The payment is marked refunded: pay the trainee back at the centre': msg`The payment is marked refunded: pay the trainee back at the centre`,
  'Only a paid payment that is not refunded yet can be refunded': msg`Only a paid payment that is not refunded yet can be refunded`,
  'A free enrolment has nothing to refund': msg`A free enrolment has nothing to refund`,
  'Give the category a name in English': msg`Give the category a name in English`,
  'Give the category a name in Arabic': msg`Give the category a name in Arabic`,
  'A category name has at most 60 characters': msg`A category name has at most 60 characters`,
  'Another category already has this name': msg`Another category already has this name`,
  'This category still holds courses: move them to another category first, or hide the category': msg`This category still holds courses: move them to another category first, or hide the category`,
  'Move a category up or down': msg`Move a category up or down`,
  'The category is added': msg`The category is added`,
  'The category is renamed': msg`The category is renamed`,
  'The category is hidden: new courses cannot choose it and the catalogue does not offer it': msg`The category is hidden: new courses cannot choose it and the catalogue does not offer it`,
  'The category is shown again': msg`The category is shown again`,
  'The category is deleted': msg`The category is deleted`,
  'The issue is resolved and its reporter has been told': msg`The issue is resolved and its reporter has been told`,
  'Write the reply, at most 2000 characters': msg`Write the reply, at most 2000 characters`,
  'This issue is already resolved': msg`This issue is already resolved`,
  'Choose one of: Pending, Resolved': msg`Choose one of: Pending, Resolved`,
};

addKnownMessages(STAFF_SCREEN_MESSAGES);
