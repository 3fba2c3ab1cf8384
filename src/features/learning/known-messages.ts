import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addKnownMessages } from '@/i18n/api-messages';

/**
 * The learning sentences of the reference server and the learning forms (contract/messages/,
 * contract/forms/learning.ts), translated like KNOWN_MESSAGES in src/i18n/api-messages.ts but
 * loaded with the learning screens, in their catalogue, rather than on every page.
 */
export const LEARNING_MESSAGES: Record<string, MessageDescriptor> = {
  'Choose a file to upload': msg`Choose a file to upload`,
  'The file must be a PDF, CSV, Excel sheet, picture (PNG, GIF, JPEG), audio or video file': msg`The file must be a PDF, CSV, Excel sheet, picture (PNG, GIF, JPEG), audio or video file`,
  'The file must not be larger than 25 MB': msg`The file must not be larger than 25 MB`,
  'The video is larger than the centre accepts': msg`The video is larger than the centre accepts`,
  'Your files have used all the storage you have. Remove files you no longer need, or ask the centre for more': msg`Your files have used all the storage you have. Remove files you no longer need, or ask the centre for more`,
  'You have too many uploads under way. Finish or cancel one first': msg`You have too many uploads under way. Finish or cancel one first`,
  'This file is not a video we can play': msg`This file is not a video we can play`,
  'Upload the file first, then submit it': msg`Upload the file first, then submit it`,
  'This lecture is not an assignment': msg`This lecture is not an assignment`,
  'You have already submitted this assignment. You can submit again if it is returned': msg`You have already submitted this assignment. You can submit again if it is returned`,
  'Your assignment has been submitted': msg`Your assignment has been submitted`,
  'This lecture is not a quiz': msg`This lecture is not a quiz`,
  'This quiz is closed': msg`This quiz is closed`,
  'You have used every attempt allowed for this quiz': msg`You have used every attempt allowed for this quiz`,
  'This attempt has ended': msg`This attempt has ended`,
  'Choose among the options of this question': msg`Choose among the options of this question`,
  'A submission needs a key of 8 to 64 characters': msg`A submission needs a key of 8 to 64 characters`,
  'This lecture is not a survey': msg`This lecture is not a survey`,
  'You have already answered this survey': msg`You have already answered this survey`,
  'Answer every required question of this survey': msg`Answer every required question of this survey`,
  'Thank you for answering the survey': msg`Thank you for answering the survey`,
  'The position must be a number of seconds': msg`The position must be a number of seconds`,
  'The grade must be a number from 0 to 10': msg`The grade must be a number from 0 to 10`,
  'This submission is not waiting for a grade': msg`This submission is not waiting for a grade`,
  'Give the id of a course': msg`Give the id of a course`,
  'Give the feedback for the trainee, at most 2000 characters': msg`Give the feedback for the trainee, at most 2000 characters`,
  'Give the id of a quiz lecture and a time limit from 1 to 604800 seconds, or none': msg`Give the id of a quiz lecture and a time limit from 1 to 604800 seconds, or none`,
  'Please answer this question': msg`Please answer this question`,
  'The answer must be at most 2000 characters': msg`The answer must be at most 2000 characters`,
  'File has been uploaded successfully': msg`File has been uploaded successfully`,
  // The course history and its documents (HISTORY_MESSAGES in contract/messages/history.ts).
  'Your transcript lists the courses that have ended. None of yours has ended yet': msg`Your transcript lists the courses that have ended. None of yours has ended yet`,
  'The certificate can be had once the course has ended': msg`The certificate can be had once the course has ended`,
  'The certificate is for trainees who met the course’s completion rule': msg`The certificate is for trainees who met the course’s completion rule`,
  'You are not enrolled in this course': msg`You are not enrolled in this course`,
  'You left this course, so it has no certificate': msg`You left this course, so it has no certificate`,
  'This certificate has been revoked': msg`This certificate has been revoked`,
  'The document cannot be made into a PDF right now. Try again later': msg`The document cannot be made into a PDF right now. Try again later`,
};

addKnownMessages(LEARNING_MESSAGES);
