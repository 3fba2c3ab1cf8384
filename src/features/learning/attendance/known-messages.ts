import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addKnownMessages } from '@/i18n/api-messages';

/**
 * The attendance sentences of the reference server (ATTENDANCE_MESSAGES in
 * contract/messages/attendance.ts), translated like KNOWN_MESSAGES in src/i18n/api-messages.ts but loaded
 * with the trainee's attendance screens, in their catalogue.
 */
export const ATTENDANCE_TEXTS: Record<string, MessageDescriptor> = {
  'You have Given your attendance Successfully!': msg`You have Given your attendance Successfully!`,
  'You already have given your attendance.': msg`You already have given your attendance.`,
  'No available Class for Today!': msg`No available Class for Today!`,
  'This code has expired. Scan the code on the screen again.': msg`This code has expired. Scan the code on the screen again.`,
  'This attendance code is not valid. Scan the code on the screen again.': msg`This attendance code is not valid. Scan the code on the screen again.`,
  'You are not enrolled in this course, so you cannot give attendance for it.': msg`You are not enrolled in this course, so you cannot give attendance for it.`,
  'Only trainees give attendance.': msg`Only trainees give attendance.`,
  'This person is not a trainee of this course.': msg`This person is not a trainee of this course.`,
  'This course has no session on that day.': msg`This course has no session on that day.`,
  'Attendance cannot be marked before the session day.': msg`Attendance cannot be marked before the session day.`,
  'Attendance saved': msg`Attendance saved`,
  'This attendance code was scanned on another device. Scan the code on the screen with your own device.': msg`This attendance code was scanned on another device. Scan the code on the screen with your own device.`,
  'This attendance code has already been used. Scan the code on the screen again.': msg`This attendance code has already been used. Scan the code on the screen again.`,
};

addKnownMessages(ATTENDANCE_TEXTS);
