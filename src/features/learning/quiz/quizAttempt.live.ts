import type { AttemptReview } from '@contract/wire/learning';
import { connectQuizAttempt, type QuizAttemptView } from '@machines/quizAttempt.connect';
import {
  type QuizAttemptEvent,
  type QuizAttemptInput,
  quizAttemptMachine,
} from '@machines/quizAttempt.machine';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { type ActorRefFrom, fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { api } from '@/api/http';
import { getAttempt, getAttemptReview, saveAnswer, startAttempt, submitAttempt } from '@/api/learning';
import { browserOutbox, browserStore, type KeyValueStore, type QuizOutbox } from './outbox';

/** The device's clock as the countdown reads it. */
export interface DeviceClock {
  now(): number;
  /** Calls `tick` about once a second and whenever the page is shown or hidden; answers the stop. */
  watch(tick: () => void): () => void;
}

/** What the quiz attempt is wired to: the API, this device's storage, its clock and its network. */
export interface QuizAttemptDeps {
  api: ApiClient;
  /** Answers, flags and the submit's key until the server has them (localStorage). */
  outbox: QuizOutbox;
  /** This tab's store (sessionStorage): the question each attempt showed last, across reloads. */
  tab: KeyValueStore;
  clock: DeviceClock;
  /** Calls `online` when the browser says it is back online; answers the stop. */
  watchOnline(online: () => void): () => void;
  /** A new key for a submit (a UUID). */
  newKey(): string;
  /** The attempt is submitted and its review is shown. */
  onReview(review: AttemptReview): void;
}

/** The screen's view model: the connect's, with the submit confirmed without a key of the view's. */
export type QuizAttemptScreen = Omit<QuizAttemptView, 'confirmSubmit'> & { confirmSubmit: () => void };

const shownKey = (attemptId: string) => `quiz-question:${attemptId}`;

/** The machine of one attempt, provided with its calls, outbox and clock, and what follows it. */
export function quizAttemptLive(deps: QuizAttemptDeps) {
  const { outbox, tab, clock } = deps;
  const machine = quizAttemptMachine.provide({
    actors: {
      loadAttempt: fromPromise(async ({ input }) => {
        const sentAt = clock.now();
        const attempt = input.attemptId
          ? await getAttempt(deps.api, input.attemptId)
          : await startAttempt(deps.api, input.lectureId);
        const receivedAt = clock.now();
        const local = outbox.read(
          attempt.id,
          attempt.questions.map((question) => question.id),
        );
        return { attempt, sentAt, receivedAt, local };
      }),
      saveAnswer: fromPromise(({ input }) =>
        saveAnswer(deps.api, input.attemptId, input.questionId, {
          choice: input.choice,
          version: input.version,
        }),
      ),
      submitAttempt: fromPromise(({ input }) => submitAttempt(deps.api, input.attemptId, input.key)),
      loadReview: fromPromise(({ input }) => getAttemptReview(deps.api, input.attemptId)),
      clock: fromCallback(({ sendBack }) => {
        const tick = () => sendBack({ type: 'tick', now: clock.now() });
        tick();
        return clock.watch(tick);
      }),
    },
    actions: {
      syncOutbox: (_, params) => outbox.sync(params),
      clearLocal: (_, params) => outbox.clear(params.attemptId, params.questionIds),
      reviewShown: ({ context }) => {
        if (context.review) deps.onReview(context.review);
      },
    },
  });

  /** The question this tab showed last in the attempt, if it showed one. */
  const shownQuestion = (attemptId: string): number | undefined => {
    try {
      const kept = tab.getItem(shownKey(attemptId));
      if (kept === null) return undefined;
      return Number(kept) || 0;
    } catch {
      return undefined;
    }
  };
  const keepShownQuestion = (attemptId: string, index: number): void => {
    try {
      tab.setItem(shownKey(attemptId), String(index));
    } catch {
      // Not kept: a reload shows the first question.
    }
  };
  /** The submit's key: the one kept for the attempt, else a new one (the machine keeps its first). */
  const submitKey = (attemptId: string | null): string =>
    (attemptId && outbox.submitKey(attemptId)) || deps.newKey();

  return {
    machine,
    /**
     * Starting an attempt (`attemptId` null), or resuming one at the question this tab showed (in
     * another tab or after the browser closed, the machine opens the first unanswered question).
     */
    input: (lectureId: number, attemptId: string | null): QuizAttemptInput => ({
      lectureId,
      attemptId,
      current: attemptId ? shownQuestion(attemptId) : undefined,
    }),
    /** Keeps the question shown and tells the machine when the network is back; answers the stop. */
    follow(actor: ActorRefFrom<typeof machine>): () => void {
      let kept: string | null = null;
      const keep = (snapshot: SnapshotFrom<typeof machine>) => {
        const attemptId = snapshot.context.attempt?.id;
        if (!attemptId) return;
        const shown = `${attemptId}:${snapshot.context.current}`;
        if (shown === kept) return;
        kept = shown;
        keepShownQuestion(attemptId, snapshot.context.current);
      };
      keep(actor.getSnapshot());
      const subscription = actor.subscribe(keep);
      const stopWatching = deps.watchOnline(() => actor.send({ type: 'network.online' }));
      return () => {
        subscription.unsubscribe();
        stopWatching();
      };
    },
    connect(
      snapshot: SnapshotFrom<typeof machine>,
      send: (event: QuizAttemptEvent) => void,
    ): QuizAttemptScreen {
      const view = connectQuizAttempt(snapshot, send);
      return { ...view, confirmSubmit: () => view.confirmSubmit(submitKey(view.attemptId)) };
    },
  };
}

/** The browser's clock: every second, and at once when the page is shown again. */
const browserClock: DeviceClock = {
  now: () => Date.now(),
  watch(tick) {
    const timer = window.setInterval(tick, 1000);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  },
};

function watchOnline(online: () => void): () => void {
  window.addEventListener('online', online);
  return () => window.removeEventListener('online', online);
}

/** Taking a quiz in this page: the attempt's view model, wired to the browser. */
export function useQuizAttempt(
  lectureId: number,
  attemptId: string | null,
  onReview: (review: AttemptReview) => void,
): QuizAttemptScreen {
  const onReviewRef = useRef(onReview);
  onReviewRef.current = onReview;
  const [live] = useState(() =>
    quizAttemptLive({
      api,
      outbox: browserOutbox(),
      tab: browserStore(() => window.sessionStorage),
      clock: browserClock,
      watchOnline,
      newKey: () => crypto.randomUUID(),
      onReview: (review) => onReviewRef.current(review),
    }),
  );
  const [state, send, actor] = useMachine(live.machine, { input: live.input(lectureId, attemptId) });
  useEffect(() => live.follow(actor), [live, actor]);
  return live.connect(state, send);
}
