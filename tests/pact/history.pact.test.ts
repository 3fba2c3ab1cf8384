import { HISTORY_MESSAGES } from '@contract/messages/history';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  downloadCertificatePdf,
  downloadTranscriptPdf,
  getHistoryDetails,
  getTraineeHistory,
} from '../../src/api/history';
import { HISTORY_STATES, INJECTED_HISTORY } from './history-states';
import { expectRefusal, interaction, signedIn } from './interactions';
import { INJECTED_ACCESS_TOKEN } from './states';
import { apiPath, EXAMPLE_JWT, PROVIDERS, pactWith, pathWithId, signedInClient } from './support';

const { like, eachLike, integer, number, boolean, regex, arrayContaining, fromProviderState } = MatchersV3;

// The history's details, transcript and certificate are spec calls; the list is the product's own.
const spec = pactWith(PROVIDERS.api);
const extensions = pactWith(PROVIDERS.extensions);

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const CODE = '^KFU(-[0-9A-HJKMNP-TV-Z]{4}){4}$';
const COMPLETED_COURSE = 47;
const ONGOING_COURSE = 3;
const UNKNOWN_COURSE = 2_000_000_000;

const completedId = () => fromProviderState(`\${${INJECTED_HISTORY.completedCourseId}}`, COMPLETED_COURSE);
const ongoingId = () => fromProviderState(`\${${INJECTED_HISTORY.ongoingCourseId}}`, ONGOING_COURSE);

/** The headers of a signed-in call that answers a PDF. */
function pdfRequestHeaders() {
  return {
    Accept: 'application/pdf',
    'Content-Type': regex('^application/json', 'application/json'),
    Authorization: fromProviderState(`Bearer \${${INJECTED_ACCESS_TOKEN}}`, `Bearer ${EXAMPLE_JWT}`),
  };
}

const entry = (status: string, more: Record<string, unknown> = {}) => ({
  course_id: integer(COMPLETED_COURSE),
  title: like('Project Management Essentials'),
  title_ar: like('أساسيات إدارة المشاريع'),
  start_date: regex(DATE, '2026-09-15'),
  end_date: regex(DATE, '2026-11-10'),
  status,
  pending_reason: null,
  completed: null,
  ...more,
});

describe('History contract: GET /course/history/', () => {
  it('lists every course the trainee has had, each with its status', async () => {
    await signedIn(extensions, HISTORY_STATES.traineeHasHistory, 'a request for the trainee’s course history')
      .sends('GET', apiPath('/course/history/'))
      .answers(200, {
        results: arrayContaining(
          entry('Pending', { pending_reason: 'cash' }),
          entry('Approved'),
          entry('Completed', { completed: boolean(true) }),
          entry('Deleted'),
        ),
      })
      .executeTest(async (mockServer) => {
        const { results } = await getTraineeHistory(signedInClient(mockServer));
        expect(results.map((course) => course.status)).toEqual([
          'Pending',
          'Approved',
          'Completed',
          'Deleted',
        ]);
        expect(results[2]?.completed).toBe(true);
      });
  });
});

