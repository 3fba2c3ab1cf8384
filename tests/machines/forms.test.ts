import { describe, expect, it } from 'vitest';
import { refusedFieldErrors, refusedFields } from '../../machines/refusal.ts';

/** A refused call as the API functions throw it: a status and the answer's body. */
const refused = (status: number, body: unknown) => Object.assign(new Error('refused'), { status, body });

describe("the field sentences of a refusal's details", () => {
  const error = refused(400, {
    details: [
      { field: 'grade', message: 'Ensure this value is less than or equal to 10.' },
      { message: 'The whole form is wrong' },
      { field: '', message: 'No field' },
      { field: 'feedback', message: 42 },
      { field: 'grade', message: 'A second sentence for the grade' },
      'not a detail',
      { field: 'week', message: 'This field is required.' },
    ],
  });

  it('keeps the details that name a field and have a sentence, in order', () => {
    expect(refusedFields(error)).toEqual([
      { field: 'grade', message: 'Ensure this value is less than or equal to 10.' },
      { field: 'grade', message: 'A second sentence for the grade' },
      { field: 'week', message: 'This field is required.' },
    ]);
  });

  it('gives a form the first sentence of each of its own fields, under its own names', () => {
    expect(refusedFieldErrors(error, (field) => (field === 'grade' ? 'grade' : undefined))).toEqual({
      grade: 'Ensure this value is less than or equal to 10.',
    });
    expect(refusedFieldErrors(error, (field) => `form.${field}`)).toEqual({
      'form.grade': 'Ensure this value is less than or equal to 10.',
      'form.week': 'This field is required.',
    });
  });

  it('finds none in a failure without details', () => {
    for (const failure of [
      refused(500, 'Internal Server Error'),
      refused(400, { detail: 'Not allowed' }),
      refused(400, { details: 'grade' }),
      new Error('network'),
      undefined,
      null,
    ]) {
      expect(refusedFields(failure)).toEqual([]);
      expect(refusedFieldErrors(failure, (field) => field)).toEqual({});
    }
  });
});
