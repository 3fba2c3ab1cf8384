import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { riyals } from '@contract/domain/money';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { messageFromBody } from '@contract/messages/errors';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import { VERIFICATION_MESSAGES } from '@contract/messages/verification';
import { type Payment, paymentSchema } from '@contract/wire/payments';
import { staffAccountResponseSchema } from '@contract/wire/staff';
import * as z from 'zod/mini';
import { ADMIN_TOKEN_HEADER } from './admin/middleware';
import {
  AdminError,
  type NotifyRequest,
  notificationContent,
  notifyRequestSchema,
  notifyResponseSchema,
  notifyUser,
  type TrainerApprovalResponse,
  toApprovalResponse,
  trainerApprovalResponseSchema,
} from './admin/queries';
import { API_BASE } from './app';
import {
  type CourseDecision,
  CourseDecisionError,
  courseDecisionSchema,
  reasonHolds,
} from './authoring/course-approval';
import {
  CertificateAdminError,
  type CertificateRow,
  certificateListSchema,
  certificatesOf,
  revokeAndNotify,
  revokeRequestSchema,
  revokeResponseSchema,
} from './certificates/admin';
import {
  type Ask,
  login,
  logout,
  readAllStdin,
  readStaffToken,
  staffAuthorization,
  terminalAsk,
} from './cli-login';
import { claimDataLock, DataDirBusyError, readDataLock } from './data-dir';
import { type Db, openDb } from './db';
import {
  type Decision,
  EnrolmentError,
  type WithdrawalDecision,
  withdrawalDecisionSchema,
} from './enrolments/queries';
import {
  gradeRequestSchema,
  type ReviewedSubmission,
  returnRequestSchema,
  reviewedSubmissionSchema,
  waitingSubmissions,
} from './learning/grading';
import { LearningError } from './learning/queries';
import { type OutboxMail, readOutbox } from './mail';
import { migrate } from './migrate';
import { createNotifier } from './notifications/notifier';
import { adminTokenFile, dataDir, pgliteDir } from './paths';
import { paymentSettingsFromEnv, randomNoticeSecret } from './payments/settings';
import { QUIZ_TIME_LIMIT_MAX_SECONDS, quizTimeLimitResponseSchema } from './quizzes/admin-routes';
import { createStaffAccount } from './staff/accounts';
import type { StaffActor } from './staff/audit';
import {
  approveTrainerBy,
  confirmCashBy,
  decideCourseBy,
  decideWithdrawalBy,
  reviewSubmissionBy,
  setQuizTimeLimitBy,
} from './staff/cli-decisions';
import { staffOfToken } from './staff/cli-tokens';
import { MAX_ID, wholeNumber } from './validation';

/** What a command prints and the exit code it ends with. */
export interface CommandResult {
  code: number;
  out: string[];
  err: string[];
}

export interface CommandContext {
  env: NodeJS.ProcessEnv;
  /** Asks on the terminal (a hidden answer for a password); absent when there is none. */
  ask?: Ask | undefined;
  /** What is piped to the command (`login --password-stdin`). */
  readStdin?: () => Promise<string>;
}

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * How the commands find the running server: `--url`, else http://localhost:$PORT, else
 * http://localhost:3000. The data folder (DATA_DIR, default .data) holds the admin token the
 * server wrote at start, and the embedded database used when no server answers.
 */
export interface ServerTarget {
  url: string;
  dataDir: string;
}

export function serverTarget(url: string | undefined, env: NodeJS.ProcessEnv): ServerTarget {
  const base = url ?? `http://localhost:${env.PORT || 3000}`;
  return { url: base.replace(/\/+$/, ''), dataDir: dataDir(env) };
}

