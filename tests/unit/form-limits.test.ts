import {
  EMAIL_MAX,
  forgotPasswordFormSchema,
  loginFormSchema,
  NAME_MAX,
  PASSWORD_MAX,
  registrationFormSchema,
  resetPasswordFormSchema,
  VALIDATION,
} from '@contract/forms/auth';
import {
  courseRequestFormSchema,
  DESCRIPTION_MAX,
  getInTouchFormSchema,
  issueReportFormSchema,
  PUBLIC_VALIDATION,
  SUBJECT_MAX,
} from '@contract/forms/public';
import { validate } from '@contract/forms/rules';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { KNOWN_MESSAGES, translateMessage } from '@/i18n/api-messages';
import { arabic } from '../catalogues';

const text = (length: number, character = 'x') => character.repeat(length);
/** An address of exactly `length` characters. */
const address = (length: number) => `${text(length - '@example.com'.length)}@example.com`;
/** A password that follows every other rule, of exactly `length` characters. */
const password = (length: number) => `Aa1#${text(length - 4, 'k')}`;

const registration = {
  full_name: 'Layla Hassan',
  email: 'layla@example.com',
  phone_number: '',
  govt_id_or_iqama_no: '1234567890',
  password: 'Strong#Pass9',
  confirm_password: 'Strong#Pass9',
};
const contact = { full_name: 'Layla', email: 'layla@example.com', subject: 'Hello', description: 'Hi' };

describe('form limits', () => {
  it('refuses every over-long sign-up field, and takes the longest allowed', () => {
    expect(validate(registrationFormSchema, { ...registration, full_name: text(NAME_MAX + 1) })).toEqual({
      full_name: VALIDATION.nameMax,
    });
    expect(validate(registrationFormSchema, { ...registration, email: address(EMAIL_MAX + 1) })).toEqual({
      email: VALIDATION.emailMax,
    });
    const long = password(PASSWORD_MAX + 1);
    expect(
      validate(registrationFormSchema, { ...registration, password: long, confirm_password: long }),
    ).toEqual({
      password: VALIDATION.passwordMax,
      confirm_password: VALIDATION.passwordMax,
    });
    expect(
      validate(registrationFormSchema, { ...registration, phone_number: ` ${text(40, ' ')}0501234567` }),
    ).toEqual({ phone_number: VALIDATION.phoneMax });
    expect(
      validate(registrationFormSchema, {
        ...registration,
        govt_id_or_iqama_no: `${text(40, ' ')}1234567890`,
      }),
    ).toEqual({ govt_id_or_iqama_no: VALIDATION.govtIdMax });
    const longest = password(PASSWORD_MAX);
    expect(
      validate(registrationFormSchema, {
        ...registration,
        full_name: text(NAME_MAX),
        email: address(EMAIL_MAX),
        password: longest,
        confirm_password: longest,
      }),
    ).toEqual({});
  });

  it('refuses a 4 MB name with the max-length message', () => {
    expect(validate(registrationFormSchema, { ...registration, full_name: text(4 * 1024 * 1024) })).toEqual({
      full_name: VALIDATION.nameMax,
    });
    expect(validate(getInTouchFormSchema, { ...contact, full_name: text(4 * 1024 * 1024) })).toEqual({
      full_name: PUBLIC_VALIDATION.fullNameMax,
    });
  });

  it('counts characters, not UTF-16 units, and ignores spaces around the text', () => {
    expect(validate(registrationFormSchema, { ...registration, full_name: text(NAME_MAX, '😀') })).toEqual(
      {},
    );
    expect(validate(registrationFormSchema, { ...registration, full_name: text(NAME_MAX, 'ع') })).toEqual({});
    expect(validate(registrationFormSchema, { ...registration, full_name: `  ${text(NAME_MAX)}  ` })).toEqual(
      {},
    );
    expect(
      validate(registrationFormSchema, { ...registration, full_name: text(NAME_MAX + 1, '😀') }),
    ).toEqual({
      full_name: VALIDATION.nameMax,
    });
  });

  it('bounds the sign-in, forgotten-password and new-password forms', () => {
    expect(validate(loginFormSchema, { username: address(EMAIL_MAX + 1), password: 'Trainee#2026' })).toEqual(
      {
        username: VALIDATION.emailMax,
      },
    );
    expect(validate(loginFormSchema, { username: 'a@b.co', password: password(PASSWORD_MAX + 1) })).toEqual({
      password: VALIDATION.passwordMax,
    });
    expect(validate(forgotPasswordFormSchema, { email_or_phone: address(EMAIL_MAX + 1) })).toEqual({
      email_or_phone: VALIDATION.emailOrPhoneMax,
    });
    const long = password(PASSWORD_MAX + 1);
    expect(validate(resetPasswordFormSchema, { new_password: long, confirm_password: long })).toEqual({
      new_password: VALIDATION.passwordMax,
      confirm_password: VALIDATION.passwordMax,
    });
  });

  it('bounds the contact, course request and issue report forms', () => {
    expect(
      validate(getInTouchFormSchema, {
        full_name: text(NAME_MAX + 1),
        email: address(EMAIL_MAX + 1),
        subject: text(SUBJECT_MAX + 1),
        description: text(DESCRIPTION_MAX + 1),
      }),
    ).toEqual({
      full_name: PUBLIC_VALIDATION.fullNameMax,
      email: PUBLIC_VALIDATION.emailMax,
      subject: PUBLIC_VALIDATION.subjectMax,
      description: PUBLIC_VALIDATION.descriptionMax,
    });
    expect(validate(courseRequestFormSchema, { ...contact, description: text(DESCRIPTION_MAX + 1) })).toEqual(
      { description: PUBLIC_VALIDATION.descriptionMax },
    );
    expect(
      validate(issueReportFormSchema, {
        name: text(NAME_MAX + 1),
        subject: 'Video',
        description: 'It stops',
      }),
    ).toEqual({ name: PUBLIC_VALIDATION.nameMax });
    expect(
      validate(getInTouchFormSchema, {
        full_name: text(NAME_MAX),
        email: address(EMAIL_MAX),
        subject: text(SUBJECT_MAX),
        description: text(DESCRIPTION_MAX),
      }),
    ).toEqual({});
  });

  it('shows each limit message in Arabic', () => {
    const i18n = setupI18n({ locale: 'ar', messages: { ar: arabic } });
    const limits = [
      VALIDATION.nameMax,
      VALIDATION.emailMax,
      VALIDATION.passwordMax,
      VALIDATION.emailOrPhoneMax,
      PUBLIC_VALIDATION.fullNameMax,
      PUBLIC_VALIDATION.nameMax,
      PUBLIC_VALIDATION.emailMax,
      PUBLIC_VALIDATION.subjectMax,
      PUBLIC_VALIDATION.descriptionMax,
    ];
    for (const message of limits) {
      expect(KNOWN_MESSAGES[message], message).toBeDefined();
      expect(translateMessage(message, i18n), message).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
