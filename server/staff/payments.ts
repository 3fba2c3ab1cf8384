import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_PAYMENT_MESSAGES } from '@contract/messages/staff-payments';
import { paymentMethodSchema } from '@contract/wire/payments';
import {
  type PaymentMonth,
  type StaffPayment,
  type StaffPaymentFilters,
  staffPaymentStatusFilterSchema,
  staffPaymentsResponseSchema,
  staffRefundResponseSchema,
} from '@contract/wire/staff-payments';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import { centreTimeZone } from '../centre-time';
import type { Db, Queryable } from '../db';
import type { Deps } from '../deps';
import { type AppEnv, describeError, HttpProblem } from '../http';
import { type PageRequest, pageRequest, selectPage } from '../paging';
import type { GatewayClient } from '../payments/gateway';
import { findReceipt, isUuid } from '../payments/queries';
import { receiptPdfAnswer } from '../payments/receipt-routes';
import type { Printer } from '../print/printer';
import { MAX_ID, type QueryReader, validQuery, wholeNumber } from '../validation';
import { recordAudit, type StaffActor } from './audit';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

/** The most rows one export holds. */
export const PAYMENTS_EXPORT_MAX = 10_000;

function validDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The filters of the query string; a value that is not one is refused with 400 and its field. */
export function paymentFilters(query: QueryReader): StaffPaymentFilters {
  const method = query('method') || undefined;
  const status = query('status') || undefined;
  const courseText = query('course') || undefined;
  const from = query('from') || undefined;
  const to = query('to') || undefined;
  const refuse = (
    field: string,
    message: (typeof STAFF_PAYMENT_MESSAGES)[keyof typeof STAFF_PAYMENT_MESSAGES],
  ) => {
    throw new HttpProblem(400, { field, message });
  };
  if (method && !paymentMethodSchema.safeParse(method).success)
    refuse('method', STAFF_PAYMENT_MESSAGES.methodInvalid);
  if (status && !staffPaymentStatusFilterSchema.safeParse(status).success)
    refuse('status', STAFF_PAYMENT_MESSAGES.statusInvalid);
  const course = courseText === undefined ? undefined : wholeNumber(courseText, MAX_ID);
  if (courseText !== undefined && course === undefined)
    refuse('course', STAFF_PAYMENT_MESSAGES.courseInvalid);
  if (from && !validDay(from)) refuse('from', STAFF_PAYMENT_MESSAGES.dayInvalid);
  if (to && !validDay(to)) refuse('to', STAFF_PAYMENT_MESSAGES.dayInvalid);
  if (from && to && to < from) refuse('to', STAFF_PAYMENT_MESSAGES.daysOrder);
  return {
    method: method as StaffPaymentFilters['method'],
    status: status as StaffPaymentFilters['status'],
    course,
    from,
    to,
  };
}

/** The WHERE clause of the filters (on payments `p`) and its parameters. */
function filterClause(filters: StaffPaymentFilters): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (n: number) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(params.length));
  };
  if (filters.method) add((n) => `p.method = $${n}`, filters.method);
  if (filters.status === 'refunded') conditions.push(`p.refund_status = 'refunded'`);
  else if (filters.status) add((n) => `p.status = $${n}`, filters.status);
  if (filters.course !== undefined) add((n) => `p.course_id = $${n}`, filters.course);
  // Days of the centre's calendar, both included: the day paid, or the day made when never paid.
  if (filters.from || filters.to) {
    params.push(centreTimeZone());
    const zone = params.length;
    const day = 'coalesce(p.paid_at, p.created_at)';
    if (filters.from) add((n) => `${day} >= ($${n}::date::timestamp AT TIME ZONE $${zone})`, filters.from);
    if (filters.to) add((n) => `${day} < (($${n}::date + 1)::timestamp AT TIME ZONE $${zone})`, filters.to);
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

interface PaymentListRow {
  id: string;
  trainee_id: number;
  trainee_name: string;
  trainee_email: string;
  course_id: number;
  course_title: string;
  course_title_ar: string;
  method: StaffPayment['method'];
  status: StaffPayment['status'];
  subtotal: number;
  vat: number;
  total: number;
  refund_status: StaffPayment['refund_status'];
  created_at: string;
  paid_at: string | null;
  receipt_number: number | null;
}

const SELECT = `SELECT p.id::text, u.id AS trainee_id, u.full_name AS trainee_name, u.email AS trainee_email,
  c.id AS course_id, c.title AS course_title, c.title_ar AS course_title_ar, p.method, p.status,
  p.subtotal, p.vat, p.total, p.refund_status,
  to_char(p.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
  to_char(p.paid_at AT TIME ZONE 'UTC', ${ISO}) AS paid_at, r.receipt_number
  FROM payments p JOIN users u ON u.id = p.user_id JOIN courses c ON c.id = p.course_id
  LEFT JOIN receipts r ON r.payment_id = p.id`;
const ORDER = 'ORDER BY p.created_at DESC, p.id DESC';

function toPayment(row: PaymentListRow): StaffPayment {
  return {
    id: row.id,
    trainee: { id: row.trainee_id, full_name: row.trainee_name, email: row.trainee_email },
    course: { id: row.course_id, title: row.course_title, title_ar: row.course_title_ar },
    method: row.method,
    status: row.status,
    subtotal: row.subtotal,
    vat: row.vat,
    total: row.total,
    refund_status: row.refund_status,
    created_at: row.created_at,
    paid_at: row.paid_at,
    receipt_number: row.receipt_number === null ? null : Number(row.receipt_number),
  };
}

/** A payment of any trainee, as the staff read it; undefined when there is none. */
export async function findStaffPayment(db: Queryable, id: string): Promise<StaffPayment | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<PaymentListRow>(`${SELECT} WHERE p.id = $1`, [id]);
  return rows[0] && toPayment(rows[0]);
}

