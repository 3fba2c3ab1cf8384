import { startSession } from '../../server/auth/sessions';
import { NOTIFICATIONS } from '../../server/notifications/notifier';
import { seed } from '../../server/seed';
import type { TestServer } from '../../server/testing';
import { ensureUser, type UserRow } from '../../server/users';
import {
  INJECTED_ACCESS_TOKEN,
  INJECTED_CATEGORY_IDS,
  INJECTED_COURSE_ID,
  INJECTED_EVENT_ID,
  INJECTED_ISSUE_ID,
  INJECTED_NOTIFICATION_ID,
  ISSUE_REPLY,
  PROVIDER_STATES,
} from '../pact/states';
import type { StateHandlers } from './pact-files';

/** Someone else who reports issues, for the ownership contract. */
const OTHER_TRAINEE = {
  full_name: 'Huda Al-Anazi',
  email: 'huda.alanazi@example.com',
  password: 'Huda#Pass2026',
  role: 'TRAINEE',
  phone_number: '0557778899',
  govt_id_or_iqama_no: '1055566677',
} as const;

/** The provider states of the public site's contracts: catalogue, events, issue reports and notifications. */
export function publicStateHandlers(server: TestServer, trainee: () => Promise<UserRow>): StateHandlers {
  const { db, tokens, notifier } = server;

  async function signedIn() {
    const user = await trainee();
    const session = await startSession(db, tokens, user);
    return { user, accessToken: session.access_token };
  }

  async function idOf(sql: string, params: unknown[] = []): Promise<number> {
    const { rows } = await db.query<{ id: number }>(sql, params);
    const id = rows[0]?.id;
    if (!id) throw new Error(`No row for: ${sql}`);
    return id;
  }

  /** An event in the future (moved there if the seed's dates have passed). */
  async function upcomingEvent(): Promise<number> {
    await seed(db);
    return idOf(
      `UPDATE events SET starts_at = now() + interval '14 days', ends_at = now() + interval '14 days 6 hours'
       WHERE slug = 'innovation-forum' RETURNING id`,
    );
  }

  async function reportIssue(user: UserRow): Promise<number> {
    return idOf(
      `INSERT INTO issue_reports (user_id, name, subject, description) VALUES ($1, $2, $3, $4) RETURNING id`,
      [
        user.id,
        user.full_name,
        'Video does not play',
        'The second lecture video of week 2 stops after a few seconds.',
      ],
    );
  }

  /** A notification that leads to an event, as event registration creates it; its id. */
  async function eventNotification(user: UserRow): Promise<number> {
    await seed(db);
    const { rows } = await db.query<{ id: number; title: string; title_ar: string }>(
      `SELECT id, title, title_ar FROM events WHERE slug = 'innovation-forum'`,
    );
    const event = rows[0];
    if (!event) throw new Error('The seed did not create the innovation forum');
    return (await notifier.notify(user.id, NOTIFICATIONS.eventRegistered(event))).id;
  }

  return {
    [PROVIDER_STATES.contentPublished]: async () => {
      await seed(db);
      return undefined;
    },
    [PROVIDER_STATES.coursesPublished]: async () => {
      await seed(db);
      // The contracts' course: approved, starting in ten days, with surveys, facilitators and a routine.
      const courseId = await idOf(
        `UPDATE courses SET status = 'Approved', start_date = current_date + 10, end_date = current_date + 37,
           surveys = '[{"stage":"pre","title":"Pre-course evaluation","title_ar":"تقييم ما قبل الدورة"}]',
           facilitators = '[{"full_name":"Nouf Al-Mutairi","image":"/media/avatars/person.svg"}]',
           routine = '[{"day":"Sunday","start_time":"17:00","end_time":"19:00"}]'
         WHERE slug = 'information-technology-1' RETURNING id`,
      );
      const { rows } = await db.query<{ id: number }>(
        `SELECT k.id FROM course_categories k ORDER BY (k.id = (SELECT category_id FROM courses WHERE id = $1)) DESC,
           k.position LIMIT 2`,
        [courseId],
      );
      const [own, other] = INJECTED_CATEGORY_IDS;
      return { [INJECTED_COURSE_ID]: courseId, [own]: rows[0]?.id ?? 0, [other]: rows[1]?.id ?? 0 };
    },
    [PROVIDER_STATES.courseAwaitingApproval]: async () => {
      await seed(db);
      const courseId = await idOf(
        `UPDATE courses SET status = 'Pending' WHERE slug = 'information-technology-pending' RETURNING id`,
      );
      return { [INJECTED_COURSE_ID]: courseId };
    },
    [PROVIDER_STATES.eventsPublished]: async () => ({ [INJECTED_EVENT_ID]: await upcomingEvent() }),
    [PROVIDER_STATES.traineeSignedIn]: async () => {
      await seed(db);
      return { [INJECTED_ACCESS_TOKEN]: (await signedIn()).accessToken };
    },
    [PROVIDER_STATES.traineeGetsEveryNoticeByMail]: async () => {
      const { user, accessToken } = await signedIn();
      await db.query('DELETE FROM notice_mail_opt_outs WHERE user_id = $1', [user.id]);
      return { [INJECTED_ACCESS_TOKEN]: accessToken };
    },
    [PROVIDER_STATES.upcomingEventOpen]: async () => {
      const eventId = await upcomingEvent();
      const { user, accessToken } = await signedIn();
      await db.query('DELETE FROM event_registrations WHERE user_id = $1 AND event_id = $2', [
        user.id,
        eventId,
      ]);
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_EVENT_ID]: eventId };
    },
    [PROVIDER_STATES.traineeRegisteredForEvent]: async () => {
      const eventId = await upcomingEvent();
      const { user, accessToken } = await signedIn();
      await db.query(
        'INSERT INTO event_registrations (event_id, user_id) VALUES ($1, $2) ON CONFLICT (user_id, event_id) DO NOTHING',
        [eventId, user.id],
      );
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_EVENT_ID]: eventId };
    },
    [PROVIDER_STATES.eventEnded]: async () => {
      await seed(db);
      const eventId = await idOf(
        `UPDATE events SET starts_at = now() - interval '20 days', ends_at = now() - interval '20 days' + interval '5 hours'
         WHERE slug = 'date-palm-day' RETURNING id`,
      );
      const { user, accessToken } = await signedIn();
      await db.query('DELETE FROM event_registrations WHERE user_id = $1 AND event_id = $2', [
        user.id,
        eventId,
      ]);
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_EVENT_ID]: eventId };
    },
    [PROVIDER_STATES.traineeReportedIssue]: async () => {
      await seed(db);
      const { user, accessToken } = await signedIn();
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_ISSUE_ID]: await reportIssue(user) };
    },
    [PROVIDER_STATES.traineeIssueResolved]: async () => {
      await seed(db);
      const { user, accessToken } = await signedIn();
      const issueId = await reportIssue(user);
      await db.query(
        `UPDATE issue_reports SET status = 'Resolved', reply = $2, resolved_at = now() WHERE id = $1`,
        [issueId, ISSUE_REPLY],
      );
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_ISSUE_ID]: issueId };
    },
    [PROVIDER_STATES.otherUserReportedIssue]: async () => {
      await seed(db);
      const other = await ensureUser(db, OTHER_TRAINEE);
      const issueId = await reportIssue(other);
      return { [INJECTED_ACCESS_TOKEN]: (await signedIn()).accessToken, [INJECTED_ISSUE_ID]: issueId };
    },
    [PROVIDER_STATES.traineeHasNotifications]: async () => {
      const { user, accessToken } = await signedIn();
      // Only these two, each with a link as in the contract's example: a seen one and an unseen one.
      await db.query('DELETE FROM notifications WHERE user_id = $1', [user.id]);
      const seenId = await eventNotification(user);
      await notifier.markSeen(user.id, seenId);
      const notificationId = await eventNotification(user);
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_NOTIFICATION_ID]: notificationId };
    },
    [PROVIDER_STATES.otherUserHasNotification]: async () => {
      const other = await ensureUser(db, OTHER_TRAINEE);
      const notificationId = await eventNotification(other);
      return {
        [INJECTED_ACCESS_TOKEN]: (await signedIn()).accessToken,
        [INJECTED_NOTIFICATION_ID]: notificationId,
      };
    },
  };
}
