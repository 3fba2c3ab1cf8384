import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { deciderOf, requireAdminOrStaffToken } from '../admin/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { setQuizTimeLimitBy } from '../staff/cli-decisions';
import { jsonBody, MAX_ID } from '../validation';

/** The longest time limit a quiz may have: a week. */
export const QUIZ_TIME_LIMIT_MAX_SECONDS = 7 * 24 * 3600;

export const quizTimeLimitRequestSchema = z.object({
  lecture_id: z.int().check(z.positive(), z.lte(MAX_ID)),
  /** Null: no time limit. */
  seconds: z.nullable(z.int().check(z.positive(), z.lte(QUIZ_TIME_LIMIT_MAX_SECONDS))),
});

export const quizTimeLimitResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ lecture_id: z.int(), title: z.string(), time_limit_seconds: z.nullable(z.int()) }),
});

/** /admin/set-quiz-time-limit/ (`npm run admin -- set-quiz-time-limit LECTURE_ID SECONDS`). */
export function quizAdminRoutes({ db, adminToken }: Deps): Mounts {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAdminOrStaffToken(adminToken, db));
  routes.post('/', jsonBody(quizTimeLimitRequestSchema, SERVER_MESSAGES.quizTimeLimitInvalid), async (c) => {
    const { lecture_id, seconds } = c.req.valid('json');
    const quiz = await setQuizTimeLimitBy(db, deciderOf(c), lecture_id, seconds);
    if (!quiz) throw new HttpProblem(404, SERVER_MESSAGES.notAQuiz);
    return c.json(quizTimeLimitResponseSchema.parse({ success: true, data: quiz }));
  });
  return [['/admin/set-quiz-time-limit/', routes]];
}
