import { chatServerMessageSchema } from '@contract/wire/chat';
import { type ChatServerEvent, type OutboxItem, serverEvent } from '@machines/chat.machine';
import { knownSentence } from '@machines/chat.model';
import { decodeJwt } from 'jose';
import * as z from 'zod/mini';

/** The machine's event for a frame of `/ws/chat`, or null for one that is not the protocol's. */
export function frameEvent(data: string): ChatServerEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  const message = chatServerMessageSchema.safeParse(parsed);
  return message.success ? serverEvent(message.data) : null;
}

/**
 * What the chat keeps in the browser: each user's outbox (messages written and not yet acknowledged,
 * under `chat-outbox:{userId}`), read when the session starts and saved after every change, so a
 * message written offline or in a tab that closed is sent when the chat connects again. Tabs share
 * it: each removes only what it held, and another tab resending the same message is harmless (the
 * server stores a client id once).
 */

const storedOutboxSchema = z.array(
  z.object({
    client_id: z.string(),
    conversation_id: z.number(),
    body: z.string(),
    error: z.nullable(z.string()),
  }),
);

export function outboxKey(userId: number): string {
  return `chat-outbox:${userId}`;
}

/** The page's local storage, or null where the browser refuses it. */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The outbox saved for this user; nothing when it is missing or unreadable. */
export function readOutbox(storage: Storage | null, userId: number | null): OutboxItem[] {
  if (storage === null || userId === null) return [];
  try {
    const parsed = storedOutboxSchema.safeParse(JSON.parse(storage.getItem(outboxKey(userId)) ?? '[]'));
    if (!parsed.success) return [];
    return parsed.data.map((item) => ({
      ...item,
      error: item.error === null ? null : knownSentence(item.error),
    }));
  } catch {
    return [];
  }
}

/**
 * Saves the outbox (an empty one removes the entry). `held`: the client ids this tab held when it
 * last read or saved it; only those may leave the stored outbox, so another tab's messages stay.
 * Returns what this tab holds now.
 */
export function saveOutbox(
  storage: Storage | null,
  userId: number | null,
  outbox: readonly OutboxItem[],
  held: ReadonlySet<string> = new Set(),
): Set<string> {
  const holding = new Set(outbox.map((item) => item.client_id));
  if (storage === null || userId === null) return holding;
  const others = readOutbox(storage, userId).filter(
    (item) => !held.has(item.client_id) && !holding.has(item.client_id),
  );
  const stored = [...others, ...outbox];
  try {
    if (stored.length === 0) storage.removeItem(outboxKey(userId));
    else storage.setItem(outboxKey(userId), JSON.stringify(stored));
  } catch {
    // Storage full or refused: the outbox still lives in this tab.
  }
  return holding;
}

/** One tab's outbox in the browser's storage: read at sign-in, saved after every change. */
export function outboxStore(storage: () => Storage | null) {
  let held = new Set<string>();
  return {
    read(userId: number | null): OutboxItem[] {
      const outbox = readOutbox(storage(), userId);
      held = new Set(outbox.map((item) => item.client_id));
      return outbox;
    },
    save(userId: number | null, outbox: readonly OutboxItem[]): void {
      held = saveOutbox(storage(), userId, outbox, held);
    },
  };
}

/** The user id an access token names (its subject), or null when it names none. */
export function userIdOf(token: string): number | null {
  try {
    const userId = Number(decodeJwt(token).sub);
    return Number.isInteger(userId) && userId > 0 ? userId : null;
  } catch {
    return null;
  }
}
