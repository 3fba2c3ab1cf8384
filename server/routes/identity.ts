import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as z from 'zod/mini';
import {
  confirmationResponseSchema,
  otpVerifyResponseSchema,
  registrationResponseSchema,
} from '../../src/contract/auth';
import {
  forgotPasswordFormSchema,
  normalisePhone,
  otpFormSchema,
  registrationFormSchema,
  resetPasswordFormSchema,
} from '../../src/contract/auth-forms';
import { validate } from '../../src/contract/rules';
import { SERVER_MESSAGES } from '../../src/contract/server-messages';
import { checkOtp, generateOtp, issueOtp, retireOtps, spendOtpIssue } from '../auth/otp';
import { hashPassword } from '../auth/passwords';
import {
  isResetTokenUsable,
  issueResetToken,
  retireResetTokens,
  spendResetToken,
} from '../auth/reset-tokens';
import { revokeSessions, type SessionsRevokedHook, startSession } from '../auth/sessions';
import { TokenError, type TokenService } from '../auth/tokens';
import type { Db } from '../db';
import {
  type AppEnv,
  checkForm,
  fieldDetails,
  formFields,
  HttpProblem,
  jsonBodyLimit,
  type ProblemDetail,
  problemResponse,
  readJsonFields,
} from '../http';
import { otpMail, sendMail } from '../mail';
import { beginCodeCheck, clearSignInLock, type RateLimiter, spendMailAllowance } from '../rate-limits';
import { CV_MAX_BYTES, cvProblem, type StoredUpload, type UploadStore } from '../uploads';
import {
  createApplicant,
  DetailTakenError,
  findUserById,
  findVerifiedUser,
  RecentApplicationError,
  toPublicUser,
} from '../users';

const REGISTRATION_FIELDS = [
  'full_name',
  'email',
  'phone_number',
  'govt_id_or_iqama_no',
  'password',
  'confirm_password',
] as const;
const OTP_FIELDS = ['email_or_phone', 'otp_code'] as const;
const RESET_FIELDS = ['new_password', 'confirm_password'] as const;

/** The CV plus the text fields: the text takes a few kilobytes at most. */
const MAX_REGISTRATION_BYTES = CV_MAX_BYTES + 64 * 1024;
const FORM_CONTENT = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

const otpVerifyFormSchema = z.object({ ...forgotPasswordFormSchema.shape, ...otpFormSchema.shape });

const TAKEN_MESSAGES = {
  email: SERVER_MESSAGES.emailTaken,
  govt_id_or_iqama_no: SERVER_MESSAGES.govtIdTaken,
} as const;

export interface IdentityDeps {
  db: Db;
  tokens: TokenService;
  uploads: UploadStore;
  limiter: RateLimiter;
  /** Told once a password reset has ended every session of the user (their sockets close). */
  onSessionsRevoked?: SessionsRevokedHook | undefined;
}

