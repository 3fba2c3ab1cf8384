import { SCHEDULE_MESSAGES } from '@contract/messages/schedule';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_BASE } from '../../src/api/client';
import {
  calendarFeedAddress,
  changeSession,
  getCalendarFeed,
  getScheduleWeek,
  renewCalendarFeed,
  restoreSession,
} from '../../src/api/schedule';
import { interaction, signedIn } from './interactions';
import { INJECTED_SCHEDULE, SCHEDULE_STATES } from './schedule-states';
import {
  apiPath,
  bearerHeader,
  failureOf,
  JSON_CONTENT,
  PROVIDERS,
  pactWith,
  signedInClient,
} from './support';

const { like, eachLike, integer, regex, boolean, fromProviderState } = MatchersV3;

// Every schedule call is the product's own: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const TIME = '^([01]\\d|2[0-3]):[0-5]\\d$';
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$';
const FEED_PATH = '^/calendar/[A-Za-z0-9_-]{43}\\.ics$';
const EXAMPLE_FEED = '/calendar/q2Vb7r9XgN0aLpK3sT5uW8yZ1cE4fH6jM0nP2rS4tU8.ics';

const injected = (key: string, example: string | number) => fromProviderState(`\${${key}}`, example);

const scheduleSession = {
  course_id: integer(31),
  title: like('Cloud Computing Fundamentals'),
  title_ar: like('أساسيات الحوسبة السحابية'),
  role: regex('^(trainer|facilitator)$', 'trainer'),
  date: regex(DATE, '2026-11-29'),
  original_date: regex(DATE, '2026-11-29'),
  day: regex('^(Saturday|Sunday|Monday|Tuesday|Wednesday|Thursday|Friday)$', 'Sunday'),
  start_time: regex(TIME, '09:00'),
  end_time: regex(TIME, '11:00'),
  status: regex('^(scheduled|cancelled|moved)$', 'scheduled'),
  reason: like(''),
  course_start: regex(DATE, '2026-11-17'),
  course_end: regex(DATE, '2026-12-22'),
  can_change: boolean(true),
  can_restore: boolean(false),
};

const changed = (message: string) => ({
  message,
  course_id: integer(31),
  session_date: regex(DATE, '2026-11-30'),
  notified: integer(1),
});

const feedBody = {
  path: regex(FEED_PATH, EXAMPLE_FEED),
  language: regex('^(en|ar)$', 'en'),
  created_at: regex(DATE_TIME, '2026-11-24T06:00:00Z'),
};

describe('Schedule contract: GET /schedule/?week', () => {
  it("answers the trainer's week holding the date, Saturday first, by date and time", async () => {
    await extensions
      .addInteraction()
      .given(SCHEDULE_STATES.trainerWeek)
      .uponReceiving("a request for the trainer's week")
      .withRequest('GET', apiPath('/schedule/'), (b) =>
        b.headers(bearerHeader()).query({ week: injected(INJECTED_SCHEDULE.week, '2026-11-28') }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          week: regex(DATE, '2026-11-28'),
          today: regex(DATE, '2026-11-24'),
          sessions: eachLike(scheduleSession, 7),
        }),
      )
      .executeTest(async (mockServer) => {
        const week = await getScheduleWeek(signedInClient(mockServer), '2026-11-28');
        expect(week.sessions).toHaveLength(7);
      });
  });
});

describe('Schedule contract: POST /schedule/changes/', () => {
  it('cancels a session still to come and says how many trainees were told', async () => {
    await interaction(extensions, SCHEDULE_STATES.trainerWeek, 'a cancellation of a session still to come', {
      ...bearerHeader(),
      'Content-Type': 'application/json',
    })
      .sends('POST', apiPath('/schedule/changes/'), {
        course_id: injected(INJECTED_SCHEDULE.courseId, 31),
        session_date: injected(INJECTED_SCHEDULE.upcomingDate, '2026-11-30'),
        action: 'cancelled',
        reason: 'The hall is booked for an exam',
      })
      .answers(201, changed(SCHEDULE_MESSAGES.cancelled))
      .executeTest(async (mockServer) => {
        const answer = await changeSession(signedInClient(mockServer), {
          course_id: 31,
          session_date: '2026-11-30',
          action: 'cancelled',
          reason: 'The hall is booked for an exam',
        });
        expect(answer.message).toBe(SCHEDULE_MESSAGES.cancelled);
      });
  });

  it('refuses a move onto a date holding another session, naming the field', async () => {
    await interaction(
      extensions,
      SCHEDULE_STATES.trainerWeek,
      'a move of a session onto a date with another session of the course',
      { ...bearerHeader(), 'Content-Type': 'application/json' },
    )
      .sends('POST', apiPath('/schedule/changes/'), {
        course_id: injected(INJECTED_SCHEDULE.courseId, 31),
        session_date: injected(INJECTED_SCHEDULE.upcomingDate, '2026-11-30'),
        action: 'moved',
        reason: 'Guest lecture',
        new_date: injected(INJECTED_SCHEDULE.takenDate, '2026-12-01'),
        start_time: '13:00',
        end_time: '15:00',
      })
      .answers(400, {
        success: false,
        details: [{ field: 'new_date', message: SCHEDULE_MESSAGES.newDateTaken }],
      })
      .executeTest(async (mockServer) => {
        const error = await failureOf(
          changeSession(signedInClient(mockServer), {
            course_id: 31,
            session_date: '2026-11-30',
            action: 'moved',
            reason: 'Guest lecture',
            new_date: '2026-12-01',
            start_time: '13:00',
            end_time: '15:00',
          }),
        );
        expect(error.message).toBe(SCHEDULE_MESSAGES.newDateTaken);
      });
  });
});

