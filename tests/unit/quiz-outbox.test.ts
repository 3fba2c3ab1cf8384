import { describe, expect, it } from 'vitest';
import { createOutbox } from '@/features/learning/quiz/outbox';
import { memoryStore, refusingStore } from './support/fake-api';

const ATTEMPT = 'a1b2c3d4-0000-4000-8000-000000000001';
const QUESTIONS = [11, 12, 13];

describe('the quiz outbox', () => {
  it('keeps the answers newer than the server’s, the flags and the submit key, across a new page', () => {
    const store = memoryStore();
    createOutbox(store).sync({
      attemptId: ATTEMPT,
      answers: [
        { question_id: 11, choice: [2], version: 3, savedVersion: 2 },
        { question_id: 12, choice: [4, 5], version: 1, savedVersion: 1 },
      ],
      flags: [13],
      submitKey: 'key-0000-0001',
    });
    // A reload or a new tab reads the same storage with a new outbox.
    expect(createOutbox(store).read(ATTEMPT, QUESTIONS)).toEqual({
      answers: [{ question_id: 11, choice: [2], version: 3 }],
      flags: [13],
      submitKey: 'key-0000-0001',
    });
  });

  it('drops an answer once the server keeps its version, but not a newer one written by another tab', () => {
    const store = memoryStore();
    const outbox = createOutbox(store);
    outbox.sync({
      attemptId: ATTEMPT,
      answers: [{ question_id: 11, choice: [1], version: 1, savedVersion: 0 }],
      flags: [],
      submitKey: null,
    });
    // Another tab changed it again (version 2) before this tab's save of version 1 came back.
    createOutbox(store).sync({
      attemptId: ATTEMPT,
      answers: [{ question_id: 11, choice: [3], version: 2, savedVersion: 1 }],
      flags: [],
      submitKey: null,
    });
    outbox.sync({
      attemptId: ATTEMPT,
      answers: [{ question_id: 11, choice: [1], version: 1, savedVersion: 1 }],
      flags: [],
      submitKey: null,
    });
    expect(outbox.read(ATTEMPT, QUESTIONS).answers).toEqual([{ question_id: 11, choice: [3], version: 2 }]);
    // An older version never replaces a newer one.
    outbox.sync({
      attemptId: ATTEMPT,
      answers: [{ question_id: 11, choice: [1], version: 1, savedVersion: 0 }],
      flags: [],
      submitKey: null,
    });
    expect(outbox.read(ATTEMPT, QUESTIONS).answers).toEqual([{ question_id: 11, choice: [3], version: 2 }]);
    outbox.sync({
      attemptId: ATTEMPT,
      answers: [{ question_id: 11, choice: [3], version: 2, savedVersion: 2 }],
      flags: [],
      submitKey: null,
    });
    expect(outbox.read(ATTEMPT, QUESTIONS).answers).toEqual([]);
  });

  it('keeps the first submit key made for the attempt', () => {
    const outbox = createOutbox(memoryStore());
    expect(outbox.submitKey(ATTEMPT)).toBeNull();
    outbox.sync({ attemptId: ATTEMPT, answers: [], flags: [], submitKey: 'first-key-0001' });
    outbox.sync({ attemptId: ATTEMPT, answers: [], flags: [], submitKey: 'second-key-0002' });
    expect(outbox.submitKey(ATTEMPT)).toBe('first-key-0001');
  });

  it('forgets a submitted attempt, and keeps other attempts apart', () => {
    const store = memoryStore();
    const outbox = createOutbox(store);
    for (const attemptId of [ATTEMPT, 'other-attempt-0002']) {
      outbox.sync({
        attemptId,
        answers: [{ question_id: 12, choice: [4], version: 2, savedVersion: 0 }],
        flags: [12],
        submitKey: 'key-of-the-submit',
      });
    }
    outbox.clear(ATTEMPT, QUESTIONS);
    expect(outbox.read(ATTEMPT, QUESTIONS)).toEqual({ answers: [], flags: [], submitKey: null });
    expect(outbox.read('other-attempt-0002', QUESTIONS).answers).toHaveLength(1);
  });

  it('ignores what it cannot read, and answers still go out when storage refuses to write', () => {
    const store = memoryStore();
    store.setItem(`quiz-outbox:${ATTEMPT}:a:11`, '{not json');
    store.setItem(`quiz-outbox:${ATTEMPT}:a:12`, JSON.stringify({ choice: ['x'], version: 1 }));
    store.setItem(`quiz-outbox:${ATTEMPT}:flags`, JSON.stringify('everything'));
    store.setItem(`quiz-outbox:${ATTEMPT}:submit`, 'short');
    expect(createOutbox(store).read(ATTEMPT, QUESTIONS)).toEqual({ answers: [], flags: [], submitKey: null });

    const full = createOutbox(refusingStore());
    expect(() =>
      full.sync({
        attemptId: ATTEMPT,
        answers: [{ question_id: 11, choice: [1], version: 1, savedVersion: 0 }],
        flags: [11],
        submitKey: 'key-0000-0001',
      }),
    ).not.toThrow();
    expect(full.read(ATTEMPT, QUESTIONS)).toEqual({ answers: [], flags: [], submitKey: null });
    expect(() => full.clear(ATTEMPT, QUESTIONS)).not.toThrow();
  });
});
