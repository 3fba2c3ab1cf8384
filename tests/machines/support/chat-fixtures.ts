import type {
  ChatContact,
  ChatMessage,
  Conversation,
  ConversationList,
  MessagePage,
} from '@contract/wire/chat';

/** The signed-in trainee of these fixtures, and the trainer she writes to. */
export const SARA = 7;
export const TRAINER = 3;

export const CLIENT_IDS = [
  '6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0001',
  '6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0002',
  '6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0003',
] as const;

/** A stored message of conversation 5 (the direct one); the trainer's unless `sender` says otherwise. */
export function message(seq: number, sender: number = TRAINER, conversationId = 5): ChatMessage {
  return {
    conversation_id: conversationId,
    seq,
    client_id: `00000000-0000-4000-8000-${String(conversationId).padStart(4, '0')}${String(seq).padStart(8, '0')}`,
    sender_id: sender,
    sender_name: sender === SARA ? 'Sara Al-Qahtani' : 'Omar Haddad',
    body: `Message ${seq}`,
    created_at: `2026-11-24T09:${String(seq % 60).padStart(2, '0')}:00+03:00`,
  };
}

/** The direct conversation between Sara and her trainer, up to `lastSeq` (read up to `readSeq`). */
export function direct(lastSeq = 3, readSeq = 1, overrides: Partial<Conversation> = {}): Conversation {
  const last = lastSeq === 0 ? null : message(lastSeq);
  return {
    id: 5,
    kind: 'direct',
    course: null,
    peer: { id: TRAINER, name: 'Omar Haddad', role: 'TRAINER', image: null },
    members: 2,
    last_message: last,
    last_seq: lastSeq,
    read_seq: readSeq,
    unread: Math.max(0, lastSeq - readSeq),
    others_delivered_seq: 0,
    others_read_seq: 0,
    ...overrides,
  };
}

/** The channel of Cloud Computing Fundamentals, with nothing written yet. */
export function channel(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 9,
    kind: 'course',
    course: { id: 2, title: 'Cloud Computing Fundamentals', title_ar: 'أساسيات الحوسبة السحابية' },
    peer: null,
    members: 12,
    last_message: null,
    last_seq: 0,
    read_seq: 0,
    unread: 0,
    others_delivered_seq: 0,
    others_read_seq: 0,
    ...overrides,
  };
}

export function list(...results: Conversation[]): ConversationList {
  return { results, unread_total: results.reduce((total, item) => total + item.unread, 0) };
}

/** Messages `from`..`to` of conversation 5 (all the trainer's unless `senders` names some). */
export function page(
  from: number,
  to: number,
  hasMore: boolean,
  senders: Record<number, number> = {},
): MessagePage {
  const results: ChatMessage[] = [];
  for (let seq = from; seq <= to; seq++) results.push(message(seq, senders[seq] ?? TRAINER));
  return { results, has_more: hasMore };
}

export const trainerContact: ChatContact = {
  person: { id: TRAINER, name: 'Omar Haddad', role: 'TRAINER', image: null },
  courses: [{ id: 2, title: 'Cloud Computing Fundamentals', title_ar: 'أساسيات الحوسبة السحابية' }],
  conversation_id: null,
};
