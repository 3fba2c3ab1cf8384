import { Hono } from 'hono';
import type { Deps } from '../deps';
import type { AppEnv } from '../http';

/** Classes, assignments and quizzes of approved courses: built next. */
export function classAuthoringRoutes(_deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
