import { DEFAULT_FAILURE, readWaitSentence, type Wait } from '@contract/messages/errors';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { isApiError } from '@/api/errors';

/**
 * English sentences that reach the user from outside the views — the spec's validation messages and
 * fallbacks, and what the API sends — so they show in the user's language (spec section 8:
 * "details[0].message …, then translated"). A unit test checks that every message the forms and the
 * reference server can produce is listed here.
 */
export const KNOWN_MESSAGES: Record<string, MessageDescriptor> = {
  // Fallbacks (spec section 8).
  [DEFAULT_FAILURE]: msg`Something went wrong`,
  // Withdrawal (contract/forms/enrolments.ts).
  'Reason is required': msg`Reason is required`,
  'Reason must be at most 500 characters': msg`Reason must be at most 500 characters`,
  'Could not logged in at this time. Try again': msg`Could not logged in at this time. Try again`,
  'Could not Register at this time. Try again': msg`Could not Register at this time. Try again`,
  'Could not verify in at this time. Try again': msg`Could not verify in at this time. Try again`,
  'Could not send otp in at this time. Try again': msg`Could not send otp in at this time. Try again`,
  // Validation (spec section 5).
  'Email is required': msg`Email is required`,
  'Invalid email': msg`Invalid email`,
  'Password is required': msg`Password is required`,
  'Password must be at least 5 characters': msg`Password must be at least 5 characters`,
  'Name is required': msg`Name is required`,
  'Phone number is required': msg`Phone number is required`,
  'Invalid phone number': msg`Invalid phone number`,
  'Phone number must contain only numbers': msg`Phone number must contain only numbers`,
  'Phone number must be at least 5 characters': msg`Phone number must be at least 5 characters`,
  'Phone number must be at most 13 characters': msg`Phone number must be at most 13 characters`,
  'govt id or iqama no is required': msg`govt id or iqama no is required`,
  'govt id or iqama no must contain only numbers': msg`govt id or iqama no must contain only numbers`,
  'govt id or iqama no must be at least 10 characters': msg`govt id or iqama no must be at least 10 characters`,
  'govt id or iqama no must be at most 10 characters': msg`govt id or iqama no must be at most 10 characters`,
  'Password must be at least 10 characters': msg`Password must be at least 10 characters`,
  'Password must meet be at least one (A-Z),(a-z),(0-9) and one special character (@, #, $, *, !, +)': msg`Password must meet be at least one (A-Z),(a-z),(0-9) and one special character (@, #, $, *, !, +)`,
  'Password must not contain 1234321, asdf or qwert': msg`Password must not contain 1234321, asdf or qwert`,
  'Confirm password is required': msg`Confirm password is required`,
  'Passwords must match': msg`Passwords must match`,
  'Email/phone is required': msg`Email/phone is required`,
  'OTP have maximum 7 digit': msg`OTP have maximum 7 digit`,
  'OTP must be exactly 7 digits': msg`OTP must be exactly 7 digits`,
  'Name must be at most 100 characters': msg`Name must be at most 100 characters`,
  'Email must be at most 254 characters': msg`Email must be at most 254 characters`,
  'Password must be at most 128 characters': msg`Password must be at most 128 characters`,
  'Email/phone must be at most 254 characters': msg`Email/phone must be at most 254 characters`,
  // The API's own sentences.
  'Refresh token is required': msg`Refresh token is required`,
  'Your session has expired. Please log in again': msg`Your session has expired. Please log in again`,
  'Successfully signed out': msg`Successfully signed out`,
  'Authentication credentials were not provided': msg`Authentication credentials were not provided`,
  'Your access token is invalid or has expired': msg`Your access token is invalid or has expired`,
  'The request body must be valid JSON': msg`The request body must be valid JSON`,
  'The request body must be sent as application/json': msg`The request body must be sent as application/json`,
  'The request contains a character that is not allowed': msg`The request contains a character that is not allowed`,
  'The address of the request is not valid': msg`The address of the request is not valid`,
  'page must be a whole number from 1 to 1000000': msg`page must be a whole number from 1 to 1000000`,
  'w must be 480, 960 or 1440': msg`w must be 480, 960 or 1440`,
  'limit must be a whole number from 1 to 100': msg`limit must be a whole number from 1 to 100`,
  'category must be a comma-separated list of category ids': msg`category must be a comma-separated list of category ids`,
  'The request body is too large': msg`The request body is too large`,
  'Not found': msg`Not found`,
  'Only trainees can do this': msg`Only trainees can do this`,
  'Only trainers can do this': msg`Only trainers can do this`,
  'You have already paid for this course': msg`You have already paid for this course`,
  'You are already enrolled in this course': msg`You are already enrolled in this course`,
  'A withdrawal request needs the id of a course and a reason': msg`A withdrawal request needs the id of a course and a reason`,
  'You are not enrolled in this course': msg`You are not enrolled in this course`,
  'You have withdrawn from this course': msg`You have withdrawn from this course`,
  'Your withdrawal request for this course is already waiting for approval': msg`Your withdrawal request for this course is already waiting for approval`,
  'Invalid OTP Code': msg`Invalid OTP Code`,
  'OTP sent successfully': msg`OTP sent successfully`,
  'A user with this email already exists': msg`A user with this email already exists`,
  'A user with this govt id or iqama no already exists': msg`A user with this govt id or iqama no already exists`,
  'Too many attempts. Request a new code': msg`Too many attempts. Request a new code`,
  'Too many wrong codes. Please wait before trying again': msg`Too many wrong codes. Please wait before trying again`,
  'Too many attempts. Please wait before trying again': msg`Too many attempts. Please wait before trying again`,
  // Public site.
  'Full name is required': msg`Full name is required`,
  'Invalid email address': msg`Invalid email address`,
  'Subject is required': msg`Subject is required`,
  'description Is Required': msg`description Is Required`,
  'Event is required': msg`Event is required`,
  'Full name must be at most 100 characters': msg`Full name must be at most 100 characters`,
  'Subject must be at most 150 characters': msg`Subject must be at most 150 characters`,
  'Description must be at most 2000 characters': msg`Description must be at most 2000 characters`,
  'Request Sent Successfully': msg`Request Sent Successfully`,
  'Course Request is Successfully': msg`Course Request is Successfully`,
  'You have registered for this event successfully': msg`You have registered for this event successfully`,
  'You are already registered for this event': msg`You are already registered for this event`,
  'This event has ended': msg`This event has ended`,
  'Error uploading file': msg`Error uploading file`,
  'This account has been closed. You can sign up again with this e-mail address': msg`This account has been closed. You can sign up again with this e-mail address`,
};

