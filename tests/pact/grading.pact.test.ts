import { GRADING_VALIDATION } from '@contract/forms/grading';
import { GRADING_MESSAGES } from '@contract/messages/grading';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { getGradingCourse, getGradingItem, gradeSubmission, returnSubmission } from '../../src/api/grading';
import { GRADING_STATES, INJECTED_GRADING } from './grading-states';
import { expectRefusal, signedIn } from './interactions';
import { PROVIDERS, pactWith, pathWithId, signedInClient } from './support';

const { like, eachLike, integer, regex } = MatchersV3;

// Grading is not in the specification's calls: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

const ISO_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$';
const SIGNED_FILE =
  '^/api/v1/files/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$';
const EXAMPLE_SIGNED =
  '/api/v1/files/5e2b7c1a-9d4f-4e8b-a6c3-1f0d2e3b4a5c?expires=1795000000&signature=q2Vb7r9XgN0aLpK3sT5uW8yZ1cE4fH6jM0nP2rS4tU8';

const EXAMPLE_COURSE = 31;
const EXAMPLE_ASSIGNMENT = 140;
const EXAMPLE_QUIZ = 141;
const EXAMPLE_SUBMISSION = 77;

/** An id the provider state makes: any integer in an answer. */
const injected = (_key: string, example: number) => integer(example);

const emptyStatistics = {
  count: 0,
  mean: null,
  median: null,
  lowest: null,
  highest: null,
  bands: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
};

const fileLink = (name: string) => ({
  url: regex(SIGNED_FILE, EXAMPLE_SIGNED),
  name: like(name),
  extension: like('pdf'),
  size: integer(2048),
});

/** The waiting submission as the item lists it, and as a decision answers it. */
function submission(status: 'Submitted' | 'Reviewed' | 'Returned', more: Record<string, unknown> = {}) {
  return {
    id: injected(INJECTED_GRADING.submissionId, EXAMPLE_SUBMISSION),
    attempt: 1,
    status,
    grade: null,
    feedback: null,
    file: fileLink('comparison.pdf'),
    feedback_file: null,
    submitted_at: regex(ISO_TIME, '2026-11-20T09:30:00Z'),
    reviewed_at: status === 'Submitted' ? null : regex(ISO_TIME, '2026-11-21T10:00:00Z'),
    ...more,
  };
}

/** The decision on the waiting submission: a grade or a return. */
const submissionPath = (decision: 'grade' | 'return') =>
  pathWithId(
    (id) => `/grading/submissions/${id}/${decision}/`,
    INJECTED_GRADING.submissionId,
    EXAMPLE_SUBMISSION,
  );

