/** A trainer's records (the calls: wire/records.ts). */

/** Sentences the server sends about records (translated with the trainer's screens). */
export const RECORDS_MESSAGES = {
  closed: 'The course is closed. It is now in your course history.',
  ruleSaved: 'The completion rule has been saved',
  onlyCreator: 'Only the trainer who created this course can do this',
  notApproved: 'Only an approved course can be closed',
  notStarted: 'A course can be closed once it has started',
  alreadyEnded: 'This course has already ended',
  ruleFixed: 'This course has ended, so its completion rule can no longer change',
} as const;
export type RecordsMessage = (typeof RECORDS_MESSAGES)[keyof typeof RECORDS_MESSAGES];