/**
 * How long to wait after too many attempts (a 429 that said so; see waitSentence in
 * contract/messages/errors.ts), as whole sentences per plural form: Arabic has six of them.
 */
function waitMessage({ unit, count }: Wait): MessageDescriptor {
  switch (unit) {
    case 'seconds':
      return msg({
        message: plural(count, {
          one: 'Too many attempts. Try again in # second.',
          other: 'Too many attempts. Try again in # seconds.',
        }),
      });
    case 'minutes':
      return msg({
        message: plural(count, {
          one: 'Too many attempts. Try again in # minute.',
          other: 'Too many attempts. Try again in # minutes.',
        }),
      });
    case 'hours':
      return msg({
        message: plural(count, {
          one: 'Too many attempts. Try again in # hour.',
          other: 'Too many attempts. Try again in # hours.',
        }),
      });
  }
}

/** Sentences only some screens meet, added by those screens when they load (with their catalogue). */
const screenMessages: Record<string, MessageDescriptor> = {};

/** Makes a screen's own table of known sentences translatable (see KNOWN_MESSAGES). */
export function addKnownMessages(table: Record<string, MessageDescriptor>): void {
  Object.assign(screenMessages, table);
}

/** A known English sentence (or a wait sentence) in the active language; anything else as it came. */
export function translateMessage(message: string, i18n: I18n): string {
  const descriptor = KNOWN_MESSAGES[message] ?? screenMessages[message];
  if (descriptor) return i18n._(descriptor);
  const wait = readWaitSentence(message);
  return wait ? i18n._(waitMessage(wait)) : message;
}

/** The user-facing text of a failure: the server's message translated when we know it. */
export function errorText(error: unknown, i18n: I18n): string {
  return translateMessage(isApiError(error) ? error.message : DEFAULT_FAILURE, i18n);
}
