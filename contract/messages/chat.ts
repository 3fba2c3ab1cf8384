/** Chat (the protocol and the calls: wire/chat.ts). */

/** The sentences the chat says (the server and the web app say the same; both languages). */
export const CHAT_MESSAGES = {
  notMember: 'You are not a member of this conversation',
  cannotStart: 'You can only message the trainers and trainees of your courses',
  notYourself: 'You cannot start a conversation with yourself',
  empty: 'Write a message',
  tooLong: 'A message can be at most 4000 characters',
  tooFast: 'You are sending messages too fast. Wait a moment and try again.',
  invalid: 'This message could not be sent',
} as const;
export type ChatMessageSentence = (typeof CHAT_MESSAGES)[keyof typeof CHAT_MESSAGES];
