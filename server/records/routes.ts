import { COMPLETION_RULE_FIELDS, completionRuleFormSchema, ruleOfForm } from '@contract/forms/records';
import { RECORDS_MESSAGES } from '@contract/messages/records';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { CompletionSaved, CourseHistory } from '@contract/wire/records';
import { Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { jsonForm, validId } from '../validation';
import {
  closeCourse,
  completedCourse,
  completionSettings,
  courseHistory,
  saveCompletionRule,
} from './queries';

/**
 * The trainer's records (spec sections 1 and 2, items 6 and 7): the course history, a completed
 * course's record, and the course's completion setting (the rule, closing early). Trainers only;
 * what each may do with a course: see server/records/queries.ts.
 */
export function recordsRoutes({ db, tokens }: Deps): Mounts {
  const routes = new Hono<AppEnv>();
  const trainer = [requireAuth(db, tokens), requireRole('TRAINER')] as const;

  routes.get('/course-history/', ...trainer, async (c) => {
    const answer: CourseHistory = { results: await courseHistory(db, c.get('user').id) };
    return c.json(answer);
  });

  routes.get('/course-history/:id/', ...trainer, validId(), async (c) => {
    return c.json(await completedCourse(db, c.req.valid('param').id, c.get('user').id));
  });

  routes.get('/courses/:id/completion/', ...trainer, validId(), async (c) => {
    return c.json(await completionSettings(db, c.req.valid('param').id, c.get('user').id));
  });

  routes.put(
    '/courses/:id/completion-rule/',
    ...trainer,
    validId(),
    jsonForm(completionRuleFormSchema, COMPLETION_RULE_FIELDS),
    async (c) => {
      const rule = ruleOfForm(c.req.valid('json'));
      if (!rule) throw new HttpProblem(400, SERVER_MESSAGES.malformedBody);
      const data = await db.transaction((tx) =>
        saveCompletionRule(tx, c.req.valid('param').id, c.get('user').id, rule),
      );
      const answer: CompletionSaved = { success: true, message: RECORDS_MESSAGES.ruleSaved, data };
      return c.json(answer);
    },
  );

  routes.post('/courses/:id/close/', ...trainer, validId(), async (c) => {
    const data = await db.transaction((tx) => closeCourse(tx, c.req.valid('param').id, c.get('user').id));
    const answer: CompletionSaved = { success: true, message: RECORDS_MESSAGES.closed, data };
    return c.json(answer);
  });

  return [['/trainer/', routes]];
}
