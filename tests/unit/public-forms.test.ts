import {
  courseRequestFormSchema,
  eventRegistrationSchema,
  getInTouchFormSchema,
  issueReportFormSchema,
} from '@contract/forms/public';
import { validate } from '@contract/forms/rules';
import { describe, expect, it } from 'vitest';

describe('public form rules (spec section 5)', () => {
  it('reports the contact form messages, one per field', () => {
    expect(
      validate(getInTouchFormSchema, { full_name: '', email: '', subject: ' ', description: '' }),
    ).toEqual({
      full_name: 'Full name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      description: 'description Is Required',
    });
    expect(
      validate(getInTouchFormSchema, {
        full_name: 'Mohammed',
        email: 'mohammed@',
        subject: 'Hello',
        description: 'A question',
      }),
    ).toEqual({ email: 'Invalid email address' });
  });

  it('accepts a complete course request', () => {
    expect(
      validate(courseRequestFormSchema, {
        full_name: 'Layla',
        email: 'layla@example.com',
        description: 'Calligraphy',
      }),
    ).toEqual({});
  });

  it('needs a name and a description on an issue report', () => {
    expect(validate(issueReportFormSchema, { name: '', subject: 'Video', description: '' })).toEqual({
      name: 'Name is required',
      description: 'description Is Required',
    });
  });

  it('needs a positive event id to register', () => {
    expect(eventRegistrationSchema.safeParse({ event: 3 }).success).toBe(true);
    expect(eventRegistrationSchema.safeParse({ event: 0 }).success).toBe(false);
    expect(eventRegistrationSchema.safeParse({ event: '3' }).success).toBe(false);
  });
});
