import { staffInviteFormSchema } from '@contract/forms/staff';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import {
  type AuditFilters,
  auditActionSchema,
  auditResponseSchema,
  decisionResponseSchema,
  type QueueKind,
  queueCountsResponseSchema,
  queueKindSchema,
  queueResponseSchema,
  rejectionRequestSchema,
  staffAccountResponseSchema,
  staffCashPaymentResponseSchema,
  staffCourseResponseSchema,
  staffRevisionResponseSchema,
  staffWithdrawalResponseSchema,
  trainerApplicationResponseSchema,
} from '@contract/wire/staff';
import { type Context, Hono } from 'hono';
import { validator } from 'hono/validator';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Deps } from '../deps';
import { storedFileResponse } from '../file-response';
import { type AppEnv, describeError, HttpProblem } from '../http';
import { signatureHolds, signedQuery } from '../learning/files';
import type { Mounts } from '../mounts';
import { pageRequest } from '../paging';
import { isUuid, refundPayment } from '../payments/queries';
import { defaultPrinter } from '../payments/receipt-routes';
import type { PaymentsDeps } from '../payments/routes';
import type { Printer } from '../print/printer';
import { jsonBody, jsonForm, validId, validQuery } from '../validation';
import { createStaffAccount } from './accounts';
import { AUDIT_EXPORT_MAX, auditEntries, auditPage, webActorOf } from './audit';
import { categoryRoutes } from './categories';
import { staffCertificateRoutes } from './certificates';
import { cliTokenRoutes } from './cli-tokens';
import {
  confirmCash,
  type Decided,
  type DecisionContext,
  decideApplication,
  decideNewCourse,
  decideRevision,
  decideWithdrawalRequest,
  recordRefund,
  type Verdict,
} from './decisions';
import { issueRoutes } from './issues';
import { staffPaymentRoutes } from './payments';
import { peopleRoutes } from './people';
import {
  cvType,
  findApplicant,
  findStaffCashPayment,
  findStaffCourse,
  findStaffWithdrawal,
  queueCounts,
  queuePage,
  toApplication,
} from './queue';
import { findStaffRevision } from './revisions';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CV_CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
} as const;

/** The address of an applicant's CV, signed for 3 to 6 hours so that a page can frame it. */
export function cvAddress(secret: Uint8Array, id: number): string {
  return `/api/v1/staff/trainer-applications/${id}/cv/?${signedQuery(secret, `cv:${id}`)}`;
}

function auditFilters(query: (name: string) => string | undefined): AuditFilters {
  const action = query('action') || undefined;
  const from = query('from') || undefined;
  const to = query('to') || undefined;
  const actor = query('actor')?.slice(0, 200) || undefined;
  if (
    (action && !auditActionSchema.safeParse(action).success) ||
    (from && !(DAY.test(from) && Date.parse(from))) ||
    (to && !(DAY.test(to) && Date.parse(to)))
  ) {
    throw new HttpProblem(400, STAFF_MESSAGES.auditFilterInvalid);
  }
  return { action: action as AuditFilters['action'], actor, from, to };
}

/**
 * /staff/…: the back office's calls, for signed-in staff (role ADMIN) only. Every decision is made
 * with its audit record in one transaction (server/staff/decisions.ts).
 */