/** /user/…: sign-up, its e-mailed code, and password reset. */
export function identityRoutes({
  db,
  tokens,
  uploads,
  limiter,
  onSessionsRevoked,
}: IdentityDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post(
    '/registration/',
    bodyLimit({
      maxSize: MAX_REGISTRATION_BYTES,
      onError: (c) =>
        problemResponse(c, new HttpProblem(400, { field: 'cv', message: SERVER_MESSAGES.cvTooLarge })),
    }),
    async (c) => {
      if (!FORM_CONTENT.test(c.req.header('Content-Type') ?? '')) {
        throw new HttpProblem(400, SERVER_MESSAGES.multipartRequired);
      }
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw new HttpProblem(400, SERVER_MESSAGES.multipartRequired);
      }
      const values = formFields(form, REGISTRATION_FIELDS);
      const details: ProblemDetail[] = fieldDetails(
        validate(registrationFormSchema, values),
        REGISTRATION_FIELDS,
      );
      const sentRole = form.get('role');
      const role = sentRole === 'TRAINEE' || sentRole === 'TRAINER' ? sentRole : null;
      if (!role) details.push({ field: 'role', message: SERVER_MESSAGES.roleInvalid });
      // A form without a chosen file still sends an empty, nameless part.
      const upload = form.get('cv');
      const cv =
        role === 'TRAINER' && upload instanceof File && (upload.size > 0 || upload.name) ? upload : null;
      const cvRefusal = cv && (await cvProblem(cv));
      if (cvRefusal) details.push({ field: 'cv', message: cvRefusal });
      if (details.length > 0 || !role) throw new HttpProblem(400, details);

      const passwordHash = await hashPassword(values.password);
      const code = generateOtp();
      let stored: StoredUpload | null = null;
      if (cv) stored = await uploads.storeCv(cv);
      let created: Awaited<ReturnType<typeof createApplicant>>;
      try {
        // The account, its code and the mail are written together or not at all.
        created = await db.transaction(async (tx) => {
          const applied = await createApplicant(tx, {
            full_name: values.full_name,
            email: values.email,
            phone_number: normalisePhone(values.phone_number) || null,
            govt_id_or_iqama_no: values.govt_id_or_iqama_no.trim(),
            role,
            password_hash: passwordHash,
            cv_file: stored?.file ?? null,
            cv_name: stored?.name ?? null,
          });
          await issueOtp(tx, applied.user.id, 'registration', code);
          // Counted with the mail: a sign-up that sends none (refused, rolled back) costs nothing.
          await spendMailAllowance(limiter, c, applied.user.email, tx);
          await sendMail(tx, otpMail(applied.user.email, 'registration', code, applied.user.full_name));
          return applied;
        });
      } catch (error) {
        if (stored) await uploads.remove(stored.file);
        if (error instanceof DetailTakenError) {
          throw new HttpProblem(400, { field: error.detail, message: TAKEN_MESSAGES[error.detail] });
        }
        if (error instanceof RecentApplicationError) {
          throw new HttpProblem(400, { field: 'email', message: SERVER_MESSAGES.codeSentRecently });
        }
        throw error;
      }
      for (const file of created.replacedCvFiles) await uploads.remove(file);

      const { user } = created;
      return c.json(registrationResponseSchema.parse({ success: true, data: { email: user.email } }), 201);
    },
  );

  routes.post('/otp-verify/', jsonBodyLimit(), async (c) => {
    const values = await readJsonFields(c, OTP_FIELDS);
    checkForm(otpVerifyFormSchema, values, OTP_FIELDS);

    // Every try counts against the address across all its codes; a locked one gets 429.
    const attempt = await beginCodeCheck(limiter, values.email_or_phone);
    const check = await checkOtp(db, values.email_or_phone, values.otp_code);
    const invalid = new HttpProblem(400, { field: 'otp_code', message: SERVER_MESSAGES.invalidOtp });
    if (!check.ok) {
      if (check.reason === 'too-many-attempts') {
        throw new HttpProblem(400, { field: 'otp_code', message: SERVER_MESSAGES.tooManyOtpAttempts });
      }
      throw invalid;
    }
    await attempt.succeeded();
    const user = await findUserById(db, check.userId);
    if (!user) throw invalid;

    if (check.purpose === 'reset') {
      const token = await issueResetToken(db, tokens, user);
      return c.json(otpVerifyResponseSchema.parse({ success: true, token }));
    }

    await db.query('UPDATE users SET verified = true WHERE id = $1', [user.id]);
    // A trainer signs in once an administrator has approved the application.
    if (user.role === 'TRAINER' || !user.approved) {
      return c.json(otpVerifyResponseSchema.parse({ success: true }));
    }
    const session = await startSession(db, tokens, user);
    return c.json(otpVerifyResponseSchema.parse({ success: true, ...session, data: toPublicUser(user) }));
  });

  routes.post('/reset-password/', jsonBodyLimit(), async (c) => {
    const values = await readJsonFields(c, ['email_or_phone']);
    checkForm(forgotPasswordFormSchema, values, ['email_or_phone']);

    // The same answer, in about the same time, whether or not an account matches: the mail limits
    // count the submitted address either way.
    await spendMailAllowance(limiter, c, values.email_or_phone);
    const user = await findVerifiedUser(db, values.email_or_phone);
    if (user) {
      const code = await issueOtp(db, user.id, 'reset');
      await sendMail(db, otpMail(user.email, 'reset', code, user.full_name));
    } else {
      await spendOtpIssue();
    }
    return c.json(confirmationResponseSchema.parse({ success: true, message: SERVER_MESSAGES.otpSent }));
  });

  routes.post('/set-password/', jsonBodyLimit(), async (c) => {
    const values = await readJsonFields(c, [...RESET_FIELDS, 'token']);
    const expired = { field: 'token', message: SERVER_MESSAGES.resetTokenInvalid } as const;
    const details: ProblemDetail[] = fieldDetails(validate(resetPasswordFormSchema, values), RESET_FIELDS);
    if (!(await isResetTokenUsable(db, tokens, values.token))) details.push(expired);
    if (details.length > 0) throw new HttpProblem(400, details);

    const passwordHash = await hashPassword(values.new_password);
    let userId: number;
    try {
      // The token is spent only together with the new password and the end of the old sessions.
      userId = await db.transaction(async (tx) => {
        const owner = await spendResetToken(tx, tokens, values.token);
        const { rows } = await tx.query<{ email: string }>(
          'UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING email',
          [owner, passwordHash],
        );
        // The new password works at once, even if guessers had locked the account's sign-in.
        if (rows[0]) await clearSignInLock(limiter, rows[0].email, tx);
        await revokeSessions(tx, owner);
        await retireResetTokens(tx, owner);
        await retireOtps(tx, owner);
        return owner;
      });
    } catch (error) {
      if (error instanceof TokenError) throw new HttpProblem(400, expired);
      throw error;
    }
    onSessionsRevoked?.(userId);
    return c.json(
      confirmationResponseSchema.parse({ success: true, message: SERVER_MESSAGES.passwordReset }),
    );
  });

  return routes;
}
