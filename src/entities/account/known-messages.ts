import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addKnownMessages } from '@/i18n/api-messages';

/**
 * Sentences only the checkout, the receipt, the profile and the enrolled courses meet (payments,
 * the profile's own refusals) and those only the admin command and the gateway get: translated like
 * KNOWN_MESSAGES in src/i18n/api-messages.ts, but loaded with those screens and their catalogue
 * rather than on every page.
 */
export const ACCOUNT_MESSAGES: Record<string, MessageDescriptor> = {
  'Payment Failed': msg`Payment Failed`,
  'Choose a payment method': msg`Choose a payment method`,
  'Accept the terms to continue': msg`Accept the terms to continue`,
  'The receipt cannot be made into a PDF right now. Print the receipt page instead': msg`The receipt cannot be made into a PDF right now. Print the receipt page instead`,
  'A payment needs a course, a method (card, wallet, cash or free), an attempt key and the terms': msg`A payment needs a course, a method (card, wallet, cash or free), an attempt key and the terms`,
  'Please accept the terms and conditions to pay': msg`Please accept the terms and conditions to pay`,
  'Enter the phone number of your wallet (5 to 13 digits)': msg`Enter the phone number of your wallet (5 to 13 digits)`,
  'This course is free: enrol without paying': msg`This course is free: enrol without paying`,
  'This course is not free: choose a payment method': msg`This course is not free: choose a payment method`,
  'This payment attempt was made for another course or method. Start a new payment': msg`This payment attempt was made for another course or method. Start a new payment`,
  'The payment gateway cannot be reached. Please try again in a moment': msg`The payment gateway cannot be reached. Please try again in a moment`,
  'The notice signature is not valid': msg`The notice signature is not valid`,
  'This payment is not waiting for a wallet code': msg`This payment is not waiting for a wallet code`,
  'Too many wrong codes: this payment has failed. Please start a new payment': msg`Too many wrong codes: this payment has failed. Please start a new payment`,
  'The wallet code has expired. Please start a new payment': msg`The wallet code has expired. Please start a new payment`,
  'This payment is not waiting for cash': msg`This payment is not waiting for cash`,
  'Give the id of a payment': msg`Give the id of a payment`,
  'This payment has no refund due through the gateway': msg`This payment has no refund due through the gateway`,
  'Give the e-mail address of a trainee and the id of a course': msg`Give the e-mail address of a trainee and the id of a course`,
  'Give the reason for refusing the withdrawal, at most 500 characters': msg`Give the reason for refusing the withdrawal, at most 500 characters`,
  'This trainee has no withdrawal request waiting for this course': msg`This trainee has no withdrawal request waiting for this course`,
  'A valid admin token is required': msg`A valid admin token is required`,
  'No account uses this email address': msg`No account uses this email address`,
  'This account is not a trainer account': msg`This account is not a trainer account`,
  'A notification needs an e-mail address, a title, a text and, if any, a link to a page of this site': msg`A notification needs an e-mail address, a title, a text and, if any, a link to a page of this site`,
  'User type is required': msg`User type is required`,
  'User type must be Student, Govt Employee, Private Sector or Others': msg`User type must be Student, Govt Employee, Private Sector or Others`,
  'Current password is required': msg`Current password is required`,
  'The new password must be different from the current one': msg`The new password must be different from the current one`,
  'A user with this phone number already exists': msg`A user with this phone number already exists`,
  'This is already your e-mail address': msg`This is already your e-mail address`,
  'There is no e-mail change to confirm. Ask for a new code': msg`There is no e-mail change to confirm. Ask for a new code`,
  'The password is not correct': msg`The password is not correct`,
  'Your password has been changed': msg`Your password has been changed`,
  'Your account has been closed': msg`Your account has been closed`,
  'Choose a photo to upload': msg`Choose a photo to upload`,
  'The photo must be a JPEG, PNG or WebP image': msg`The photo must be a JPEG, PNG or WebP image`,
  'The photo must not be larger than 2 MB': msg`The photo must not be larger than 2 MB`,
  'The photo must be sent as multipart/form-data': msg`The photo must be sent as multipart/form-data`,
  'Choose only the notices of your account, each once, with mail on or off': msg`Choose only the notices of your account, each once, with mail on or off`,
};

addKnownMessages(ACCOUNT_MESSAGES);
