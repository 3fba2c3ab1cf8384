import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addKnownMessages } from '@/i18n/api-messages';

/**
 * Sentences only the sign-in dialog meets (a rejected application, a staff sign-in whose code came
 * too late), translated like KNOWN_MESSAGES in src/i18n/api-messages.ts but loaded with the dialogs,
 * in their catalogue.
 */
export const SIGN_IN_MESSAGES: Record<string, MessageDescriptor> = {
  'Your trainer application was not approved': msg`Your trainer application was not approved`,
  'This sign-in has expired. Please log in again': msg`This sign-in has expired. Please log in again`,
};

addKnownMessages(SIGN_IN_MESSAGES);