describe('grading (extensions pact)', () => {
  it("reads a course's assignments and quizzes with counts, statistics and the waiting work", async () => {
    await signedIn(extensions, GRADING_STATES.trainerHasWorkToGrade, "a request for a course's grading")
      .sends(
        'GET',
        pathWithId((id) => `/grading/courses/${id}/`, INJECTED_GRADING.courseId, EXAMPLE_COURSE),
      )
      .answers(200, {
        course: {
          id: injected(INJECTED_GRADING.courseId, EXAMPLE_COURSE),
          title: like('Cloud Computing Fundamentals'),
          title_ar: like('أساسيات الحوسبة السحابية'),
        },
        trainees: 1,
        items: [
          {
            lecture_id: injected(INJECTED_GRADING.assignmentId, EXAMPLE_ASSIGNMENT),
            title: 'Compare IaaS, PaaS and SaaS',
            title_ar: like(''),
            kind: 'assignment',
            week: 1,
            counts: { not_submitted: 0, submitted: 1, reviewed: 0, returned: 0 },
            statistics: emptyStatistics,
          },
          {
            lecture_id: injected(INJECTED_GRADING.quizId, EXAMPLE_QUIZ),
            title: 'Service models quiz',
            title_ar: like(''),
            kind: 'quiz',
            week: 1,
            counts: { not_submitted: 1, submitted: 0, reviewed: 0, returned: 0 },
            statistics: emptyStatistics,
          },
        ],
        waiting: [
          {
            submission_id: injected(INJECTED_GRADING.submissionId, EXAMPLE_SUBMISSION),
            lecture_id: injected(INJECTED_GRADING.assignmentId, EXAMPLE_ASSIGNMENT),
          },
        ],
      })
      .executeTest(async (mockServer) => {
        const course = await getGradingCourse(signedInClient(mockServer), EXAMPLE_COURSE);
        expect(course.items).toHaveLength(2);
        expect(course.waiting[0]?.submission_id).toBe(EXAMPLE_SUBMISSION);
      });
  });

  it("reads one assignment with every trainee's work", async () => {
    await signedIn(
      extensions,
      GRADING_STATES.trainerHasWorkToGrade,
      "a request for an assignment's submissions",
    )
      .sends(
        'GET',
        pathWithId((id) => `/grading/items/${id}/`, INJECTED_GRADING.assignmentId, EXAMPLE_ASSIGNMENT),
      )
      .answers(200, {
        lecture_id: injected(INJECTED_GRADING.assignmentId, EXAMPLE_ASSIGNMENT),
        course_id: injected(INJECTED_GRADING.courseId, EXAMPLE_COURSE),
        title: 'Compare IaaS, PaaS and SaaS',
        title_ar: like(''),
        kind: 'assignment',
        description: like('One page.'),
        description_ar: like(''),
        statistics: emptyStatistics,
        trainees: eachLike({
          user_id: integer(12),
          name: like('Graded 1'),
          email: like('graded.1@example.com'),
          status: 'Submitted',
          grade: null,
          submissions: [submission('Submitted')],
          attempts: [],
        }),
      })
      .executeTest(async (mockServer) => {
        const item = await getGradingItem(signedInClient(mockServer), EXAMPLE_ASSIGNMENT);
        expect(item.trainees[0]?.submissions[0]?.status).toBe('Submitted');
      });
  });

  it('grades a submission out of 10 with feedback', async () => {
    const body = { grade: '8.5', feedback: 'A clear comparison.', feedback_file: null };
    await signedIn(extensions, GRADING_STATES.trainerHasWorkToGrade, 'a grade for a submission')
      .sends('POST', submissionPath('grade'), body)
      .answers(200, {
        message: GRADING_MESSAGES.graded,
        submission: submission('Reviewed', { grade: 8.5, feedback: 'A clear comparison.' }),
      })
      .executeTest(async (mockServer) => {
        const decision = await gradeSubmission(signedInClient(mockServer), EXAMPLE_SUBMISSION, body);
        expect(decision.submission.grade).toBe(8.5);
      });
  });

  it('refuses a grade above 10 at the field (400)', async () => {
    const body = { grade: '11', feedback: '', feedback_file: null };
    await signedIn(extensions, GRADING_STATES.trainerHasWorkToGrade, 'a grade above 10')
      .sends('POST', submissionPath('grade'), body)
      .refusesField(400, 'grade', GRADING_VALIDATION.gradeOutOfRange)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          gradeSubmission(signedInClient(mockServer), EXAMPLE_SUBMISSION, body),
          400,
          GRADING_VALIDATION.gradeOutOfRange,
        );
      });
  });

  it('returns a submission for resubmission with feedback', async () => {
    const body = { feedback: 'Add a diagram, then send it again.', feedback_file: null };
    await signedIn(extensions, GRADING_STATES.trainerHasWorkToGrade, 'a submission returned for resubmission')
      .sends('POST', submissionPath('return'), body)
      .answers(200, {
        message: GRADING_MESSAGES.returned,
        submission: submission('Returned', { feedback: 'Add a diagram, then send it again.' }),
      })
      .executeTest(async (mockServer) => {
        const decision = await returnSubmission(signedInClient(mockServer), EXAMPLE_SUBMISSION, body);
        expect(decision.submission.status).toBe('Returned');
      });
  });
});
