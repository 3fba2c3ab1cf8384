import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addKnownMessages } from '@/i18n/api-messages';

/**
 * The reviews' sentences of the reference server and the review form (contract/{messages,forms}/reviews.ts),
 * translated like KNOWN_MESSAGES in src/i18n/api-messages.ts but loaded with the reviews section, in
 * its catalogue, rather than on every page.
 */
export const REVIEW_MESSAGES: Record<string, MessageDescriptor> = {
  'Choose a rating from 1 to 5 stars': msg`Choose a rating from 1 to 5 stars`,
  'The rating must be a whole number from 1 to 5': msg`The rating must be a whole number from 1 to 5`,
  'Write your review': msg`Write your review`,
  'Your review must be at least 10 characters': msg`Your review must be at least 10 characters`,
  'Your review must be at most 2000 characters': msg`Your review must be at most 2000 characters`,
  'Thank you for your review': msg`Thank you for your review`,
  'Your review has been updated': msg`Your review has been updated`,
  'You can review a course once it has ended': msg`You can review a course once it has ended`,
  'Only trainees of this course can review it': msg`Only trainees of this course can review it`,
  'A review needs a course, a rating and a text': msg`A review needs a course, a rating and a text`,
  'limit must be a whole number from 1 to 20': msg`limit must be a whole number from 1 to 20`,
};

addKnownMessages(REVIEW_MESSAGES);
