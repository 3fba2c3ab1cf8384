import { readWaitSentence, retryAfterOf, waitOf, waitSentence } from '@contract/messages/errors';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { type I18n, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ApiError, httpError } from '@/api/errors';
import { errorText, translateMessage } from '@/i18n/api-messages';
import { arabic, english } from '../catalogues';

/** What the reference server answers when a limit refuses a request (server/rate-limits.ts). */
function refusal(seconds: number, message: string = SERVER_MESSAGES.tooManyRequests) {
  return { success: false, details: [{ message, retry_after: seconds }] };
}

function i18nFor(locale: 'en' | 'ar'): I18n {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: locale === 'ar' ? arabic : english });
  return i18n;
}

const en = i18nFor('en');
const ar = i18nFor('ar');

/** The user's sentence for a 429 that asks to wait `seconds`, in a language. */
function shown(seconds: number, i18n: I18n): string {
  return errorText(httpError(429, refusal(seconds)), i18n);
}

describe('a refusal for too many attempts (429)', () => {
  it('keeps the wait in seconds, from the body or the Retry-After header', () => {
    expect(httpError(429, refusal(900)).retryAfter).toBe(900);
    expect(httpError(429, {}, undefined, new Headers({ 'Retry-After': '120' })).retryAfter).toBe(120);
    // The header wins over the body; an HTTP date counts from now.
    expect(retryAfterOf(refusal(5), new Headers({ 'Retry-After': '60' }))).toBe(60);
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(retryAfterOf({}, new Headers({ 'Retry-After': 'Mon, 23 Nov 2026 12:10:00 GMT' }), now)).toBe(600);
    expect(retryAfterOf({ details: [{ message: 'x', retry_after: 'soon' }] })).toBeUndefined();
    expect(httpError(400, refusal(900)).retryAfter).toBeUndefined();
  });

  it('says how long to wait instead of only that there were too many attempts', () => {
    const error = httpError(429, refusal(900));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.message).toBe('Too many attempts. Try again in 15 minutes.');
    expect(shown(900, en)).toBe('Too many attempts. Try again in 15 minutes.');
    expect(shown(3600, en)).toBe('Too many attempts. Try again in 60 minutes.');
    expect(shown(60, en)).toBe('Too many attempts. Try again in 1 minute.');
    expect(shown(61, en)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(shown(1, en)).toBe('Too many attempts. Try again in 1 second.');
    expect(shown(45, en)).toBe('Too many attempts. Try again in 45 seconds.');
    expect(shown(24 * 3600, en)).toBe('Too many attempts. Try again in 24 hours.');
  });

  it('falls back to the server’s own sentence, translated, when no wait is given', () => {
    const error = httpError(429, {
      success: false,
      details: [{ message: SERVER_MESSAGES.tooManyWrongCodes }],
    });
    expect(error.retryAfter).toBeUndefined();
    expect(errorText(error, en)).toBe('Too many wrong codes. Please wait before trying again');
    expect(errorText(error, ar)).toBe('رموز خاطئة كثيرة جدًا. يُرجى الانتظار قبل المحاولة مرة أخرى');
  });

  it('says the wait in Arabic with the right one of the six plural forms', () => {
    const sentence = (wait: string) => `محاولات كثيرة جدًا. حاول مرة أخرى بعد ${wait}.`;
    const number = (value: number) => new Intl.NumberFormat('ar').format(value);
    expect(shown(60, ar)).toBe(sentence('دقيقة واحدة'));
    expect(shown(120, ar)).toBe(sentence('دقيقتين'));
    expect(shown(15 * 60, ar)).toBe(sentence(`${number(15)} دقيقة`));
    expect(shown(3 * 60, ar)).toBe(sentence(`${number(3)} دقائق`));
    expect(shown(10 * 60, ar)).toBe(sentence(`${number(10)} دقائق`));
    expect(shown(2 * 3600 + 1, ar)).toBe(sentence(`${number(3)} ساعات`));
    expect(shown(1, ar)).toBe(sentence('ثانية واحدة'));
    expect(shown(2, ar)).toBe(sentence('ثانيتين'));
    expect(shown(30, ar)).toBe(sentence(`${number(30)} ثانية`));
    expect(shown(100 * 3600, ar)).toBe(sentence(`${number(100)} ساعة`));
  });

  it('rounds waits up and reads back every sentence it writes', () => {
    expect(waitOf(0.2)).toEqual({ unit: 'seconds', count: 1 });
    expect(waitOf(59.5)).toEqual({ unit: 'seconds', count: 60 });
    expect(waitOf(90 * 60)).toEqual({ unit: 'minutes', count: 90 });
    expect(waitOf(90 * 60 + 1)).toEqual({ unit: 'hours', count: 2 });
    for (const seconds of [1, 2, 59, 60, 61, 899, 900, 3600, 5400, 5401, 86_400]) {
      const wait = waitOf(seconds);
      const text = waitSentence(wait);
      expect(readWaitSentence(text)).toEqual(wait);
      // The English catalogue says exactly what the error carries.
      expect(translateMessage(text, en)).toBe(text);
    }
    expect(readWaitSentence('Too many attempts. Please wait before trying again')).toBeUndefined();
  });
});