describe('Schedule contract: DELETE /schedule/changes/{courseId}/{date}/', () => {
  it('puts a cancelled session back', async () => {
    await signedIn(extensions, SCHEDULE_STATES.trainerWeek, 'a restore of a cancelled session')
      .sends(
        'DELETE',
        fromProviderState(
          apiPath(
            `/schedule/changes/\${${INJECTED_SCHEDULE.courseId}}/\${${INJECTED_SCHEDULE.cancelledDate}}/`,
          ),
          apiPath('/schedule/changes/31/2026-11-29/'),
        ),
      )
      .answers(200, changed(SCHEDULE_MESSAGES.restored))
      .executeTest(async (mockServer) => {
        const answer = await restoreSession(signedInClient(mockServer), 31, '2026-11-29');
        expect(answer.message).toBe(SCHEDULE_MESSAGES.restored);
      });
  });

  it('says when the session was not changed', async () => {
    await signedIn(extensions, SCHEDULE_STATES.trainerWeek, 'a restore of a session that was not changed')
      .sends(
        'DELETE',
        fromProviderState(
          apiPath(
            `/schedule/changes/\${${INJECTED_SCHEDULE.courseId}}/\${${INJECTED_SCHEDULE.upcomingDate}}/`,
          ),
          apiPath('/schedule/changes/31/2026-11-30/'),
        ),
      )
      .refuses(404, SCHEDULE_MESSAGES.notChanged)
      .executeTest(async (mockServer) => {
        const error = await failureOf(restoreSession(signedInClient(mockServer), 31, '2026-11-30'));
        expect(error.message).toBe(SCHEDULE_MESSAGES.notChanged);
      });
  });
});

describe('Schedule contract: the calendar feed', () => {
  it("GET /schedule/calendar-feed/ answers the user's private feed address", async () => {
    await extensions
      .addInteraction()
      .given(SCHEDULE_STATES.traineeFeed)
      .uponReceiving("a request for the user's calendar feed address")
      .withRequest('GET', apiPath('/schedule/calendar-feed/'), (b) =>
        b.headers(bearerHeader()).query({ language: 'en' }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(feedBody))
      .executeTest(async (mockServer) => {
        const feed = await getCalendarFeed(signedInClient(mockServer), 'en');
        expect(calendarFeedAddress(feed, DEFAULT_API_BASE, 'https://training.kfu.edu.sa')).toBe(
          `https://training.kfu.edu.sa/api/v1${EXAMPLE_FEED}`,
        );
      });
  });

  it('POST /schedule/calendar-feed/ makes a new address in the language given', async () => {
    await interaction(extensions, SCHEDULE_STATES.traineeFeed, 'a request for a new calendar feed address', {
      ...bearerHeader(),
      'Content-Type': 'application/json',
    })
      .sends('POST', apiPath('/schedule/calendar-feed/'), { language: 'ar' })
      .answers(201, { ...feedBody, language: 'ar' })
      .executeTest(async (mockServer) => {
        const feed = await renewCalendarFeed(signedInClient(mockServer), 'ar');
        expect(feed.language).toBe('ar');
      });
  });

  // What calendar apps fetch, without signing in: iCalendar text. Pact matches no rules on text
  // bodies, so the contract pins the status and the type; the events are checked by the server's
  // tests and the browser tests, which parse the feed with ical.js.
  it('GET /calendar/{secret}.ics answers iCalendar text without signing in', async () => {
    await extensions
      .addInteraction()
      .given(SCHEDULE_STATES.traineeFeed)
      .uponReceiving("a calendar app's request for a feed")
      .withRequest(
        'GET',
        fromProviderState(apiPath(`\${${INJECTED_SCHEDULE.feedPath}}`), apiPath(EXAMPLE_FEED)),
      )
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': regex('^text/calendar; charset=utf-8$', 'text/calendar; charset=utf-8'),
        }),
      )
      .executeTest(async (mockServer) => {
        const answer = await fetch(
          calendarFeedAddress({ path: EXAMPLE_FEED }, DEFAULT_API_BASE, mockServer.url),
        );
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      });
  });

  it('GET /calendar/{secret}.ics of an address that was replaced is not found', async () => {
    await extensions
      .addInteraction()
      .given(SCHEDULE_STATES.traineeFeed)
      .uponReceiving('a request for a calendar feed whose address was replaced')
      .withRequest('GET', apiPath('/calendar/Zm9yZ290dGVuLWFkZHJlc3MtdGhhdC1uby1sb25nZXI.ics'))
      .willRespondWith(404)
      .executeTest(async (mockServer) => {
        const answer = await fetch(
          calendarFeedAddress(
            { path: '/calendar/Zm9yZ290dGVuLWFkZHJlc3MtdGhhdC1uby1sb25nZXI.ics' },
            DEFAULT_API_BASE,
            mockServer.url,
          ),
        );
        expect(answer.status).toBe(404);
      });
  });
});
