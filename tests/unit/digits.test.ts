import { toArabicIndicDigits, toLatinDigits } from '@contract/domain/digits';
import {
  normaliseCode,
  normaliseEmailOrPhone,
  otpFormSchema,
  registrationFormSchema,
} from '@contract/forms/auth';
import { validate } from '@contract/forms/rules';
import { describe, expect, it } from 'vitest';

const valid = {
  full_name: 'Noura Al-Harbi',
  email: 'noura@example.com',
  phone_number: '',
  govt_id_or_iqama_no: '1023456789',
  password: 'Strong#Pass9',
  confirm_password: 'Strong#Pass9',
};

describe('digits as people type them', () => {
  it('writes Arabic-Indic and Extended Arabic-Indic digits as 0–9 and leaves the rest', () => {
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toLatinDigits('رقم ٥٠ و 7')).toBe('رقم 50 و 7');
    expect(toArabicIndicDigits('على مدى 12 أسبوعًا')).toBe('على مدى ١٢ أسبوعًا');
    expect(toLatinDigits(toArabicIndicDigits('0123456789'))).toBe('0123456789');
  });

  it('accepts an id and a phone number typed on an Arabic or Persian keyboard', () => {
    expect(validate(registrationFormSchema, { ...valid, govt_id_or_iqama_no: '١٠٢٣٤٥٦٧٨٩' })).toEqual({});
    expect(validate(registrationFormSchema, { ...valid, phone_number: '۰۵۹۸ ۱۱۱ ۲۲۲' })).toEqual({});
    expect(validate(registrationFormSchema, { ...valid, govt_id_or_iqama_no: '١٠٢٣٤٥٦٧٨' })).toEqual({
      govt_id_or_iqama_no: 'govt id or iqama no must be at least 10 characters',
    });
    expect(validate(registrationFormSchema, { ...valid, phone_number: '٠٥٩٨-abc' })).toEqual({
      phone_number: 'Phone number must contain only numbers',
    });
  });

  it('reads a code in any digits, and says when it has one digit too many', () => {
    expect(normaliseCode('١٢ ٣٤-٥٦٧')).toBe('1234567');
    expect(validate(otpFormSchema, { otp_code: '١٢٣٤٥٦٧' })).toEqual({});
    expect(validate(otpFormSchema, { otp_code: '12345678' })).toEqual({
      otp_code: 'OTP have maximum 7 digit',
    });
    expect(validate(otpFormSchema, { otp_code: '123456' })).toEqual({
      otp_code: 'OTP must be exactly 7 digits',
    });
  });

  it('sends a phone number for a password reset in 0–9, and an e-mail address as typed', () => {
    expect(normaliseEmailOrPhone(' ٠٥٩٨ ١١١ ٢٢٢ ')).toBe('0598111222');
    expect(normaliseEmailOrPhone(' huda@example.com ')).toBe('huda@example.com');
  });
});
