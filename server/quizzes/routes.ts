import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  attemptReviewSchema,
  attemptSchema,
  saveAnswerSchema,
  savedAnswerResponseSchema,
  submitAttemptSchema,
} from '@contract/wire/learning';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { jsonBody, MAX_ID, validId, wholeNumber } from '../validation';
import { isAttemptId, readAttempt, reviewAttempt, saveAnswer, startAttempt, submitAttempt } from './queries';
import { timeoutNotice } from './sweep';

/** A path's attempt id (a UUID) and, when present, question id; anything else is not found. */
function validAttempt() {
  return validator('param', (param: Record<string, string>) => {
    const id = (param.id ?? '').toLowerCase();
    if (!isAttemptId(id)) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    const questionId = param.questionId === undefined ? 0 : wholeNumber(param.questionId, MAX_ID);
    if (questionId === undefined) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return { id, questionId };
  });
}

/**
 * Quiz attempts of an enrolled trainee (the server is authoritative: the deadline, the saved
 * answers and the one submission are its own): start or resume, read, save an answer at its
 * version, submit once, review.
 */
export function quizRoutes({ db, tokens, notifier }: Deps): Mounts {
  const trainee = [requireAuth(db, tokens), requireRole('TRAINEE')] as const;
  const onTimeout = timeoutNotice(db, notifier);

  // Mounted at /learning/lectures/:id/attempts/: the id is the lecture's.
  const start = new Hono<AppEnv>();
  start.post('/', ...trainee, validId(), async (c) => {
    const { attempt, created } = await startAttempt(db, c.get('user').id, c.req.valid('param').id, onTimeout);
    return c.json(attemptSchema.parse(attempt), created ? 201 : 200);
  });

  const attempts = new Hono<AppEnv>();
  attempts.get('/:id/', ...trainee, validAttempt(), async (c) =>
    c.json(attemptSchema.parse(await readAttempt(db, c.get('user').id, c.req.valid('param').id, onTimeout))),
  );

  attempts.put(
    '/:id/answers/:questionId/',
    ...trainee,
    validAttempt(),
    jsonBody(saveAnswerSchema, SERVER_MESSAGES.answerInvalid),
    async (c) => {
      const { id, questionId } = c.req.valid('param');
      const saved = await saveAnswer(db, c.get('user').id, id, questionId, c.req.valid('json'), onTimeout);
      return c.json(savedAnswerResponseSchema.parse(saved));
    },
  );

  attempts.post(
    '/:id/submit/',
    ...trainee,
    validAttempt(),
    jsonBody(submitAttemptSchema, SERVER_MESSAGES.submitKeyInvalid),
    async (c) => {
      const review = await submitAttempt(
        db,
        c.get('user').id,
        c.req.valid('param').id,
        c.req.valid('json').key,
        onTimeout,
      );
      return c.json(attemptReviewSchema.parse(review));
    },
  );

  attempts.get('/:id/review/', ...trainee, validAttempt(), async (c) =>
    c.json(
      attemptReviewSchema.parse(
        await reviewAttempt(db, c.get('user').id, c.req.valid('param').id, onTimeout),
      ),
    ),
  );

  return [
    ['/learning/lectures/:id/attempts/', start],
    ['/learning/attempts/', attempts],
  ];
}
