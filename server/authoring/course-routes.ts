import { Hono } from 'hono';
import type { Deps } from '../deps';
import type { AppEnv } from '../http';

/** The trainer's courses and their approval lifecycle: built next. */
export function courseAuthoringRoutes(_deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
