import { RECORDS_VALIDATION } from '@contract/forms/records';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { RECORDS_MESSAGES } from '@contract/messages/records';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  closeCourse,
  getCompletedCourse,
  getCompletionSettings,
  getCourseHistory,
  saveCompletionRule,
} from '../../src/api/records';
import { expectRefusal, signedIn } from './interactions';
import { INJECTED_RECORDS, RECORDS_STATES } from './records-states';
import { apiPath, failureOf, PROVIDERS, pactWith, pathWithId, signedInClient } from './support';

const { like, eachLike, integer, number, boolean, regex, arrayContaining, fromProviderState } = MatchersV3;

// The trainer's records are the product's own calls: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';
const EXAMPLE_COURSE = 57;
const UNKNOWN_COURSE = 2_000_000_000;

const courseIdOfState = () => fromProviderState(`\${${INJECTED_RECORDS.courseId}}`, EXAMPLE_COURSE);
const coursePath = (template: (id: string) => string) =>
  pathWithId(template, INJECTED_RECORDS.courseId, EXAMPLE_COURSE);

const rule = (attendance = 75, grade = 5) => ({
  min_attendance: integer(attendance),
  min_grade: number(grade),
});

/** A past course as the history lists it; `figures`: a completed course's attendance and grades. */
const historyCourse = (status: 'Completed' | 'Rejected', figures: boolean) => ({
  id: integer(EXAMPLE_COURSE),
  title: like('Project Management Essentials'),
  title_ar: like('أساسيات إدارة المشاريع'),
  cover_image: like('/media/covers/business.svg'),
  status,
  role: regex('^(trainer|facilitator)$', 'trainer'),
  start_date: regex(DATE, '2026-09-15'),
  end_date: regex(DATE, '2026-11-10'),
  since: regex(DATE, '2026-11-10'),
  closed: boolean(false),
  enrolled_count: integer(6),
  attendance_rate: figures ? number(82.4) : null,
  average_grade: figures ? number(6.4) : null,
  completed_count: figures ? integer(4) : null,
});

const settings = (
  stage: 'ongoing' | 'ended',
  more: { min_attendance?: number; min_grade?: number } = {},
) => ({
  course_id: courseIdOfState(),
  role: 'trainer',
  stage,
  rule: rule(more.min_attendance, more.min_grade),
  closed_at: stage === 'ended' ? regex(INSTANT, '2026-11-24T09:12:30.000Z') : null,
  ended_on: stage === 'ended' ? regex(DATE, '2026-11-24') : null,
  can_close: stage === 'ongoing',
  can_edit_rule: stage === 'ongoing',
});

describe('Records contract: GET /trainer/course-history/', () => {
  it('lists the trainer’s past courses, completed ones with their figures', async () => {
    await signedIn(extensions, RECORDS_STATES.trainerHasHistory, 'a request for the trainer’s course history')
      .sends('GET', apiPath('/trainer/course-history/'))
      .answers(200, {
        // Among them (in the order of the day each entered the history) a completed and a rejected one.
        results: arrayContaining(historyCourse('Completed', true), historyCourse('Rejected', false)),
      })
      .executeTest(async (mockServer) => {
        const { results } = await getCourseHistory(signedInClient(mockServer));
        expect(results.map((course) => course.status)).toEqual(['Completed', 'Rejected']);
        expect(results[1]?.attendance_rate).toBeNull();
      });
  });
});

describe('Records contract: GET /trainer/course-history/{id}/', () => {
  it('gives a completed course’s statistics, outcomes and reviews', async () => {
    await signedIn(extensions, RECORDS_STATES.trainerHasHistory, 'a request for a completed course’s record')
      .sends(
        'GET',
        coursePath((id) => `/trainer/course-history/${id}/`),
      )
      .answers(200, {
        course: { ...historyCourse('Completed', true), id: courseIdOfState() },
        rule: rule(),
        sessions_held: integer(16),
        items: eachLike({
          lecture_id: integer(301),
          title: like('Project charter'),
          title_ar: like('ميثاق المشروع'),
          kind: regex('^(assignment|quiz)$', 'assignment'),
          graded: integer(6),
          mean: number(6.5),
        }),
        trainees: eachLike({
          user_id: integer(12),
          name: like('Noura Al-Harbi'),
          present: integer(14),
          attendance_rate: number(87.5),
          average_grade: number(7.63),
          completed: boolean(true),
        }),
        rating: { average: number(4), count: integer(4) },
        reviews: eachLike({
          id: integer(3),
          name: like('Noura Al-Harbi'),
          rating: integer(4),
          review: like('Clear lessons and useful templates.'),
          created_at: regex(INSTANT, '2026-11-14T10:00:00.000Z'),
        }),
      })
      .executeTest(async (mockServer) => {
        const record = await getCompletedCourse(signedInClient(mockServer), EXAMPLE_COURSE);
        expect(record.trainees[0]?.completed).toBe(true);
        expect(record.reviews[0]?.rating).toBe(4);
      });
  });

  it('finds no course the trainer has not completed (404)', async () => {
    await signedIn(
      extensions,
      RECORDS_STATES.trainerHasHistory,
      'a request for the record of a course that is not a completed course of the trainer',
    )
      .sends('GET', apiPath(`/trainer/course-history/${UNKNOWN_COURSE}/`))
      .refuses(404, SERVER_MESSAGES.notFound)
      .executeTest(async (mockServer) => {
        await expectRefusal(getCompletedCourse(signedInClient(mockServer), UNKNOWN_COURSE), 404);
      });
  });
});

