import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addKnownMessages } from '@/i18n/api-messages';

/**
 * Sentences only the sign-in, sign-up and password-reset dialogs meet (a refused sign-in, a CV the
 * server refused, a reset link expired, a staff sign-in whose code came too late), translated like
 * KNOWN_MESSAGES in src/i18n/api-messages.ts but loaded with the dialogs, in their catalogue.
 */
export const SIGN_IN_MESSAGES: Record<string, MessageDescriptor> = {
  'This account is disabled. Contact the training centre': msg`This account is disabled. Contact the training centre`,
  'Your trainer account is waiting for admin approval': msg`Your trainer account is waiting for admin approval`,
  'Invalid email or password': msg`Invalid email or password`,
  'Email and password are required': msg`Email and password are required`,
  'Please verify your email address first': msg`Please verify your email address first`,
  'Password Reset successfully': msg`Password Reset successfully`,
  'The registration must be sent as multipart/form-data': msg`The registration must be sent as multipart/form-data`,
  'Role must be TRAINEE or TRAINER': msg`Role must be TRAINEE or TRAINER`,
  'The CV must be a PDF or Word document (.pdf, .doc or .docx)': msg`The CV must be a PDF or Word document (.pdf, .doc or .docx)`,
  'The CV must not be larger than 5 MB': msg`The CV must not be larger than 5 MB`,
  'Your reset link has expired. Request a new code': msg`Your reset link has expired. Request a new code`,
  'A code was sent to this email a moment ago. Check your inbox, or try again in a minute': msg`A code was sent to this email a moment ago. Check your inbox, or try again in a minute`,
  'Your trainer application was not approved': msg`Your trainer application was not approved`,
  'This sign-in has expired. Please log in again': msg`This sign-in has expired. Please log in again`,
};

addKnownMessages(SIGN_IN_MESSAGES);