async function readAdminToken(data: string): Promise<string | undefined> {
  try {
    return (await readFile(adminTokenFile(data), 'utf8')).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Errors that mean nothing listens at the address, so the database is free to open. */
const NOTHING_LISTENING = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

function nothingListens(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause; depth += 1) {
    const { code, errors } = cause as { code?: string; errors?: { code?: string }[] };
    if (code && NOTHING_LISTENING.has(code)) return true;
    // Both addresses of localhost (IPv6 and IPv4) refused.
    if (errors?.length && errors.every((inner) => inner.code && NOTHING_LISTENING.has(inner.code)))
      return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

type ServerAnswer = { status: number; body: unknown } | 'no-server';

async function callServer(target: ServerTarget, path: string, init: RequestInit = {}): Promise<ServerAnswer> {
  let response: Response;
  try {
    response = await fetch(`${target.url}${API_BASE}${path}`, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    if (nothingListens(error)) return 'no-server';
    throw new Error(`The server at ${target.url} did not answer: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body };
}

/**
 * Asks the server at the target; when nothing answers there but a live server holds the data
 * folder's embedded database (its lock names its PID and address), asks that one instead. A holder
 * that does not answer either is an error: its database is never opened behind its back.
 */
async function askServer(
  target: ServerTarget,
  env: NodeJS.ProcessEnv,
  path: string,
  init: RequestInit = {},
): Promise<{ target: ServerTarget; answer: ServerAnswer }> {
  const answer = await callServer(target, path, init);
  if (answer !== 'no-server' || env.DATABASE_URL) return { target, answer };
  const holder = await readDataLock(target.dataDir);
  if (!holder) return { target, answer };
  if (holder.url && holder.url !== target.url) {
    const holderTarget = { ...target, url: holder.url };
    const second = await callServer(holderTarget, path, init);
    if (second !== 'no-server') return { target: holderTarget, answer: second };
  }
  throw new Error(
    `${new DataDirBusyError(target.dataDir, holder).message.split('. Stop')[0]}, and it does not answer` +
      `${holder.url ? '' : ' yet'}. Its database is left alone: try again once it answers, or stop it.`,
  );
}

/** Opens the database the server would use, when no server holds it. */
async function openDataDb(target: ServerTarget, env: NodeJS.ProcessEnv): Promise<Db> {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (!databaseUrl && !existsSync(pgliteDir(target.dataDir))) {
    throw new Error(
      `No server answers at ${target.url}, and ${target.dataDir} holds no database. ` +
        'Start the server (npm start), or give --url, PORT or DATA_DIR.',
    );
  }
  const db = await openDb({ databaseUrl, dataDir: databaseUrl ? undefined : pgliteDir(target.dataDir) });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

async function withDataDb<T>(target: ServerTarget, env: NodeJS.ProcessEnv, use: (db: Db) => Promise<T>) {
  // While the command works on the embedded database, a server starting on it waits its turn.
  const lock = env.DATABASE_URL ? undefined : await claimDataLock(target.dataDir);
  try {
    const db = await openDataDb(target, env);
    try {
      return await use(db);
    } finally {
      await db.close();
    }
  } finally {
    await lock?.release();
  }
}

function describeFailure(status: number, body: unknown): string {
  return (
    messageFromBody(body) ?? `HTTP ${status}: ${typeof body === 'string' ? body.slice(0, 200) : 'no message'}`
  );
}

function approvalLines(approval: TrainerApprovalResponse, where: string): string[] {
  const { email, full_name, verified, already_approved } = approval.data;
  const lines = [
    already_approved
      ? `${full_name} <${email}> was already approved (${where}).`
      : `Approved the trainer ${full_name} <${email}> (${where}). They can sign in now.`,
  ];
  if (!verified)
    lines.push('Note: they have not confirmed their e-mail address yet, so sign-in waits for that.');
  return lines;
}

const PERSONAL_TOKEN_REFUSED =
  'Your personal staff token has expired or was revoked: sign in again with npm run admin -- login EMAIL.';

/** Who a decision on the database is recorded under (runAdminAction asks a token of every decision). */
function decider(actor: StaffActor | undefined): StaffActor {
  if (!actor) throw new Error(`${STAFF_MESSAGES.personalTokenRequired}.`);
  return actor;
}

function adminTokenRefusal(target: ServerTarget, token: string | undefined): string {
  return token
    ? `The server at ${target.url} refused the admin token in ${adminTokenFile(target.dataDir)}: ` +
        'is DATA_DIR the data folder of that server?'
    : `No admin token in ${adminTokenFile(target.dataDir)}: set DATA_DIR to the data folder of the server at ${target.url}.`;
}

const ADMIN_USAGE = [
  'Usage: npm run admin -- login EMAIL [--password-stdin] [--code CODE] [--url URL]',
  '       npm run admin -- logout [--url URL]',
  '       npm run admin -- create-admin EMAIL [--name NAME] [--url URL]',
  '       npm run admin -- approve-trainer EMAIL [--url URL]',
  '       npm run admin -- confirm-payment PAYMENT_ID [--url URL]',
  '       npm run admin -- refund-payment PAYMENT_ID [--url URL]',
  '       npm run admin -- approve-withdrawal EMAIL COURSE_ID [--url URL]',
  '       npm run admin -- reject-withdrawal EMAIL COURSE_ID --reason REASON [--url URL]',
  '       npm run admin -- approve-course COURSE_ID [--url URL]',
  '       npm run admin -- reject-course COURSE_ID --reason REASON [--url URL]',
  '       npm run admin -- notify EMAIL TITLE TEXT [--link /PATH] [--title-ar TITLE] [--text-ar TEXT] [--url URL]',
  '       npm run admin -- list-submissions [--url URL]',
  '       npm run admin -- grade-submission SUBMISSION_ID --grade GRADE [--feedback TEXT] [--url URL]',
  '       npm run admin -- return-submission SUBMISSION_ID --feedback TEXT [--url URL]',
  '       npm run admin -- set-quiz-time-limit LECTURE_ID SECONDS|none [--url URL]',
  '       npm run admin -- revoke-certificate CODE --reason REASON [--url URL]',
  '       npm run admin -- certificates EMAIL [--url URL]',
].join('\n');

/** What an admin command does through the server, or on the database when no server answers. */
/**
 * Where the links of a mail queued without the server start: PUBLIC_ORIGIN, as the server reads it
 * (server/messages/settings.ts), else the development address.
 */
function offlineOrigin(env: NodeJS.ProcessEnv): string {
  const origin = env.PUBLIC_ORIGIN?.trim();
  return origin && URL.canParse(origin) ? new URL(origin).origin : 'http://localhost:3000';
}

interface AdminAction<T> {
  path: string;
  /**
   * A decision: made only under a personal staff token and recorded in the audit log under that
   * person. 'first-account': create-admin, which the shared admin token may ask while no staff
   * account is active (the server, or the database, decides).
   */
  decision?: true | 'first-account';
  /** POST with the body, unless GET (a list). */
  method?: 'GET' | 'POST';
  body: unknown;
  email: string;
  /** The answer of the server, when it is a success. */
  parse(body: unknown): T | undefined;
  /** On the data folder's database; `actor`: who the personal staff token names, if one is kept. */
  offline(db: Db, actor: StaffActor | undefined): Promise<T>;
  describe(result: T, where: string): string[];
}

async function runAdminAction<T>(action: AdminAction<T>, url: string | undefined, env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  // A personal staff token names the person; the shared admin token names nobody.
  const staffToken = await readStaffToken(env);
  if (action.decision === true && !staffToken) {
    err.push(`${STAFF_MESSAGES.personalTokenRequired}.`);
    return { code: 1, out, err };
  }
  const token = staffToken ? undefined : await readAdminToken(serverTarget(url, env).dataDir);
  const credentials = staffToken ? staffAuthorization(staffToken) : { [ADMIN_TOKEN_HEADER]: token ?? '' };
  let target: ServerTarget;
  let answer: ServerAnswer;
  try {
    ({ target, answer } = await askServer(
      serverTarget(url, env),
      env,
      action.path,
      action.method === 'GET'
        ? { headers: credentials }
        : {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...credentials },
            body: JSON.stringify(action.body),
          },
    ));
  } catch (error) {
    err.push((error as Error).message);
    return { code: 1, out, err };
  }

  if (answer === 'no-server') {
    try {
      const result = await withDataDb(target, env, async (db) => {
        const actor = staffToken ? await staffOfToken(db, staffToken) : undefined;
        if (staffToken && !actor) throw new Error(PERSONAL_TOKEN_REFUSED);
        return action.offline(db, actor);
      });
      out.push(...action.describe(result, `in the database of ${target.dataDir}`));
      return { code: 0, out, err };
    } catch (error) {
      err.push(
        error instanceof AdminError ||
          error instanceof EnrolmentError ||
          error instanceof LearningError ||
          error instanceof CourseDecisionError ||
          error instanceof CertificateAdminError
          ? `${error.userMessage}: ${action.email}`
          : (error as Error).message,
      );
      return { code: 1, out, err };
    }
  }

  if (answer.status === 401) {
    const refusal = messageFromBody(answer.body);
    err.push(
      staffToken
        ? `The server at ${target.url} refused it. ${PERSONAL_TOKEN_REFUSED}`
        : refusal === STAFF_MESSAGES.personalTokenRequired
          ? `${refusal}.`
          : adminTokenRefusal(target, token),
    );
    return { code: 1, out, err };
  }
  const result = answer.status >= 200 && answer.status < 300 ? action.parse(answer.body) : undefined;
  if (result !== undefined) {
    out.push(...action.describe(result, `through the server at ${target.url}`));
    return { code: 0, out, err };
  }
  err.push(`${describeFailure(answer.status, answer.body)}: ${action.email}`);
  return { code: 1, out, err };
}

/** `npm run admin -- approve-trainer EMAIL` and `npm run admin -- notify EMAIL TITLE TEXT` */
export async function adminCommand(argv: string[], context: CommandContext): Promise<CommandResult> {
  const { env } = context;
  let parsed: ReturnType<typeof parseAdminArgs>;
  try {
    parsed = parseAdminArgs(argv);
  } catch (error) {
    return { code: 2, out: [], err: [(error as Error).message, ADMIN_USAGE] };
  }
  const { command, args, values } = parsed;
  const [email, title, text] = args;

  if ((command === 'login' && email && args.length === 1) || (command === 'logout' && args.length === 0)) {
    let target = serverTarget(values.url, env);
    const call = async (path: string, init: RequestInit) => {
      const asked = await askServer(target, env, path, init);
      target = asked.target;
      return asked.answer === 'no-server' ? asked.answer : { ...asked.answer, url: target.url };
    };
    try {
      const out =
        command === 'logout'
          ? await logout(env, call)
          : await login({
              email: email ?? '',
              passwordStdin: values['password-stdin'] ?? false,
              code: values.code,
              env,
              ask: context.ask,
              readStdin: context.readStdin ?? readAllStdin,
              call,
            });
      return { code: 0, out, err: [] };
    } catch (error) {
      return { code: 1, out: [], err: [(error as Error).message] };
    }
  }

  if (command === 'approve-trainer' && email && args.length === 1) {
    return runAdminAction(
      {
        path: '/admin/approve-trainer/',
        decision: true,
        body: { email },
        email,
        parse: (body) => {
          const approval = trainerApprovalResponseSchema.safeParse(body);
          return approval.success ? approval.data : undefined;
        },
        offline: async (db, actor) =>
          toApprovalResponse(
            await approveTrainerBy(db, decider(actor), email, offlineOrigin(env), createNotifier(db)),
          ),
        describe: approvalLines,
      },
      values.url,
      env,
    );
  }

  if ((command === 'confirm-payment' || command === 'refund-payment') && email && args.length === 1) {
    const paymentId = email.trim().toLowerCase();
    const confirming = command === 'confirm-payment';
    return runAdminAction(
      {
        path: `/admin/${command}/`,
        decision: true,
        body: { payment_id: paymentId },
        email: paymentId,
        parse: (body) => {
          // The answer: { success, data: the payment as its owner reads it }.
          const answer = paymentSchema.safeParse((body as { data?: unknown } | null)?.data);
          return answer.success ? confirmedOf(answer.data) : undefined;
        },
        offline: async (db, actor) => {
          // A refund needs the gateway, which the running server reaches.
          if (!confirming) {
            throw new Error(
              'Refunds go through the payment gateway: start the server (npm start) and run this again.',
            );
          }
          // The receipt names the seller as the server would (SELLER_… settings).
          const settings = paymentSettingsFromEnv(env, randomNoticeSecret());
          const row = await confirmCashBy(
            db,
            decider(actor),
            paymentId,
            settings,
            createNotifier(db),
            offlineOrigin(env),
          );
          return { id: row.id, total: row.total, title: row.course_title, receipt: row.receipt_number };
        },
        describe: (payment, where) => [
          confirming
            ? `Payment ${payment.id} is paid (${where}): ${riyals(payment.total)} SAR for ${payment.title}, receipt ${payment.receipt ?? '—'}. The trainee is enrolled and notified.`
            : `Payment ${payment.id} is refunded in full (${where}): ${riyals(payment.total)} SAR for ${payment.title}.`,
        ],
      },
      values.url,
      env,
    );
  }

  const [, courseText] = args;
  if (
    (command === 'approve-withdrawal' || command === 'reject-withdrawal') &&
    email &&
    courseText &&
    args.length === 2
  ) {
    const courseId = Number(courseText);
    if (!Number.isSafeInteger(courseId) || courseId < 1 || courseId > 2_147_483_647) {
      return { code: 2, out: [], err: [SERVER_MESSAGES.withdrawalDecisionInvalid, ADMIN_USAGE] };
    }
    const approving = command === 'approve-withdrawal';
    const reason = values.reason ?? '';
    if (!approving && !reason.trim()) {
      return { code: 2, out: [], err: [SERVER_MESSAGES.refusalReasonInvalid, ADMIN_USAGE] };
    }
    const decision: Decision = approving ? { approve: true } : { approve: false, reason };
    return runAdminAction(
      {
        path: `/admin/${command}/`,
        decision: true,
        body: approving ? { email, course_id: courseId } : { email, course_id: courseId, reason },
        email: `${email}, course ${courseId}`,
        parse: (body) => {
          const answer = withdrawalDecisionSchema.safeParse(body);
          return answer.success ? answer.data.data : undefined;
        },
        // On the database the gateway is out of reach: a card refund stays due for refund-payment.
        offline: (db, actor) =>
          decideWithdrawalBy(
            db,
            decider(actor),
            email,
            courseId,
            decision,
            createNotifier(db),
            offlineOrigin(env),
          ),
        describe: withdrawalLines,
      },
      values.url,
      env,
    );
  }

  if ((command === 'approve-course' || command === 'reject-course') && email && args.length === 1) {
    const courseId = wholeNumber(email, MAX_ID);
    if (courseId === undefined) return { code: 2, out: [], err: [SERVER_MESSAGES.notFound, ADMIN_USAGE] };
    const approving = command === 'approve-course';
    const reason = values.reason ?? '';
    if (!approving && !reasonHolds(reason)) {
      return { code: 2, out: [], err: [AUTHORING_MESSAGES.rejectReasonInvalid, ADMIN_USAGE] };
    }
    return runAdminAction(
      {
        path: `/admin/${command}/`,
        decision: true,
        body: approving ? { course_id: courseId } : { course_id: courseId, reason },
        email: `course ${courseId}`,
        parse: (body) => {
          const answer = courseDecisionSchema.safeParse(body);
          return answer.success ? answer.data.data : undefined;
        },
        // On the database no socket is open: the trainer reads the notice on the next visit.
        offline: (db, actor) =>
          decideCourseBy(
            db,
            decider(actor),
            createNotifier(db),
            offlineOrigin(env),
            courseId,
            approving ? { approve: true } : { approve: false, reason },
          ),
        describe: courseDecisionLines,
      },
      values.url,
      env,
    );
  }

  if (command === 'set-quiz-time-limit' && email && title && args.length === 2) {
    const lectureId = Number(email);
    const seconds = title.trim().toLowerCase() === 'none' ? null : Number(title);
    const valid =
      Number.isSafeInteger(lectureId) &&
      lectureId >= 1 &&
      lectureId <= 2_147_483_647 &&
      (seconds === null ||
        (Number.isSafeInteger(seconds) && seconds >= 1 && seconds <= QUIZ_TIME_LIMIT_MAX_SECONDS));
    if (!valid) return { code: 2, out: [], err: [SERVER_MESSAGES.quizTimeLimitInvalid, ADMIN_USAGE] };
    return runAdminAction(
      {
        path: '/admin/set-quiz-time-limit/',
        decision: true,
        body: { lecture_id: lectureId, seconds },
        email: `lecture ${lectureId}`,
        parse: (body) => {
          const answer = quizTimeLimitResponseSchema.safeParse(body);
          return answer.success ? answer.data.data : undefined;
        },
        offline: async (db, actor) => {
          const quiz = await setQuizTimeLimitBy(db, decider(actor), lectureId, seconds);
          if (!quiz) throw new Error(`${SERVER_MESSAGES.notAQuiz}: lecture ${lectureId}`);
          return quiz;
        },
        describe: (quiz, where) => [
          `${quiz.title} (lecture ${quiz.lecture_id}) now has ${
            quiz.time_limit_seconds === null
              ? 'no time limit'
              : `a time limit of ${quiz.time_limit_seconds} s`
          } (${where}). Attempts started from now on get it; running ones keep their deadline.`,
        ],
      },
      values.url,
      env,
    );
  }

  if (command === 'create-admin' && email && args.length === 1) {
    const person = { email, full_name: values.name ?? '' };
    return runAdminAction(
      {
        path: '/admin/create-admin/',
        decision: 'first-account',
        body: person,
        email,
        parse: (body) => {
          const answer = staffAccountResponseSchema.safeParse(body);
          return answer.success ? answer.data.data : undefined;
        },
        offline: (db, actor) => createStaffAccount(db, offlineOrigin(env), person, actor ?? null),
        describe: (account, where) =>
          account.created
            ? [
                `Made the staff account ${account.full_name} <${account.email}> (${where}).`,
                'An invitation is mailed: they choose a password through Log In → Forgot password, then sign in with the code mailed at each sign-in.',
              ]
            : [`${account.email} is already a staff account (${where}): nothing changed.`],
      },
      values.url,
      env,
    );
  }

  if (command === 'notify' && email && title && text && args.length === 3) {
    const checked = notifyRequestSchema.safeParse({
      email,
      title,
      text,
      title_ar: values['title-ar'],
      text_ar: values['text-ar'],
      link: values.link,
    });
    if (!checked.success)
      return { code: 2, out: [], err: [SERVER_MESSAGES.notificationInvalid, ADMIN_USAGE] };
    const request: NotifyRequest = checked.data;
    return runAdminAction(
      {
        path: '/admin/notify/',
        body: request,
        email,
        parse: (body) => {
          const answer = notifyResponseSchema.safeParse(body);
          return answer.success ? answer.data.data.id : undefined;
        },
        offline: async (db) => (await notifyUser(db, email, notificationContent(request))).id,
        describe: (id, where) => [`Notification #${id} sent to ${email} (${where}).`],
      },
      values.url,
      env,
    );
  }

  if (command === 'list-submissions' && args.length === 0) {
    return runAdminAction(
      {
        path: '/admin/submissions/',
        method: 'GET',
        body: null,
        email: 'the submissions waiting for a grade',
        parse: (body) => {
          const answer = submissionListSchema.safeParse(body);
          return answer.success ? answer.data.data : undefined;
        },
        offline: waitingSubmissions,
        describe: submissionListLines,
      },
      values.url,
      env,
    );
  }

  const [submissionText] = args;
  if (
    (command === 'grade-submission' || command === 'return-submission') &&
    submissionText &&
    args.length === 1
  ) {
    const id = wholeNumber(submissionText, MAX_ID);
    const grading = command === 'grade-submission';
    const body = grading
      ? gradeRequestSchema.safeParse({ grade: Number(values.grade ?? 'none'), feedback: values.feedback })
      : returnRequestSchema.safeParse({ feedback: values.feedback ?? '' });
    if (id === undefined || (grading && values.grade === undefined) || !body.success) {
      const problem = grading ? SERVER_MESSAGES.gradeInvalid : SERVER_MESSAGES.feedbackRequired;
      return { code: 2, out: [], err: [id === undefined ? SERVER_MESSAGES.notFound : problem, ADMIN_USAGE] };
    }
    const decision =
      grading && 'grade' in body.data
        ? {
            status: 'Reviewed' as const,
            grade: body.data.grade,
            feedback: body.data.feedback?.trim() || null,
          }
        : { status: 'Returned' as const, feedback: body.data.feedback ?? '' };
    return runAdminAction(
      {
        path: `/admin/submissions/${id}/${grading ? 'grade' : 'return'}/`,
        decision: true,
        body: body.data,
        email: `submission ${id}`,
        parse: (answer) => {
          const parsed = reviewedAnswerSchema.safeParse(answer);
          return parsed.success ? parsed.data.data : undefined;
        },
        // On the database no socket is open: the trainee reads the notification on the next visit.
        offline: (db, actor) =>
          reviewSubmissionBy(db, decider(actor), createNotifier(db), offlineOrigin(env), id, decision),
        describe: (submission, where) => [
          submission.status === 'Reviewed'
            ? `Graded submission ${submission.id} ${submission.grade ?? ''}/10 (${where}): ${submission.trainee_email}, ${submission.lecture_title}. The trainee is notified.`
            : `Returned submission ${submission.id} (${where}) to ${submission.trainee_email}, ${submission.lecture_title}: they can submit again and are notified.`,
        ],
      },
      values.url,
      env,
    );
  }

  if (command === 'revoke-certificate' && email && args.length === 1) {
    const request = revokeRequestSchema.safeParse({ code: email, reason: values.reason ?? '' });
    if (!request.success) {
      return { code: 2, out: [], err: [VERIFICATION_MESSAGES.revokeReasonInvalid, ADMIN_USAGE] };
    }
    return runAdminAction(
      {
        path: '/admin/revoke-certificate/',
        decision: true,
        body: request.data,
        email: `certificate ${email}`,
        parse: (body) => {
          const answer = revokeResponseSchema.safeParse(body);
          return answer.success ? answer.data.data : undefined;
        },
        // On the database no socket is open: the holder reads the notification on the next visit.
        offline: (db, actor) =>
          revokeAndNotify(db, createNotifier(db), request.data.code, request.data.reason, decider(actor)),
        describe: ({ certificate, already_revoked }, where) => [
          already_revoked
            ? `Certificate ${certificate.code} (${certificate.holder_name}, ${certificate.course_title}) was already revoked on ${certificate.revoked_at} (${where}). Reason: ${certificate.revoke_reason}`
            : `Revoked certificate ${certificate.code} (${certificate.holder_name}, ${certificate.course_title}) (${where}). Reason: ${certificate.revoke_reason}. Its page now says it was revoked, and the holder is notified.`,
        ],
      },
      values.url,
      env,
    );
  }

  if (command === 'certificates' && email && args.length === 1) {
    return runAdminAction(
      {
        path: `/admin/certificates/?email=${encodeURIComponent(email)}`,
        method: 'GET',
        body: null,
        email,
        parse: (body) => {
          const answer = certificateListSchema.safeParse(body);
          return answer.success ? answer.data.data : undefined;
        },
        offline: (db) => certificatesOf(db, email),
        describe: (list, where) => certificateListLines(list.email, list.certificates, where),
      },
      values.url,
      env,
    );
  }

  return { code: 2, out: [], err: [ADMIN_USAGE] };
}

function certificateListLines(email: string, certificates: CertificateRow[], where: string): string[] {
  if (certificates.length === 0) return [`${email} has no certificate (${where}).`];
  return [
    `${certificates.length} certificate${certificates.length === 1 ? '' : 's'} of ${email} (${where}):`,
    ...certificates.map(
      (certificate) =>
        `${certificate.code}  course ${certificate.course_id} ${certificate.course_title}  issued ${certificate.issued_at}  ${
          certificate.revoked_at
            ? `revoked ${certificate.revoked_at}: ${certificate.revoke_reason}`
            : 'not revoked'
        }`,
    ),
  ];
}

const submissionListSchema = z.object({ data: z.array(reviewedSubmissionSchema) });
const reviewedAnswerSchema = z.object({ data: reviewedSubmissionSchema });

function submissionListLines(submissions: ReviewedSubmission[], where: string): string[] {
  if (submissions.length === 0) return [`No submission waits for a grade (${where}).`];
  return [
    `${submissions.length} submission${submissions.length === 1 ? '' : 's'} waiting for a grade (${where}):`,
    ...submissions.map(
      (submission) =>
        `  #${submission.id}  ${submission.submitted_at}  ${submission.trainee_email}  ${submission.course_title} / ${submission.lecture_title} (attempt ${submission.attempt})`,
    ),
  ];
}

function courseDecisionLines(decision: CourseDecision, where: string): string[] {
  const told = `${decision.notified} ${decision.notified === 1 ? 'person is' : 'people are'} notified`;
  if (decision.status === 'Rejected') {
    return [
      `Rejected ${decision.title} (course ${decision.course_id}, ${where}): ${decision.reason ?? ''}`,
      `The trainer can edit it and send it again; ${told}.`,
    ];
  }
  const surveys = decision.survey_lectures.length;
  return [
    `Approved ${decision.title} (course ${decision.course_id}, ${where}): it is in the public catalogue, ` +
      `with ${surveys} evaluation survey${surveys === 1 ? '' : 's'} added; ${told}.`,
  ];
}

function withdrawalLines(decision: WithdrawalDecision, where: string): string[] {
  const who = `${decision.email} from ${decision.course_title} (course ${decision.course_id})`;
  if (decision.status === 'enrolled') {
    return [`Refused the withdrawal of ${who} (${where}). They stay enrolled and are notified.`];
  }
  const lines = [
    `${decision.status === 'dropped' ? 'Dropped' : 'Withdrew'} ${who} (${where}). They are notified.`,
  ];
  const refund = decision.refund;
  if (!refund) {
    lines.push(
      decision.status === 'dropped'
        ? 'No payment to refund.'
        : 'No refund: the withdrawal was asked after the course started.',
    );
  } else if (refund.refund_status === 'refunded') {
    lines.push(
      `Payment ${refund.payment_id} is refunded in full through the gateway: ${riyals(refund.total)} SAR.`,
    );
  } else if (refund.method === 'card') {
    lines.push(
      `Payment ${refund.payment_id} (${riyals(refund.total)} SAR by card) has its refund due: run ` +
        `npm run admin -- refund-payment ${refund.payment_id} while the server runs.`,
    );
  } else {
    lines.push(
      `Payment ${refund.payment_id} (${riyals(refund.total)} SAR by ${refund.method}) has its refund due: ` +
        'the centre pays it back.',
    );
  }
  return lines;
}

/** A confirmed payment as the command prints it. */
interface ConfirmedPayment {
  id: string;
  total: number;
  title: string;
  receipt: number | null;
}

function confirmedOf(payment: Payment): ConfirmedPayment {
  return {
    id: payment.id,
    total: payment.total,
    title: payment.course.title,
    receipt: payment.receipt_number,
  };
}

function parseAdminArgs(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      name: { type: 'string' },
      link: { type: 'string' },
      'title-ar': { type: 'string' },
      'text-ar': { type: 'string' },
      reason: { type: 'string' },
      grade: { type: 'string' },
      feedback: { type: 'string' },
      code: { type: 'string' },
      'password-stdin': { type: 'boolean' },
    },
    allowPositionals: true,
  });
  const [command, ...args] = positionals;
  return { command, args, values };
}