describe('Records contract: the completion setting of a course', () => {
  it('gives the rule and whether the course can be closed', async () => {
    await signedIn(
      extensions,
      RECORDS_STATES.trainerCourseUnderWay,
      'a request for a course’s completion setting',
    )
      .sends(
        'GET',
        coursePath((id) => `/trainer/courses/${id}/completion/`),
      )
      .answers(200, settings('ongoing'))
      .executeTest(async (mockServer) => {
        const answer = await getCompletionSettings(signedInClient(mockServer), EXAMPLE_COURSE);
        expect(answer).toMatchObject({ can_close: true, rule: { min_attendance: 75, min_grade: 5 } });
      });
  });

  it('saves a rule typed in Arabic-Indic digits', async () => {
    const body = { min_attendance: '٨٠', min_grade: '٦٫٥' };
    await signedIn(
      extensions,
      RECORDS_STATES.trainerCourseUnderWay,
      'a completion rule typed in Arabic-Indic digits',
    )
      .sends(
        'PUT',
        coursePath((id) => `/trainer/courses/${id}/completion-rule/`),
        body,
      )
      .answers(200, {
        success: true,
        message: RECORDS_MESSAGES.ruleSaved,
        data: settings('ongoing', { min_attendance: 80, min_grade: 6.5 }),
      })
      .executeTest(async (mockServer) => {
        const saved = await saveCompletionRule(signedInClient(mockServer), EXAMPLE_COURSE, body);
        expect(saved.data.rule).toEqual({ min_attendance: 80, min_grade: 6.5 });
      });
  });

  it('refuses a rule out of range (400, each at its field)', async () => {
    const body = { min_attendance: '120', min_grade: '11' };
    await signedIn(extensions, RECORDS_STATES.trainerCourseUnderWay, 'a completion rule out of range')
      .sends(
        'PUT',
        coursePath((id) => `/trainer/courses/${id}/completion-rule/`),
        body,
      )
      .answers(400, {
        success: false,
        details: [
          { field: 'min_attendance', message: RECORDS_VALIDATION.attendanceInvalid },
          { field: 'min_grade', message: RECORDS_VALIDATION.gradeInvalid },
        ],
      })
      .executeTest(async (mockServer) => {
        await expectRefusal(
          saveCompletionRule(signedInClient(mockServer), EXAMPLE_COURSE, body),
          400,
          RECORDS_VALIDATION.attendanceInvalid,
        );
      });
  });

  it('closes a course under way: it has ended', async () => {
    await signedIn(extensions, RECORDS_STATES.trainerCourseUnderWay, 'the trainer closing a course under way')
      .sends(
        'POST',
        coursePath((id) => `/trainer/courses/${id}/close/`),
      )
      .answers(200, {
        success: true,
        message: RECORDS_MESSAGES.closed,
        data: { ...settings('ended'), can_close: false, can_edit_rule: false },
      })
      .executeTest(async (mockServer) => {
        const closed = await closeCourse(signedInClient(mockServer), EXAMPLE_COURSE);
        expect(closed.data.stage).toBe('ended');
      });
  });

  it('refuses to close a course that has not started (409)', async () => {
    await signedIn(
      extensions,
      RECORDS_STATES.trainerCourseNotStarted,
      'the trainer closing a course not started yet',
    )
      .sends(
        'POST',
        coursePath((id) => `/trainer/courses/${id}/close/`),
      )
      .refuses(409, RECORDS_MESSAGES.notStarted)
      .executeTest(async (mockServer) => {
        const error = await failureOf(closeCourse(signedInClient(mockServer), EXAMPLE_COURSE));
        expect(error.status).toBe(409);
        expect(error.message).toBe(RECORDS_MESSAGES.notStarted);
        expect(error.message).not.toBe(AUTHORING_MESSAGES.notYourCourse);
      });
  });
});
