import { VALIDATION } from '@contract/forms/auth';
import { WITHDRAWAL_VALIDATION } from '@contract/forms/enrolments';
import { SURVEY_VALIDATION } from '@contract/forms/learning';
import { PROFILE_VALIDATION } from '@contract/forms/profile';
import { PUBLIC_VALIDATION } from '@contract/forms/public';
import { REVIEWS_VALIDATION } from '@contract/forms/reviews';
import { ATTENDANCE_MESSAGES } from '@contract/messages/attendance';
import { WITHDRAWAL_SENT } from '@contract/messages/enrolments';
import { DEFAULT_FAILURE } from '@contract/messages/errors';
import { FAILURES } from '@contract/messages/failures';
import { UPLOAD_FAILURE, UPLOAD_MESSAGES, UPLOAD_SUCCESS } from '@contract/messages/learning';
import { PROFILE_MESSAGES } from '@contract/messages/profile';
import { PUBLIC_MESSAGES } from '@contract/messages/public';
import { REVIEWS_MESSAGES } from '@contract/messages/reviews';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@/entities/account/known-messages';
import { SIGN_IN_MESSAGES } from '@/features/auth/known-messages';
import { REVIEW_MESSAGES } from '@/features/course/reviews/known-messages';
import { ATTENDANCE_TEXTS } from '@/features/learning/attendance/known-messages';
import { LEARNING_MESSAGES } from '@/features/learning/known-messages';
import { STAFF_SCREEN_MESSAGES } from '@/features/staff/known-messages';
import { KNOWN_MESSAGES as MAIN_MESSAGES } from '@/i18n/api-messages';

/**
 * The sentences every page translates, and those the learning screens, the reviews and the account
 * screens (checkout, receipt, profile, enrolled courses) add when they load.
 */
const KNOWN_MESSAGES = {
  ...MAIN_MESSAGES,
  ...LEARNING_MESSAGES,
  ...ATTENDANCE_TEXTS,
  ...REVIEW_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...SIGN_IN_MESSAGES,
};

describe('messages that reach the user from outside the views', () => {
  it('can translate every validation message', () => {
    const missing = [
      ...Object.values(VALIDATION),
      ...Object.values(PUBLIC_VALIDATION),
      ...Object.values(PROFILE_VALIDATION),
      ...Object.values(WITHDRAWAL_VALIDATION),
      ...Object.values(REVIEWS_VALIDATION),
    ].filter((message) => !KNOWN_MESSAGES[message]);
    expect(missing).toEqual([]);
  });
  it('can translate every sentence the reference server sends', () => {
    const missing = [
      ...Object.values(SERVER_MESSAGES),
      ...Object.values(UPLOAD_MESSAGES),
      ...Object.values(PUBLIC_MESSAGES),
      ...Object.values(PROFILE_MESSAGES),
      WITHDRAWAL_SENT,
      ...Object.values(SURVEY_VALIDATION),
      UPLOAD_SUCCESS,
      UPLOAD_FAILURE,
      ...Object.values(ATTENDANCE_MESSAGES),
      ...Object.values(REVIEWS_MESSAGES),
    ].filter((message) => !KNOWN_MESSAGES[message]);
    expect(missing).toEqual([]);
  });
  it('can translate the fallback sentences of spec section 8', () => {
    for (const fallback of [
      ...Object.values(FAILURES),
      DEFAULT_FAILURE,
      'Could not logged in at this time. Try again',
      'Could not Register at this time. Try again',
      'Could not verify in at this time. Try again',
      'Could not send otp in at this time. Try again',
    ]) {
      expect(KNOWN_MESSAGES[fallback], fallback).toBeDefined();
    }
  });
});

describe('the back office and the staff sign-in', () => {
  it('can translate every sentence the staff calls send, where they are met', () => {
    // Only the command-line tool meets these (its personal tokens), in English.
    const cliOnly: string[] = [
      STAFF_MESSAGES.tokenNameInvalid,
      STAFF_MESSAGES.staffTokenInvalid,
      STAFF_MESSAGES.personalTokenRequired,
    ];
    const missing = Object.values(STAFF_MESSAGES).filter(
      (message) => !STAFF_SCREEN_MESSAGES[message] && !cliOnly.includes(message),
    );
    expect(missing).toEqual([]);
    // Met in the sign-in dialog, which loads its own list.
    for (const message of [STAFF_MESSAGES.applicationRejected, STAFF_MESSAGES.signInExpired]) {
      expect(SIGN_IN_MESSAGES[message], message).toBeDefined();
    }
  });
});
