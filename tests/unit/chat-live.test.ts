import { CHAT_MESSAGES } from '@contract/messages/chat';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../machines/chat.machine';
import {
  frameEvent,
  outboxKey,
  outboxStore,
  readOutbox,
  saveOutbox,
  userIdOf,
} from '../../src/features/messages/live-helpers';

/** A Storage kept in a Map; `full` makes every write throw, as a full quota does. */
function memoryStorage(full = false): Storage {
  const entries = new Map<string, string>();
  return {
    get length() {
      return entries.size;
    },
    clear: () => entries.clear(),
    getItem: (key) => entries.get(key) ?? null,
    key: (index) => [...entries.keys()][index] ?? null,
    removeItem: (key) => {
      entries.delete(key);
    },
    setItem: (key, value) => {
      if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      entries.set(key, value);
    },
  };
}

const item: OutboxItem = {
  client_id: '6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0001',
  conversation_id: 5,
  body: 'Is the lab open today?',
  error: null,
};

describe('the chat outbox in the browser', () => {
  it('is kept per user and read back as it was saved', () => {
    const storage = memoryStorage();
    const refused = {
      ...item,
      client_id: '6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0002',
      error: CHAT_MESSAGES.tooFast,
    };
    const held = saveOutbox(storage, 7, [item, refused]);
    expect(storage.getItem(outboxKey(7))).not.toBeNull();
    expect(outboxKey(7)).toBe('chat-outbox:7');
    expect(readOutbox(storage, 7)).toEqual([item, refused]);
    expect(readOutbox(storage, 8)).toEqual([]);
    // Emptied, the entry goes.
    saveOutbox(storage, 7, [], held);
    expect(storage.getItem(outboxKey(7))).toBeNull();
    expect(readOutbox(storage, 7)).toEqual([]);
  });

  it('reads nothing from an entry it cannot understand, and a sentence it does not know as the generic one', () => {
    const storage = memoryStorage();
    storage.setItem(outboxKey(7), '{not json');
    expect(readOutbox(storage, 7)).toEqual([]);
    storage.setItem(outboxKey(7), JSON.stringify([{ client_id: 3 }]));
    expect(readOutbox(storage, 7)).toEqual([]);
    storage.setItem(outboxKey(7), JSON.stringify([{ ...item, error: 'Something else' }]));
    expect(readOutbox(storage, 7)).toEqual([{ ...item, error: CHAT_MESSAGES.invalid }]);
  });

  it('is shared by the tabs: each removes only what it held', () => {
    const storage = memoryStorage();
    const first = outboxStore(() => storage);
    const second = outboxStore(() => storage);
    const other = { ...item, client_id: '6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0003', body: 'From the other tab' };
    expect(first.read(7)).toEqual([]);
    expect(second.read(7)).toEqual([]);
    first.save(7, [item]);
    second.save(7, [other]);
    expect(readOutbox(storage, 7)).toEqual([item, other]);
    // The first tab's message is acknowledged: the second tab's stays saved.
    first.save(7, []);
    expect(readOutbox(storage, 7)).toEqual([other]);
    // A tab that read both at sign-in removes both once they are acknowledged.
    const third = outboxStore(() => storage);
    first.save(7, [item]);
    expect(third.read(7)).toEqual([other, item]);
    third.save(7, [item]);
    expect(readOutbox(storage, 7)).toEqual([item]);
    third.save(7, []);
    expect(storage.getItem(outboxKey(7))).toBeNull();
  });

  it('does nothing without storage or a user, and survives a full storage', () => {
    expect(readOutbox(null, 7)).toEqual([]);
    expect(() => saveOutbox(null, 7, [item])).not.toThrow();
    const storage = memoryStorage();
    saveOutbox(storage, null, [item]);
    expect(storage.length).toBe(0);
    expect(() => saveOutbox(memoryStorage(true), 7, [item])).not.toThrow();
  });
});

describe('the user id of an access token', () => {
  const key = new TextEncoder().encode('a-secret-the-browser-never-checks');
  const token = (subject?: string) => {
    const jwt = new SignJWT({ role: 'TRAINEE', typ: 'access' }).setProtectedHeader({ alg: 'HS256' });
    return (subject === undefined ? jwt : jwt.setSubject(subject)).sign(key);
  };

  it('is its subject', async () => {
    expect(userIdOf(await token('17'))).toBe(17);
  });

  it('is null for a token without a numeric subject, or no token at all', async () => {
    expect(userIdOf(await token())).toBeNull();
    expect(userIdOf(await token('admin'))).toBeNull();
    expect(userIdOf('not-a-token')).toBeNull();
  });
});

describe('frames of /ws/chat', () => {
  it('become the machine’s events', () => {
    expect(frameEvent(JSON.stringify({ type: 'chat_synced', conversation_id: 5, last_seq: 12 }))).toEqual({
      type: 'server.synced',
      synced: { type: 'chat_synced', conversation_id: 5, last_seq: 12 },
    });
    const ack = {
      type: 'chat_ack',
      client_id: item.client_id,
      conversation_id: 5,
      seq: 4,
      created_at: '2026-11-24T10:00:00Z',
    };
    expect(frameEvent(JSON.stringify(ack))).toEqual({ type: 'server.ack', ack });
  });

  it('are ignored when they are not the protocol’s', () => {
    expect(frameEvent('not json')).toBeNull();
    expect(frameEvent(JSON.stringify({ type: 'new_notification', id: 3 }))).toBeNull();
    expect(frameEvent(JSON.stringify({ type: 'chat_ack', client_id: item.client_id }))).toBeNull();
  });
});
