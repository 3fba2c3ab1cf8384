import { isIsoDate } from '@contract/domain/sessions';
import { SCHEDULE_MESSAGES } from '@contract/messages/schedule';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  calendarFeedInputSchema,
  calendarFeedSchema,
  feedLanguageSchema,
  scheduleWeekSchema,
  sessionChangedSchema,
  sessionChangeInputSchema,
} from '@contract/wire/schedule';
import { Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { jsonBody, MAX_ID, validQuery, wholeNumber } from '../validation';
import { changeSession, restoreSession } from './changes';
import { ensureFeed, FEED_FILE, feedCalendar, feedOwner, renewFeed } from './feed';
import { scheduleWeek } from './queries';

/**
 * The schedule: GET /schedule/?week (the trainer's week), POST /schedule/changes/ (cancel or move a
 * session), DELETE /schedule/changes/{courseId}/{date}/ (restore it); the calendar feed's address,
 * GET and POST /schedule/calendar-feed/ (trainers and trainees); and the feed itself,
 * GET /calendar/{secret}.ics, public (calendar apps do not sign in) and rate limited.
 */
export function scheduleRoutes({ db, tokens, limiter, notifier }: Deps): Mounts {
  const schedule = new Hono<AppEnv>();
  const trainer = [requireAuth(db, tokens), requireRole('TRAINER')] as const;
  const anyone = [requireAuth(db, tokens), requireRole('TRAINER', 'TRAINEE')] as const;

  schedule.get(
    '/',
    ...trainer,
    validQuery((query) => {
      const week = query('week');
      if (week !== undefined && !isIsoDate(week)) throw new HttpProblem(400, SCHEDULE_MESSAGES.weekInvalid);
      return { week };
    }),
    async (c) => {
      const { week } = c.req.valid('query');
      return c.json(scheduleWeekSchema.parse(await scheduleWeek(db, c.get('user').id, week, new Date())));
    },
  );

  schedule.post(
    '/changes/',
    ...trainer,
    jsonBody(sessionChangeInputSchema, SERVER_MESSAGES.malformedBody),
    async (c) => {
      const user = c.get('user');
      await limiter.consume('scheduleChangeAccount', String(user.id));
      const changed = await changeSession(db, notifier, user.id, c.req.valid('json'), new Date());
      return c.json(sessionChangedSchema.parse(changed), 201);
    },
  );

  schedule.delete('/changes/:courseId/:date/', ...trainer, async (c) => {
    const courseId = wholeNumber(c.req.param('courseId'), MAX_ID);
    const date = c.req.param('date');
    if (courseId === undefined || !isIsoDate(date)) throw new HttpProblem(404, SCHEDULE_MESSAGES.notChanged);
    const user = c.get('user');
    await limiter.consume('scheduleChangeAccount', String(user.id));
    const restored = await restoreSession(db, notifier, user.id, courseId, date, new Date());
    return c.json(sessionChangedSchema.parse(restored));
  });

  schedule.get(
    '/calendar-feed/',
    ...anyone,
    validQuery((query) => {
      // The page's language; anything else leaves the feed's as it is.
      const language = feedLanguageSchema.safeParse(query('language'));
      return { language: language.success ? language.data : undefined };
    }),
    async (c) =>
      c.json(calendarFeedSchema.parse(await ensureFeed(db, c.get('user').id, c.req.valid('query').language))),
  );

  schedule.post(
    '/calendar-feed/',
    ...anyone,
    jsonBody(calendarFeedInputSchema, SERVER_MESSAGES.malformedBody),
    async (c) => {
      const user = c.get('user');
      await limiter.consume('calendarFeedRenewAccount', String(user.id));
      return c.json(
        calendarFeedSchema.parse(await renewFeed(db, user.id, c.req.valid('json').language)),
        201,
      );
    },
  );

  const calendar = new Hono<AppEnv>();
  calendar.get('/:file', limiter.perClient('calendarFeedClient'), async (c) => {
    const secret = FEED_FILE.exec(c.req.param('file'))?.[1];
    const owner = secret ? await feedOwner(db, secret) : undefined;
    if (!secret || !owner) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    await limiter.consume('calendarFeedSecret', secret);
    const text = await feedCalendar(db, owner, new Date());
    return c.body(text, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="kfu-training.ics"',
      // The address is the credential: no shared cache keeps the answer, and no search engine lists it.
      'Cache-Control': 'private, no-cache',
      'X-Robots-Tag': 'noindex',
    });
  });

  return [
    ['/schedule/', schedule],
    ['/calendar/', calendar],
  ];
}
