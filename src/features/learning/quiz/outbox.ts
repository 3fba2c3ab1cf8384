import type { LocalAttempt, OutboxSync } from '@machines/quizAttempt.machine';
import * as z from 'zod/mini';

/**
 * The quiz outbox: what this device keeps of an attempt until the server has it — answers not yet
 * acknowledged, the questions flagged for later, the key of the submit.
 *
 * It lives in localStorage, not IndexedDB: a localStorage write is synchronous, so an answer is
 * stored before the click's handler returns and before its request leaves, and a crash or a tab
 * closed a moment later cannot lose it (an IndexedDB transaction still in flight when the tab dies
 * is lost). What is kept is small (a few choices per question), and localStorage survives a reload,
 * a crash and a closed tab alike. Each answer has its own key (`quiz-outbox:<attempt>:a:<question>`)
 * and a write never lowers a version, so two tabs of one attempt do not overwrite each other's
 * answers. A browser that refuses to store (private mode, full) still saves to the server; only
 * the offline safety net is missing.
 */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'quiz-outbox:';

const answerKey = (attemptId: string, questionId: number) => `${PREFIX}${attemptId}:a:${questionId}`;
const flagsKey = (attemptId: string) => `${PREFIX}${attemptId}:flags`;
const submitKeyKey = (attemptId: string) => `${PREFIX}${attemptId}:submit`;

const storedAnswerSchema = z.object({
  choice: z.array(z.int()),
  version: z.int().check(z.positive()),
});
type StoredAnswer = z.infer<typeof storedAnswerSchema>;
const flagsSchema = z.array(z.int());

function readJson<T>(store: KeyValueStore, key: string, schema: z.ZodMiniType<T>): T | null {
  let raw: string | null;
  try {
    raw = store.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(store: KeyValueStore, key: string, value: string): void {
  try {
    store.setItem(key, value);
  } catch {
    // Storage refused (private mode, full): the answer still goes to the server.
  }
}

function remove(store: KeyValueStore, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Nothing to do: see write.
  }
}

export interface QuizOutbox {
  /** What is kept for an attempt whose questions are `questionIds`. */
  read(attemptId: string, questionIds: readonly number[]): LocalAttempt;
  /**
   * Stores the answers newer than the server's (`version` > `savedVersion`) unless a newer one is
   * already stored, and drops those the server keeps; stores the flags and the submit's key (the
   * first key stored stays).
   */
  sync(state: OutboxSync): void;
  /** The key of this attempt's submit, if one was made. */
  submitKey(attemptId: string): string | null;
  clear(attemptId: string, questionIds: readonly number[]): void;
}

export function createOutbox(store: KeyValueStore): QuizOutbox {
  const readAnswer = (attemptId: string, questionId: number): StoredAnswer | null =>
    readJson(store, answerKey(attemptId, questionId), storedAnswerSchema);
  const submitKey = (attemptId: string): string | null => {
    try {
      const key = store.getItem(submitKeyKey(attemptId));
      return key && key.length >= 8 && key.length <= 64 ? key : null;
    } catch {
      return null;
    }
  };
  return {
    read(attemptId, questionIds) {
      const answers = questionIds.flatMap((questionId) => {
        const stored = readAnswer(attemptId, questionId);
        return stored ? [{ question_id: questionId, ...stored }] : [];
      });
      return {
        answers,
        flags: readJson(store, flagsKey(attemptId), flagsSchema) ?? [],
        submitKey: submitKey(attemptId),
      };
    },
    sync({ attemptId, answers, flags, submitKey: key }) {
      if (!attemptId) return;
      for (const answer of answers) {
        const name = answerKey(attemptId, answer.question_id);
        const stored = readAnswer(attemptId, answer.question_id);
        if (answer.version > answer.savedVersion) {
          if (!stored || stored.version < answer.version) {
            write(store, name, JSON.stringify({ choice: answer.choice, version: answer.version }));
          }
        } else if (stored && stored.version <= answer.savedVersion) {
          remove(store, name);
        }
      }
      if (flags.length > 0) write(store, flagsKey(attemptId), JSON.stringify(flags));
      else remove(store, flagsKey(attemptId));
      if (key && !submitKey(attemptId)) write(store, submitKeyKey(attemptId), key);
    },
    submitKey,
    clear(attemptId, questionIds) {
      for (const questionId of questionIds) remove(store, answerKey(attemptId, questionId));
      remove(store, flagsKey(attemptId));
      remove(store, submitKeyKey(attemptId));
    },
  };
}

/** A browser store (`get` reads localStorage or sessionStorage), or one that keeps nothing where it cannot be reached. */
export function browserStore(get: () => KeyValueStore): KeyValueStore {
  try {
    return get();
  } catch {
    return { getItem: () => null, setItem: () => {}, removeItem: () => {} };
  }
}

/** The browser's outbox, or one that keeps nothing where localStorage cannot be reached. */
export function browserOutbox(): QuizOutbox {
  return createOutbox(browserStore(() => window.localStorage));
}
