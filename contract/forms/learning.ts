/** A course's survey (the calls: wire/learning.ts): its form's limit and sentences. */

/** The longest text answer, in characters. */
export const SURVEY_TEXT_MAX = 2000;

export const SURVEY_VALIDATION = {
  answerRequired: 'Please answer this question',
  textMax: 'The answer must be at most 2000 characters',
} as const;