describe('History contract: GET /course/history/{id}/', () => {
  it('gives an ended course’s figures, the rule and the certificate’s state', async () => {
    await signedIn(spec, HISTORY_STATES.traineeHasHistory, 'a request for a course of the trainee’s history')
      .sends(
        'GET',
        pathWithId((id) => `/course/history/${id}/`, INJECTED_HISTORY.completedCourseId, COMPLETED_COURSE),
      )
      .answers(200, {
        course_id: completedId(),
        title: like('Project Management Essentials'),
        title_ar: like('أساسيات إدارة المشاريع'),
        start_date: regex(DATE, '2026-09-15'),
        end_date: regex(DATE, '2026-11-10'),
        trainer_name: like('Dr. Khalid Al-Mulhim'),
        status: 'Completed',
        pending_reason: null,
        ended: true,
        hours: number(34),
        sessions_held: integer(17),
        present: integer(17),
        attendance_rate: number(100),
        grades: eachLike({
          lecture_id: integer(301),
          title: like('Project charter'),
          title_ar: like('ميثاق المشروع'),
          kind: regex('^(assignment|quiz)$', 'assignment'),
          grade: number(9),
        }),
        average_grade: number(8.63),
        rule: { min_attendance: integer(75), min_grade: number(5) },
        attendance_met: true,
        grade_met: true,
        completed: true,
        // Issued on the first download, or still to be issued: either way one can be downloaded.
        certificate: like(null),
        certificate_block: null,
      })
      .executeTest(async (mockServer) => {
        const details = await getHistoryDetails(signedInClient(mockServer), COMPLETED_COURSE);
        expect(details.completed).toBe(true);
        expect(details.grades[0]?.kind).toBe('assignment');
      });
  });

  it('answers 404 for a course the trainee never had', async () => {
    await signedIn(spec, HISTORY_STATES.traineeHasHistory, 'a request for a course the trainee never had')
      .sends('GET', apiPath(`/course/history/${UNKNOWN_COURSE}/`))
      .refuses(404, HISTORY_MESSAGES.notYourCourse)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          getHistoryDetails(signedInClient(mockServer), UNKNOWN_COURSE),
          404,
          HISTORY_MESSAGES.notYourCourse,
        );
      });
  });
});

describe('History contract: POST /course/generate_transcript/', () => {
  it('answers the transcript as a PDF file', async () => {
    await spec
      .addInteraction()
      .given(HISTORY_STATES.traineeHasHistory)
      .uponReceiving('a request for the trainee’s transcript')
      .withRequest('POST', apiPath('/course/generate_transcript/'), (b) =>
        b.headers(pdfRequestHeaders()).jsonBody({}),
      )
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': 'application/pdf',
          'Content-Disposition': regex(
            '^attachment; filename="transcript-\\d{4}-\\d{2}-\\d{2}\\.pdf"$',
            'attachment; filename="transcript-2026-11-24.pdf"',
          ),
        }),
      )
      .executeTest(async (mockServer) => {
        const file = await downloadTranscriptPdf(signedInClient(mockServer));
        expect(file).toBeInstanceOf(Blob);
      });
  });

  it('refuses a trainee with no ended course, with a sentence', async () => {
    await interaction(
      spec,
      HISTORY_STATES.traineeWithoutEndedCourse,
      'a request for a transcript with no ended course',
      pdfRequestHeaders(),
    )
      .sends('POST', apiPath('/course/generate_transcript/'), {})
      .refuses(400, HISTORY_MESSAGES.noEndedCourse)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          downloadTranscriptPdf(signedInClient(mockServer)),
          400,
          HISTORY_MESSAGES.noEndedCourse,
        );
      });
  });
});

describe('History contract: POST /course/generate_certificate/', () => {
  it('answers the certificate of a completed course as a PDF file named by its code', async () => {
    await spec
      .addInteraction()
      .given(HISTORY_STATES.traineeHasHistory)
      .uponReceiving('a request for the certificate of a completed course')
      .withRequest('POST', apiPath('/course/generate_certificate/'), (b) =>
        b.headers(pdfRequestHeaders()).jsonBody({ course_id: completedId() }),
      )
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': 'application/pdf',
          'Content-Disposition': regex(
            `^attachment; filename="certificate-${CODE.slice(1, -1)}\\.pdf"$`,
            'attachment; filename="certificate-KFU-7K2M-9QXD-4T8B-PW3N.pdf"',
          ),
        }),
      )
      .executeTest(async (mockServer) => {
        const file = await downloadCertificatePdf(signedInClient(mockServer), COMPLETED_COURSE);
        expect(file).toBeInstanceOf(Blob);
      });
  });

  it('refuses a course that has not ended, with a sentence', async () => {
    await interaction(
      spec,
      HISTORY_STATES.traineeHasHistory,
      'a request for the certificate of a course under way',
      pdfRequestHeaders(),
    )
      .sends('POST', apiPath('/course/generate_certificate/'), { course_id: ongoingId() })
      .refuses(400, HISTORY_MESSAGES.notEnded)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          downloadCertificatePdf(signedInClient(mockServer), ONGOING_COURSE),
          400,
          HISTORY_MESSAGES.notEnded,
        );
      });
  });
});