const OUTBOX_USAGE = 'Usage: npm run outbox [-- EMAIL] [--limit N] [--url URL]';

export function formatMail(mail: OutboxMail): string[] {
  const how =
    mail.status === 'sent'
      ? ({ outbox: 'kept in the outbox', smtp: 'sent over SMTP', sms: 'sent to the SMS provider' }[
          mail.transport ?? ''
        ] ?? 'sent')
      : mail.status === 'failed'
        ? `failed: ${mail.last_error ?? ''}`
        : `${mail.status}${mail.last_error ? ` (last try: ${mail.last_error})` : ''}`;
  return [
    `#${mail.id}  ${mail.created_at}  ${mail.channel === 'sms' ? 'text' : 'mail'} to ${mail.to_address}  [${how}]`,
    `  ${mail.subject}`,
    ...(mail.otp ? [`  code: ${mail.otp}`] : []),
    ...mail.body.split('\n').map((line) => (line ? `  | ${line}` : '  |')),
    '',
  ];
}

/** `npm run outbox [-- EMAIL] [--limit N] [--url URL]`: the latest mails, newest first. */
export async function outboxCommand(argv: string[], { env }: CommandContext): Promise<CommandResult> {
  const out: string[] = [];
  const err: string[] = [];
  let values: { url?: string | undefined; limit?: string | undefined };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: { url: { type: 'string' }, limit: { type: 'string' } },
      allowPositionals: true,
    }));
  } catch (error) {
    return { code: 2, out, err: [(error as Error).message, OUTBOX_USAGE] };
  }
  const limit = values.limit === undefined ? 10 : Number(values.limit);
  if (positionals.length > 1 || !Number.isInteger(limit) || limit < 1)
    return { code: 2, out, err: [OUTBOX_USAGE] };
  const to = positionals[0];

  let target = serverTarget(values.url, env);
  const query = new URLSearchParams({ limit: String(limit), ...(to ? { to } : {}) });
  let mails: OutboxMail[];
  let where: string;
  try {
    const token = await readAdminToken(target.dataDir);
    let answer: ServerAnswer;
    ({ target, answer } = await askServer(target, env, `/dev/outbox/?${query}`, {
      headers: { [ADMIN_TOKEN_HEADER]: token ?? '' },
    }));
    if (answer === 'no-server') {
      mails = await withDataDb(target, env, (db) => readOutbox(db, { to, limit }));
      where = `the database of ${target.dataDir}`;
    } else if (answer.status === 200 && Array.isArray(answer.body)) {
      mails = answer.body as OutboxMail[];
      where = `the server at ${target.url}`;
    } else if (answer.status === 401) {
      err.push(adminTokenRefusal(target, token));
      return { code: 1, out, err };
    } else if (answer.status === 404) {
      err.push(
        `The server at ${target.url} has no outbox endpoint (it is not served when NODE_ENV=production).`,
      );
      return { code: 1, out, err };
    } else {
      err.push(describeFailure(answer.status, answer.body));
      return { code: 1, out, err };
    }
  } catch (error) {
    err.push((error as Error).message);
    return { code: 1, out, err };
  }

  if (mails.length === 0) {
    out.push(`No mail${to ? ` to ${to}` : ''} in the outbox (${where}).`);
    return { code: 0, out, err };
  }
  out.push(
    `Latest ${mails.length} mail${mails.length === 1 ? '' : 's'}${to ? ` to ${to}` : ''} (${where}):`,
    '',
  );
  for (const mail of mails) out.push(...formatMail(mail));
  return { code: 0, out, err };
}

/** Runs a command as a script: prints its output and exits with its code. */
export function runCommand(command: (argv: string[], context: CommandContext) => Promise<CommandResult>) {
  command(process.argv.slice(2), { env: process.env, ask: terminalAsk(), readStdin: readAllStdin }).then(
    ({ code, out, err }) => {
      if (out.length) console.log(out.join('\n'));
      if (err.length) console.error(err.join('\n'));
      process.exit(code);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
