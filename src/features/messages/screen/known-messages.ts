import { CHAT_MESSAGES } from '@contract/messages/chat';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addKnownMessages } from '@/i18n/api-messages';

/** The chat's sentences (CHAT_MESSAGES in contract/messages/chat.ts), translated with the /messages screen. */
export const CHAT_SENTENCES: Record<(typeof CHAT_MESSAGES)[keyof typeof CHAT_MESSAGES], MessageDescriptor> = {
  [CHAT_MESSAGES.notMember]: msg`You are not a member of this conversation`,
  [CHAT_MESSAGES.cannotStart]: msg`You can only message the trainers and trainees of your courses`,
  [CHAT_MESSAGES.notYourself]: msg`You cannot start a conversation with yourself`,
  [CHAT_MESSAGES.empty]: msg`Write a message`,
  [CHAT_MESSAGES.tooLong]: msg`A message can be at most 4000 characters`,
  [CHAT_MESSAGES.tooFast]: msg`You are sending messages too fast. Wait a moment and try again.`,
  [CHAT_MESSAGES.invalid]: msg`This message could not be sent`,
};

addKnownMessages(CHAT_SENTENCES);
