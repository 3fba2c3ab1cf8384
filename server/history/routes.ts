import { HISTORY_MESSAGES } from '@contract/messages/history';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  certificateFileName,
  certificateRequestSchema,
  type HistoryDetails,
  type TraineeHistory,
  transcriptFileName,
  transcriptRequestSchema,
} from '@contract/wire/history';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AttendanceClock } from '../attendance/clock';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { mailNotice } from '../notifications/notice-mail';
import { type Printer, PrintUnavailable } from '../print/printer';
import { issueCertificate } from '../records/certificates';
import { jsonBody, validId } from '../validation';
import { certificateDocument } from './certificate-document';
import { everEnrolled, historyDetails, traineeHistory, transcriptRows } from './queries';
import { centreDay, transcriptDocument } from './transcript-document';

export interface HistoryOptions {
  printer: Printer;
  /** The centre's name on the documents. */
  centre: { en: string; ar: string };
  /** The public address of the web app (PUBLIC_ORIGIN): certificates link there. */
  publicOrigin: () => string;
  /** The clock attendance runs on: the record counts the sessions held as attendance does. */
  clock: AttendanceClock;
}

async function print(printer: Printer, document: string): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return (await printer.pdf(document)) as Uint8Array<ArrayBuffer>;
  } catch (error) {
    if (error instanceof PrintUnavailable) {
      console.error(error.message);
      throw new HttpProblem(503, HISTORY_MESSAGES.cannotPrint);
    }
    throw error;
  }
}

function pdfAnswer(c: Context, pdf: Uint8Array<ArrayBuffer>, fileName: string): Response {
  return c.body(pdf, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'private, no-store',
  });
}

/**
 * The trainee's course history (spec section 7): the list, one course's record, the transcript and
 * the certificates (issued on the first download). Trainees only; a course the trainee never had is
 * 404, so nobody learns which courses exist.
 */
export function historyRoutes(deps: Deps, options: HistoryOptions): Mounts {
  const { db, tokens, limiter } = deps;
  const trainee = [requireAuth(db, tokens), requireRole('TRAINEE')] as const;

  const history = new Hono<AppEnv>();
  history.get('/', ...trainee, async (c) => {
    const answer: TraineeHistory = {
      results: await traineeHistory(db, c.get('user').id, options.clock.now()),
    };
    return c.json(answer);
  });

  history.get('/:id/', ...trainee, validId(), async (c) => {
    const details: HistoryDetails | undefined = await historyDetails(
      db,
      c.get('user').id,
      c.req.valid('param').id,
      options.clock.now(),
    );
    if (!details) throw new HttpProblem(404, HISTORY_MESSAGES.notYourCourse);
    return c.json(details);
  });

  const transcripts = new Hono<AppEnv>();
  transcripts.post(
    '/',
    ...trainee,
    jsonBody(transcriptRequestSchema, SERVER_MESSAGES.malformedBody),
    async (c) => {
      const user = c.get('user');
      const now = new Date();
      const rows = await transcriptRows(db, user.id, now);
      if (rows.length === 0) throw new HttpProblem(400, HISTORY_MESSAGES.noEndedCourse);
      await limiter.assertOpen('transcriptPdfAccount', String(user.id));
      await limiter.count('transcriptPdfAccount', String(user.id));
      const pdf = await print(
        options.printer,
        transcriptDocument({
          centre: options.centre,
          holder: { name: user.full_name, email: user.email },
          generated_at: now,
          rows,
        }),
      );
      return pdfAnswer(c, pdf, transcriptFileName(centreDay(now)));
    },
  );

  const certificates = new Hono<AppEnv>();
  certificates.post(
    '/',
    ...trainee,
    jsonBody(certificateRequestSchema, HISTORY_MESSAGES.giveCourse),
    async (c) => {
      const user = c.get('user');
      const courseId = c.req.valid('json').course_id;
      if (!(await everEnrolled(db, user.id, courseId)))
        throw new HttpProblem(404, HISTORY_MESSAGES.notYourCourse);
      await limiter.assertOpen('certificatePdfAccount', String(user.id));
      const outcome = await db.transaction(async (tx) => {
        const issued = await issueCertificate(tx, user.id, courseId);
        if ('issuedNow' in issued) {
          const { certificate } = issued;
          await mailNotice(tx, deps.publicOrigin(), user.id, {
            kind: 'certificate_issued',
            course: { id: courseId, title: certificate.course_title, title_ar: certificate.course_title_ar },
            link: `/verify/${encodeURIComponent(certificate.code)}`,
          });
        }
        return issued;
      });
      if ('refused' in outcome) {
        switch (outcome.refused) {
          case 'not_enrolled':
            throw new HttpProblem(403, HISTORY_MESSAGES.leftCourse);
          case 'not_ended':
            throw new HttpProblem(400, HISTORY_MESSAGES.notEnded);
          case 'not_completed':
            throw new HttpProblem(400, HISTORY_MESSAGES.notCompleted);
        }
      }
      const { certificate } = outcome;
      if (certificate.revoked_at) throw new HttpProblem(410, HISTORY_MESSAGES.revoked);
      await limiter.count('certificatePdfAccount', String(user.id));
      const origin = options.publicOrigin();
      const pdf = await print(
        options.printer,
        certificateDocument({
          certificate,
          centre: options.centre,
          verifyUrl: `${origin}/verify/${certificate.code}`,
        }),
      );
      return pdfAnswer(c, pdf, certificateFileName(certificate.code));
    },
  );

  return [
    ['/course/history/', history],
    ['/course/generate_transcript/', transcripts],
    ['/course/generate_certificate/', certificates],
  ];
}