/** The month totals (centre calendar, by the day paid) of the paid payments the filters keep. */
async function monthTotals(db: Db, filters: StaffPaymentFilters): Promise<PaymentMonth[]> {
  const { where, params } = filterClause(filters);
  params.push(centreTimeZone());
  const zone = params.length;
  const { rows } = await db.query<PaymentMonth>(
    `SELECT to_char(p.paid_at AT TIME ZONE $${zone}, 'YYYY-MM') AS month, count(*)::int AS count,
       coalesce(sum(p.subtotal), 0)::int AS subtotal, coalesce(sum(p.vat), 0)::int AS vat,
       coalesce(sum(p.total), 0)::int AS total,
       coalesce(sum(p.total) FILTER (WHERE p.refund_status = 'refunded'), 0)::int AS refunded
     FROM payments p ${where ? `${where} AND` : 'WHERE'} p.status = 'paid' AND p.paid_at IS NOT NULL
     GROUP BY 1 ORDER BY 1 DESC`,
    params,
  );
  return rows;
}

/** One page of the payments the filters keep, newest first, with their month totals. */
export async function paymentsPage(db: Db, filters: StaffPaymentFilters, request: PageRequest) {
  const { where, params } = filterClause(filters);
  const page = await selectPage<PaymentListRow>(
    db,
    request,
    { sql: `${SELECT} ${where} ${ORDER}`, params },
    { sql: `SELECT count(*)::int AS count FROM payments p ${where}`, params },
  );
  return { ...page, results: page.results.map(toPayment), months: await monthTotals(db, filters) };
}

/** Every payment the filters keep (newest first, at most PAYMENTS_EXPORT_MAX), with the totals. */
export async function paymentsExport(db: Db, filters: StaffPaymentFilters) {
  const { where, params } = filterClause(filters);
  const { rows } = await db.query<PaymentListRow>(
    `${SELECT} ${where} ${ORDER} LIMIT ${PAYMENTS_EXPORT_MAX}`,
    params,
  );
  return {
    count: rows.length,
    page: 1,
    limit: PAYMENTS_EXPORT_MAX,
    results: rows.map(toPayment),
    months: await monthTotals(db, filters),
  };
}

/** Whether a payment can be refunded: paid (or owed back after a failed double charge), not yet refunded. */
function refusal(payment: StaffPayment): HttpProblem | null {
  if (payment.refund_status === 'refunded') return new HttpProblem(409, STAFF_PAYMENT_MESSAGES.notRefundable);
  if (payment.status !== 'paid' && payment.refund_status !== 'due')
    return new HttpProblem(409, STAFF_PAYMENT_MESSAGES.notRefundable);
  if (payment.method === 'free' || payment.total === 0)
    return new HttpProblem(409, STAFF_PAYMENT_MESSAGES.freeNotRefundable);
  return null;
}

/**
 * Refunds a payment in full: a card payment through the gateway, first (a failure answers 502 and
 * changes nothing; the gateway answers a second refund of the same payment as it is, so trying
 * again is safe); cash and wallet payments are marked refunded, the centre paying back in person.
 * Then, in one transaction, the payment is marked refunded with its audit record. The enrolment is
 * left as it is: a refund alone withdraws no one (a withdrawal is approved on its own).
 */
