import type { Attempt, AttemptReview } from '@contract/wire/learning';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import { createOutbox } from '@/features/learning/quiz/outbox';
import { quizAttemptLive } from '@/features/learning/quiz/quizAttempt.live';
import { ATTEMPT_ID, attempt, review, SERVER_NOW, timeoutReview } from '../machines/support/quiz';
import { type FakeAnswer, type FakeRequest, fakeApi, memoryStore } from './support/fake-api';

const LECTURE = 41;
const QUESTIONS = attempt.questions.map((question) => question.id);
const ATTEMPT_PATH = `/learning/attempts/${ATTEMPT_ID}/`;

/**
 * The quiz endpoints of one attempt: it keeps the answers it was sent (the highest version), and
 * answers nothing to the requests `unreachable` picks; `hold` keeps the next answer save waiting
 * until it is released.
 */
function quizServer(deadline: string | null = attempt.deadline) {
  const kept = new Map<number, { choice: number[]; version: number }>();
  let held: Promise<void> | null = null;
  const server = {
    unreachable: (_: FakeRequest) => false,
    submitted: null as AttemptReview | null,
    hold(): () => void {
      let release = () => {};
      held = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
  const current = (): Attempt => ({
    ...attempt,
    deadline,
    state: server.submitted ? 'submitted' : 'in_progress',
    answers: [...kept].map(([question_id, answer]) => ({ question_id, ...answer })),
  });
  const answer = async (request: FakeRequest): Promise<FakeAnswer> => {
    if (server.unreachable(request)) return 'offline';
    const saving = request.path.match(/\/answers\/(\d+)\/$/);
    if (request.method === 'PUT' && saving) {
      if (held) await held;
      held = null;
      const body = request.body as { choice: number[]; version: number };
      const questionId = Number(saving[1]);
      if ((kept.get(questionId)?.version ?? 0) < body.version) kept.set(questionId, body);
      const version = kept.get(questionId)?.version ?? 0;
      return {
        status: 200,
        body: { question_id: questionId, version, saved_at: '2026-11-23T10:00:05.000Z' },
      };
    }
    if (request.method === 'POST' && request.path === `/learning/lectures/${LECTURE}/attempts/`) {
      return { status: 201, body: current() };
    }
    if (request.method === 'GET' && request.path === ATTEMPT_PATH) return { status: 200, body: current() };
    if (request.method === 'POST' && request.path === `${ATTEMPT_PATH}submit/`) {
      server.submitted ??= review;
      return { status: 200, body: server.submitted };
    }
    if (request.method === 'GET' && request.path === `${ATTEMPT_PATH}review/`) {
      server.submitted ??= timeoutReview;
      return { status: 200, body: server.submitted };
    }
    return { status: 404, body: { detail: 'Not found' } };
  };
  return { server, ...fakeApi(answer) };
}

/** The device's clock, 3 s behind the server's, moved by the test; it ticks when moved. */
function deviceClock() {
  let now = SERVER_NOW - 3000;
  const ticks = new Set<() => void>();
  return {
    now: () => now,
    watch(tick: () => void) {
      ticks.add(tick);
      return () => ticks.delete(tick);
    },
    advance(ms: number) {
      now += ms;
      for (const tick of ticks) tick();
    },
    get watching() {
      return ticks.size;
    },
  };
}

/** One page of the quiz: its wiring, on the device's storage (shared by reloads), and its actor. */
function device(api: ReturnType<typeof quizServer>['api']) {
  const local = memoryStore();
  const tab = memoryStore();
  const clock = deviceClock();
  const reviews: AttemptReview[] = [];
  const onlineListeners = new Set<() => void>();
  let keys = 0;
  const open = (attemptId: string | null) => {
    const live = quizAttemptLive({
      api,
      outbox: createOutbox(local),
      tab,
      clock,
      watchOnline(online) {
        onlineListeners.add(online);
        return () => onlineListeners.delete(online);
      },
      newKey: () => `submit-key-000${++keys}`,
      onReview: (shown) => reviews.push(shown),
    });
    const actor = createActor(live.machine, { input: live.input(LECTURE, attemptId) });
    const stop = live.follow(actor);
    actor.start();
    pages.push({ actor, stop });
    const screen = () => live.connect(actor.getSnapshot(), actor.send);
    const close = () => {
      stop();
      actor.stop();
    };
    return { actor, screen, close };
  };
  return {
    open,
    clock,
    reviews,
    outbox: () => createOutbox(local).read(ATTEMPT_ID, QUESTIONS),
    shownQuestion: () => tab.getItem(`quiz-question:${ATTEMPT_ID}`),
    backOnline: () => {
      for (const online of onlineListeners) online();
    },
    get listening() {
      return onlineListeners.size;
    },
  };
}

const pages: { actor: Actor<ReturnType<typeof quizAttemptLive>['machine']>; stop: () => void }[] = [];

afterEach(() => {
  for (const page of pages.splice(0)) {
    page.stop();
    page.actor.stop();
  }
});

type Page = ReturnType<ReturnType<typeof device>['open']>;
const phase = (page: Page, expected: string) => waitFor(page.actor, () => page.screen().phase === expected);

/** Submit pressed, then confirmed. */
function submit(page: Page): void {
  page.screen().requestSubmit();
  page.screen().confirmSubmit();
}

/** The bodies of the submits sent so far. */
const submitsOf = (requests: FakeRequest[]) =>
  requests.filter((request) => request.path === `${ATTEMPT_PATH}submit/`).map((request) => request.body);

describe('the quiz attempt, wired to the API, the device’s storage and its clock', () => {
  it('starts an attempt and keeps each answer on the device until the server has it', async () => {
    const { server, api, requests } = quizServer();
    const phone = device(api);
    const page = phone.open(null);
    await phase(page, 'answering');
    expect(requests[0]).toEqual({
      method: 'POST',
      path: `/learning/lectures/${LECTURE}/attempts/`,
      body: {},
    });

    const release = server.hold();
    page.screen().choose(101, 1, true);
    await waitFor(page.actor, () => requests.length === 2);
    expect(requests[1]).toEqual({
      method: 'PUT',
      path: `${ATTEMPT_PATH}answers/101/`,
      body: { choice: [1], version: 1 },
    });
    // Stored before the server answered: a crash now loses nothing.
    expect(phone.outbox().answers).toEqual([{ question_id: 101, choice: [1], version: 1 }]);
    expect(page.screen().saveStatus).toEqual({ kind: 'saving' });

    release();
    await waitFor(page.actor, () => page.screen().saveStatus.kind === 'saved');
    expect(phone.outbox().answers).toEqual([]);
  });

  it('keeps answers through a lost network and a reload, at the question shown, and sends them once online', async () => {
    const { server, api, requests } = quizServer();
    const phone = device(api);
    const first = phone.open(null);
    await phase(first, 'answering');
    first.screen().goTo(1);
    server.unreachable = (request) => request.method === 'PUT';
    first.screen().choose(102, 3, true);
    first.screen().toggleFlag(103);
    await waitFor(first.actor, () => first.screen().saveStatus.kind === 'offline');
    expect(first.screen().saveStatus).toEqual({ kind: 'offline', waiting: 1 });
    expect(phone.outbox()).toEqual({
      answers: [{ question_id: 102, choice: [3], version: 1 }],
      flags: [103],
      submitKey: null,
    });
    expect(phone.shownQuestion()).toBe('1');
    first.close();
    expect(phone.listening).toBe(0);

    // The page is opened again, the answers still unreachable: the attempt is read, the kept answer waits.
    const second = phone.open(ATTEMPT_ID);
    await phase(second, 'answering');
    expect(requests.filter((request) => request.method === 'GET').map((request) => request.path)).toEqual([
      ATTEMPT_PATH,
    ]);
    expect(second.screen().question?.index).toBe(1);
    expect(second.screen().question?.choice).toEqual([3]);
    expect(second.screen().question?.unsaved).toBe(true);
    expect(second.screen().panel[2]?.flagged).toBe(true);
    await waitFor(second.actor, () => second.screen().saveStatus.kind === 'offline');

    server.unreachable = () => false;
    phone.backOnline();
    await waitFor(second.actor, () => second.screen().saveStatus.kind === 'saved');
    expect(requests.at(-1)).toEqual({
      method: 'PUT',
      path: `${ATTEMPT_PATH}answers/102/`,
      body: { choice: [3], version: 1 },
    });
    expect(phone.outbox()).toEqual({ answers: [], flags: [103], submitKey: null });
  });

  it('resumes on another device at the first unanswered question', async () => {
    const { api } = quizServer();
    const phone = device(api);
    const first = phone.open(null);
    await phase(first, 'answering');
    first.screen().choose(101, 1, true);
    await waitFor(first.actor, () => first.screen().saveStatus.kind === 'saved');
    first.close();

    // A laptop: its tab never showed the attempt; the server's answers say where the trainee was.
    const laptop = device(api).open(ATTEMPT_ID);
    await phase(laptop, 'answering');
    expect(laptop.screen().question?.index).toBe(1);
  });

  it('submits once with the attempt’s one key, also after a reload, then forgets the attempt', async () => {
    const { server, api, requests } = quizServer();
    const phone = device(api);
    const first = phone.open(null);
    await phase(first, 'answering');
    first.screen().choose(101, 1, true);
    await waitFor(first.actor, () => first.screen().saveStatus.kind === 'saved');

    server.unreachable = () => true;
    submit(first);
    await phase(first, 'submitFailed');
    expect(phone.outbox().submitKey).toBe('submit-key-0001');
    first.close();

    server.unreachable = () => false;
    const second = phone.open(ATTEMPT_ID);
    await phase(second, 'answering');
    submit(second);
    await phase(second, 'submitted');
    expect(submitsOf(requests)).toEqual([{ key: 'submit-key-0001' }, { key: 'submit-key-0001' }]);
    expect(phone.outbox()).toEqual({ answers: [], flags: [], submitKey: null });

    // The success popup, then the review.
    expect(second.screen().popup).toBe(true);
    expect(phone.reviews).toEqual([]);
    second.screen().closePopup();
    expect(phone.reviews).toEqual([review]);
  });

  it('submits from a second tab with the key the first tab made meanwhile', async () => {
    const { server, api, requests } = quizServer();
    const phone = device(api);
    const first = phone.open(null);
    await phase(first, 'answering');
    const second = phone.open(ATTEMPT_ID);
    await phase(second, 'answering');

    server.unreachable = () => true;
    submit(first);
    await phase(first, 'submitFailed');

    server.unreachable = () => false;
    submit(second);
    await phase(second, 'submitted');
    expect(submitsOf(requests)).toEqual([{ key: 'submit-key-0001' }, { key: 'submit-key-0001' }]);
  });

  it('counts down on the server’s clock, and reads the review once the time is up', async () => {
    const { api, requests } = quizServer();
    const phone = device(api);
    const page = phone.open(null);
    await phase(page, 'answering');
    expect(phone.clock.watching).toBe(1);
    // The device runs 3 s behind the server: the 10 minutes are counted on the server's clock.
    expect(page.screen().remainingMs).toBe(600_000);
    page.screen().choose(103, 6, true);
    await waitFor(page.actor, () => page.screen().saveStatus.kind === 'saved');

    phone.clock.advance(599_000);
    expect(page.screen().remainingMs).toBe(1000);
    expect(page.screen().warning).toBe(1);
    phone.clock.advance(1000);
    await waitFor(page.actor, () => phone.reviews.length === 1);
    expect(requests.at(-1)).toEqual({ method: 'GET', path: `${ATTEMPT_PATH}review/`, body: undefined });
    expect(phone.reviews).toEqual([timeoutReview]);
    expect(phone.clock.watching).toBe(0);
    expect(phone.outbox()).toEqual({ answers: [], flags: [], submitKey: null });
  });

  it('has no countdown for a quiz without a time limit', async () => {
    const { api } = quizServer(null);
    const phone = device(api);
    const page = phone.open(null);
    await phase(page, 'answering');
    expect(page.screen().remainingMs).toBeNull();
    expect(phone.clock.watching).toBe(0);
  });
});
