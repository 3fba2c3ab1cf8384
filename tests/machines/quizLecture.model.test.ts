import type { AttemptSummary, QuizInfo } from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import {
  attemptInProgress,
  connectQuizLecture,
  quizStart,
  restoredScreen,
} from '../../machines/quizLecture.model.ts';

const NOW = Date.parse('2026-11-23T10:00:00.000Z');

function summary(number: number, state: AttemptSummary['state']): AttemptSummary {
  return {
    id: `attempt-${number}`,
    number,
    state,
    started_at: '2026-11-20T09:00:00.000Z',
    submitted_at: state === 'submitted' ? '2026-11-20T09:20:00.000Z' : null,
    score: state === 'submitted' ? 6 : null,
  };
}

function quiz(over: Partial<QuizInfo> = {}): QuizInfo {
  return {
    question_count: 5,
    time_limit_seconds: 900,
    attempts_allowed: 2,
    closes_at: '2026-11-30T21:00:00.000Z',
    shows_answers: true,
    attempts: [],
    best_score: null,
    ...over,
  };
}

const submitted = summary(1, 'submitted');
const inProgress = summary(2, 'in_progress');
const closed = '2026-11-23T10:00:00.000Z';

describe('whether a quiz can be started', () => {
  it('starts when no attempt is made yet, or some are left before it closes', () => {
    expect(quizStart(quiz(), NOW)).toBe('start');
    expect(quizStart(quiz({ attempts: [submitted] }), NOW)).toBe('start');
    expect(quizStart(quiz({ closes_at: null }), NOW)).toBe('start');
    expect(quizStart(quiz({ closes_at: '2026-11-23T10:00:00.001Z' }), NOW)).toBe('start');
  });

  it('continues the attempt in progress, even past the close time or with every attempt used', () => {
    expect(quizStart(quiz({ attempts: [submitted, inProgress] }), NOW)).toBe('continue');
    expect(quizStart(quiz({ attempts: [inProgress], closes_at: closed }), NOW)).toBe('continue');
    expect(quizStart(quiz({ attempts: [submitted, inProgress], attempts_allowed: 1 }), NOW)).toBe('continue');
    expect(attemptInProgress(quiz({ attempts: [submitted, inProgress] }))).toBe('attempt-2');
    expect(attemptInProgress(quiz({ attempts: [submitted] }))).toBeNull();
  });

  it('is closed from its close time on, before the attempts count', () => {
    expect(quizStart(quiz({ closes_at: closed }), NOW)).toBe('closed');
    expect(
      quizStart(
        quiz({ closes_at: '2026-11-01T00:00:00.000Z', attempts_allowed: 1, attempts: [submitted] }),
        NOW,
      ),
    ).toBe('closed');
  });

  it('is used up once as many attempts as allowed are submitted', () => {
    expect(quizStart(quiz({ attempts_allowed: 1, attempts: [submitted] }), NOW)).toBe('used');
    expect(quizStart(quiz({ attempts_allowed: 1, attempts: [submitted], closes_at: null }), NOW)).toBe(
      'used',
    );
  });
});

describe('what a quiz lecture shows of starting', () => {
  it('offers Start quiz and explains the time limit of a timed quiz', () => {
    expect(connectQuizLecture(quiz(), NOW)).toEqual({
      start: 'start',
      attemptId: null,
      button: 'start',
      opens: 'details',
      detailsBeside: false,
      canStart: true,
      notice: null,
      explainsTimeLimit: true,
    });
    expect(connectQuizLecture(quiz({ time_limit_seconds: null }), NOW).explainsTimeLimit).toBe(false);
  });

  it('offers Continue quiz, which goes straight into the attempt in progress, with the details beside', () => {
    expect(connectQuizLecture(quiz({ attempts: [inProgress], closes_at: closed }), NOW)).toEqual({
      start: 'continue',
      attemptId: 'attempt-2',
      button: 'continue',
      opens: 'attempt',
      detailsBeside: true,
      canStart: true,
      notice: null,
      explainsTimeLimit: true,
    });
  });

  it('offers only the details, and says why, when the quiz is closed or used up', () => {
    expect(connectQuizLecture(quiz({ closes_at: closed }), NOW)).toEqual({
      start: 'closed',
      attemptId: null,
      button: 'details',
      opens: 'details',
      detailsBeside: false,
      canStart: false,
      notice: 'closed',
      explainsTimeLimit: false,
    });
    expect(connectQuizLecture(quiz({ attempts_allowed: 1, attempts: [submitted] }), NOW)).toEqual({
      start: 'used',
      attemptId: null,
      button: 'details',
      opens: 'details',
      detailsBeside: false,
      canStart: false,
      notice: 'used',
      explainsTimeLimit: false,
    });
  });
});

describe('the quiz screen a reload comes back to', () => {
  it('is the attempt only while one is in progress', () => {
    expect(restoredScreen({ kind: 'attempt' }, quiz({ attempts: [inProgress] }))).toEqual({
      kind: 'attempt',
    });
    expect(restoredScreen({ kind: 'attempt' }, quiz({ attempts: [submitted] }))).toEqual({ kind: 'details' });
  });

  it('is a review only of one of the quiz’s attempts', () => {
    const attempts = [submitted];
    expect(restoredScreen({ kind: 'review', attemptId: 'attempt-1' }, quiz({ attempts }))).toEqual({
      kind: 'review',
      attemptId: 'attempt-1',
    });
    expect(restoredScreen({ kind: 'review', attemptId: 'attempt-9' }, quiz({ attempts }))).toEqual({
      kind: 'details',
    });
    expect(restoredScreen({ kind: 'details' }, quiz({ attempts }))).toEqual({ kind: 'details' });
  });
});
