import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addKnownMessages } from '@/i18n/api-messages';

/**
 * The invitation sentences of the reference server (INVITATION_MESSAGES in
 * contract/messages/invitations.ts), translated like KNOWN_MESSAGES in src/i18n/api-messages.ts but
 * loaded with the invitation dialog and page. The sentence naming a bad address is said by the
 * dialog itself, with the address.
 */
export const INVITATION_TEXTS: Record<string, MessageDescriptor> = {
  'Invitations sent': msg`Invitations sent`,
  'Invitation accepted': msg`Invitation accepted`,
  'Enter at least one e-mail address': msg`Enter at least one e-mail address`,
  'You can invite at most 5 people at a time': msg`You can invite at most 5 people at a time`,
  'You cannot invite yourself: enter the addresses of the people you want to invite': msg`You cannot invite yourself: enter the addresses of the people you want to invite`,
  'An invitation needs a list of e-mail addresses and, if any, the id of a course': msg`An invitation needs a list of e-mail addresses and, if any, the id of a course`,
  'This course cannot take invitations': msg`This course cannot take invitations`,
  'This invitation link is not valid': msg`This invitation link is not valid`,
  'This invitation has expired': msg`This invitation has expired`,
  'This invitation has already been accepted': msg`This invitation has already been accepted`,
  'You cannot accept your own invitation': msg`You cannot accept your own invitation`,
};

addKnownMessages(INVITATION_TEXTS);