export function staffRoutes(deps: Deps, payments: PaymentsDeps, printer: Printer = defaultPrinter()): Mounts {
  const { db, tokens, notifier, publicOrigin, uploads, secret } = deps;
  const staff = [requireAuth(db, tokens), requireRole('ADMIN')] as const;
  const actorOf = webActorOf;
  const decisionContext = (c: Context<AppEnv>): DecisionContext => ({
    db,
    actor: actorOf(c),
    notifier,
    origin: publicOrigin(),
  });
  const answer = (c: Context<AppEnv>, kind: QueueKind, id: number | string, decided: Decided) =>
    c.json(
      decisionResponseSchema.parse({
        success: true,
        message: decided.message,
        data: { kind, id: String(id), outcome: decided.outcome },
      }),
    );
  const reasonBody = jsonBody(rejectionRequestSchema, STAFF_MESSAGES.reasonInvalid);
  const rejection = (reason: string): Verdict => ({ approve: false, reason });

  const queue = new Hono<AppEnv>();
  queue.get(
    '/',
    ...staff,
    validQuery((query) => {
      const kind = query('kind') || undefined;
      if (kind && !queueKindSchema.safeParse(kind).success) {
        throw new HttpProblem(400, { field: 'kind', message: STAFF_MESSAGES.kindInvalid });
      }
      return { kind: kind as QueueKind | undefined, page: pageRequest(query) };
    }),
    async (c) => {
      const { kind, page } = c.req.valid('query');
      const [counts, items] = [await queueCounts(db), await queuePage(db, kind, page)];
      return c.json(queueResponseSchema.parse({ success: true, data: { counts, items } }));
    },
  );
  queue.get('/counts/', ...staff, async (c) =>
    c.json(queueCountsResponseSchema.parse({ success: true, data: await queueCounts(db) })),
  );

  const applications = new Hono<AppEnv>();
  applications.get('/:id/', ...staff, validId(), async (c) => {
    const { id } = c.req.valid('param');
    const applicant = await findApplicant(db, id);
    if (!applicant) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    const info = applicant.cv_file ? await uploads.stat(applicant.cv_file) : null;
    const application = toApplication(applicant, info?.size ?? null);
    return c.json(
      trainerApplicationResponseSchema.parse({
        success: true,
        data: { ...application, cv: application.cv && { ...application.cv, url: cvAddress(secret, id) } },
      }),
    );
  });
  // The CV: with a staff token, or by the signed address the details give (a PDF shown in a frame).
  applications.get(
    '/:id/cv/',
    validId(),
    async (c, next) => {
      const { id } = c.req.valid('param');
      if (signatureHolds(secret, `cv:${id}`, c.req.query('expires'), c.req.query('signature'))) return next();
      const [auth, role] = staff;
      await auth(c, async () => {
        await role(c, next);
      });
    },
    async (c) => {
      const { id } = c.req.valid('param');
      const applicant = await findApplicant(db, id);
      const type = applicant?.cv_file ? cvType(applicant.cv_file) : null;
      if (!applicant?.cv_file || !type) throw new HttpProblem(404, STAFF_MESSAGES.noCv);
      const name = (applicant.cv_name || `cv.${type}`).replace(/[^\x20-\x7e]|["\\]/g, '_');
      return storedFileResponse(c, uploads, applicant.cv_file, {
        'Content-Type': CV_CONTENT_TYPES[type],
        'Content-Disposition': `${type === 'pdf' ? 'inline' : 'attachment'}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(applicant.cv_name || `cv.${type}`)}`,
        'Cache-Control': 'private, max-age=3600, no-transform',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; frame-ancestors 'self'",
        'X-Frame-Options': 'SAMEORIGIN',
      });
    },
  );
  applications.post('/:id/approve/', ...staff, validId(), async (c) => {
    const { id } = c.req.valid('param');
    return answer(c, 'trainer', id, await decideApplication(decisionContext(c), id, { approve: true }));
  });
  applications.post('/:id/reject/', ...staff, validId(), reasonBody, async (c) => {
    const { id } = c.req.valid('param');
    const verdict = rejection(c.req.valid('json').reason);
    return answer(c, 'trainer', id, await decideApplication(decisionContext(c), id, verdict));
  });

  const courses = new Hono<AppEnv>();
  courses.get('/:id/', ...staff, validId(), async (c) => {
    const course = await findStaffCourse(db, c.req.valid('param').id);
    if (!course) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(staffCourseResponseSchema.parse({ success: true, data: course }));
  });
  courses.post('/:id/approve/', ...staff, validId(), async (c) => {
    const { id } = c.req.valid('param');
    return answer(c, 'course', id, await decideNewCourse(decisionContext(c), id, { approve: true }));
  });
  courses.post('/:id/reject/', ...staff, validId(), reasonBody, async (c) => {
    const { id } = c.req.valid('param');
    const verdict = rejection(c.req.valid('json').reason);
    return answer(c, 'course', id, await decideNewCourse(decisionContext(c), id, verdict));
  });

  // A change of an approved course's details: before and after, approved or rejected.
  const revisions = new Hono<AppEnv>();
  revisions.get('/:id/', ...staff, validId(), async (c) => {
    const revision = await findStaffRevision(db, c.req.valid('param').id);
    if (!revision) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(staffRevisionResponseSchema.parse({ success: true, data: revision }));
  });
  revisions.post('/:id/approve/', ...staff, validId(), async (c) => {
    const { id } = c.req.valid('param');
    return answer(c, 'revision', id, await decideRevision(decisionContext(c), id, { approve: true }));
  });
  revisions.post('/:id/reject/', ...staff, validId(), reasonBody, async (c) => {
    const { id } = c.req.valid('param');
    const verdict = rejection(c.req.valid('json').reason);
    return answer(c, 'revision', id, await decideRevision(decisionContext(c), id, verdict));
  });

  const withdrawals = new Hono<AppEnv>();
  withdrawals.get('/:id/', ...staff, validId(), async (c) => {
    const request = await findStaffWithdrawal(db, c.req.valid('param').id);
    if (!request) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(staffWithdrawalResponseSchema.parse({ success: true, data: request }));
  });
  withdrawals.post('/:id/approve/', ...staff, validId(), async (c) => {
    const { id } = c.req.valid('param');
    const actor = actorOf(c);
    const decided = await decideWithdrawalRequest(decisionContext(c), id, { approve: true });
    // A card payment's refund goes through the gateway once the approval is committed. When the
    // gateway cannot be reached the refund stays due, and the approval stands.
    const due = decided.decision.refund;
    if (due?.method === 'card') {
      try {
        await refundPayment(db, due.payment_id, (reference) => payments.gateway.refund(reference));
        await recordRefund(db, actor, { ...due, id: due.payment_id }, decided.decision.course_title);
      } catch (error) {
        console.error(`the gateway did not refund a withdrawal: ${describeError(error)}`);
      }
    }
    return answer(c, 'withdrawal', id, decided);
  });
  withdrawals.post('/:id/reject/', ...staff, validId(), reasonBody, async (c) => {
    const { id } = c.req.valid('param');
    const verdict = rejection(c.req.valid('json').reason);
    return answer(c, 'withdrawal', id, await decideWithdrawalRequest(decisionContext(c), id, verdict));
  });

  const cash = new Hono<AppEnv>();
  // A payment's id is a uuid; anything else names no payment.
  const validPaymentId = validator('param', (param) => {
    const id = String(param.id ?? '').toLowerCase();
    if (!isUuid(id)) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return { id };
  });
  cash.get('/:id/', ...staff, validPaymentId, async (c) => {
    const payment = await findStaffCashPayment(db, c.req.valid('param').id);
    if (!payment) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(staffCashPaymentResponseSchema.parse({ success: true, data: payment }));
  });
  cash.post('/:id/confirm/', ...staff, validPaymentId, async (c) => {
    const { id } = c.req.valid('param');
    return answer(c, 'cash', id, await confirmCash(decisionContext(c), payments.settings, id));
  });

  const audit = new Hono<AppEnv>();
  audit.get(
    '/',
    ...staff,
    validQuery((query) => ({ filters: auditFilters(query), page: pageRequest(query) })),
    async (c) => {
      const { filters, page } = c.req.valid('query');
      return c.json(auditResponseSchema.parse({ success: true, data: await auditPage(db, filters, page) }));
    },
  );
  // Every entry the filters keep (at most AUDIT_EXPORT_MAX), which the page writes as a sheet.
  audit.get(
    '/export/',
    ...staff,
    validQuery((query) => auditFilters(query)),
    async (c) => {
      const entries = await auditEntries(db, c.req.valid('query'));
      const count = entries.length;
      return c.json(
        auditResponseSchema.parse({
          success: true,
          data: { count, page: 1, limit: AUDIT_EXPORT_MAX, results: entries },
        }),
      );
    },
  );

  // Another member of staff, invited by mail.
  const accounts = new Hono<AppEnv>();
  accounts.post('/', ...staff, jsonForm(staffInviteFormSchema, ['full_name', 'email']), async (c) => {
    const account = await createStaffAccount(db, publicOrigin(), c.req.valid('json'), actorOf(c));
    return c.json(
      staffAccountResponseSchema.parse({ success: true, data: account }),
      account.created ? 201 : 200,
    );
  });

  // Search, a person's page, disable and enable (server/staff/people.ts).
  const people = peopleRoutes(deps);
  // Every trainee's payments, refunds and receipts (server/staff/payments.ts).
  const paymentList = staffPaymentRoutes(deps, { gateway: payments.gateway, printer, staff, actorOf });

  return [
    ['/staff/queue/', queue],
    ['/staff/staff-accounts/', accounts],
    ['/staff/trainer-applications/', applications],
    ['/staff/courses/', courses],
    ['/staff/revisions/', revisions],
    ['/staff/withdrawals/', withdrawals],
    ['/staff/cash-payments/', cash],
    ['/staff/audit/', audit],
    ['/staff/people/', people],
    ...staffCertificateRoutes(deps),
    ...cliTokenRoutes(deps),
    ['/staff/payments/', paymentList],
    ...categoryRoutes(deps),
    ...issueRoutes(deps),
  ];
}