export async function refundStaffPayment(
  db: Db,
  gateway: GatewayClient,
  actor: StaffActor,
  id: string,
): Promise<{ payment: StaffPayment; message: string }> {
  const found = await findStaffPayment(db, id);
  if (!found) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  const refused = refusal(found);
  if (refused) throw refused;
  if (found.method === 'card') {
    const { rows } = await db.query<{ gateway_reference: string | null }>(
      'SELECT gateway_reference FROM payments WHERE id = $1',
      [id],
    );
    const reference = rows[0]?.gateway_reference;
    if (!reference) throw new HttpProblem(409, STAFF_PAYMENT_MESSAGES.notRefundable);
    try {
      await gateway.refund(reference);
    } catch (error) {
      console.error(`the gateway did not refund: ${describeError(error)}`);
      throw new HttpProblem(502, SERVER_MESSAGES.gatewayUnavailable);
    }
  }
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM payments WHERE id = $1 FOR UPDATE', [id]);
    const locked = await findStaffPayment(tx, id);
    if (!locked) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    const late = refusal(locked);
    if (late) throw late;
    await tx.query(`UPDATE payments SET refund_status = 'refunded', updated_at = now() WHERE id = $1`, [id]);
    const { rows } = await tx.query<{ status: string | null }>(
      'SELECT status FROM enrolments WHERE user_id = $1 AND course_id = $2',
      [locked.trainee.id, locked.course.id],
    );
    await recordAudit(tx, actor, {
      action: 'payment.refund',
      subject: { kind: 'payment', id, label: `${locked.trainee.full_name} — ${locked.course.title}` },
      before: { status: locked.status, refund_status: locked.refund_status },
      after: {
        refund_status: 'refunded',
        total: locked.total,
        method: locked.method,
        enrolment: rows[0]?.status ?? null,
      },
    });
    return {
      payment: { ...locked, refund_status: 'refunded' },
      message:
        locked.method === 'card'
          ? STAFF_PAYMENT_MESSAGES.refundedByCard
          : STAFF_PAYMENT_MESSAGES.refundedByHand,
    };
  });
}

/**
 * /staff/payments/…: every trainee's payments, their month totals, the export, refunds and
 * receipts. `staff`: the role check of every staff call.
 */
export function staffPaymentRoutes(
  deps: Deps,
  options: {
    gateway: GatewayClient;
    printer: Printer;
    staff: readonly [MiddlewareHandler<AppEnv>, MiddlewareHandler<AppEnv>];
    actorOf: (c: Context<AppEnv>) => StaffActor;
  },
): Hono<AppEnv> {
  const { db, limiter } = deps;
  const { staff, actorOf, gateway, printer } = options;
  const validPaymentId = validator('param', (param) => {
    const id = String(param.id ?? '').toLowerCase();
    if (!isUuid(id)) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return { id };
  });
  const routes = new Hono<AppEnv>();
  routes.get(
    '/',
    ...staff,
    validQuery((query) => ({ filters: paymentFilters(query), page: pageRequest(query) })),
    async (c) => {
      const { filters, page } = c.req.valid('query');
      return c.json(
        staffPaymentsResponseSchema.parse({ success: true, data: await paymentsPage(db, filters, page) }),
      );
    },
  );
  routes.get('/export/', ...staff, validQuery(paymentFilters), async (c) =>
    c.json(
      staffPaymentsResponseSchema.parse({
        success: true,
        data: await paymentsExport(db, c.req.valid('query')),
      }),
    ),
  );
  routes.post('/:id/refund/', ...staff, validPaymentId, async (c) => {
    const { payment, message } = await refundStaffPayment(db, gateway, actorOf(c), c.req.valid('param').id);
    return c.json(staffRefundResponseSchema.parse({ success: true, message, data: payment }));
  });
  // Any trainee's receipt, printed as their own is (server/payments/receipt-routes.ts).
  routes.get('/:id/receipt.pdf', ...staff, validPaymentId, async (c) => {
    const user = c.get('user');
    const receipt = await findReceipt(db, c.req.valid('param').id, null);
    if (!receipt) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    await limiter.assertOpen('receiptPdfAccount', String(user.id));
    await limiter.count('receiptPdfAccount', String(user.id));
    return receiptPdfAnswer(c, printer, receipt);
  });
  return routes;
}
