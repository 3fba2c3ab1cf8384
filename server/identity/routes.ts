import {
  forgotPasswordFormSchema,
  normaliseCode,
  normaliseGovtId,
  normalisePhone,
  otpFormSchema,
  REGISTRATION_FIELDS,
  registrationFormSchema,
  resetPasswordFormSchema,
} from '@contract/forms/auth';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { Role } from '@contract/wire/common';
import {
  confirmationResponseSchema,
  otpVerifyResponseSchema,
  registrationResponseSchema,
} from '@contract/wire/identity';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as z from 'zod/mini';
import { checkOtp, generateOtp, issueOtp, retireOtps, spendOtpIssue } from '../auth/otp';
import { hashPassword } from '../auth/passwords';
import {
  isResetTokenUsable,
  issueResetToken,
  retireResetTokens,
  spendResetToken,
} from '../auth/reset-tokens';
import { revokeSessions, startSession } from '../auth/sessions';
import { TokenError } from '../auth/tokens';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem, problemResponse } from '../http';
import { codeExpiry, queueMail, queueText, resetCodeText } from '../mail';
import type { Mounts } from '../mounts';
import { beginCodeCheck, clearSignInLock, spendMailAllowance } from '../rate-limits';
import { notifyStaff } from '../staff/notify';
import { CV_MAX_BYTES, cvProblem, type StoredUpload } from '../uploads';
import { findUnverifiedUser, findUserById, findVerifiedUser, toPublicUser } from '../users';
import { formBody, formDetails, jsonForm } from '../validation';
import {
  createApplicant,
  DetailTakenError,
  markVerified,
  RecentApplicationError,
  setPasswordHash,
} from './queries';

const OTP_FIELDS = ['email_or_phone', 'otp_code'] as const;
const RESET_FIELDS = ['new_password', 'confirm_password'] as const;

/** The CV plus the text fields: the text takes a few kilobytes at most. */
const MAX_REGISTRATION_BYTES = CV_MAX_BYTES + 64 * 1024;

const otpVerifyFormSchema = z.object({ ...forgotPasswordFormSchema.shape, ...otpFormSchema.shape });

const TAKEN_MESSAGES = {
  email: SERVER_MESSAGES.emailTaken,
  govt_id_or_iqama_no: SERVER_MESSAGES.govtIdTaken,
} as const;

/** A CV over the size limit is refused before it is read. */
const registrationLimit = bodyLimit({
  maxSize: MAX_REGISTRATION_BYTES,
  onError: (c) =>
    problemResponse(c, new HttpProblem(400, { field: 'cv', message: SERVER_MESSAGES.cvTooLarge })),
});

/** The sign-up form: its text fields by the form rules, the role, and a trainer's CV if any. */
const registrationForm = formBody(SERVER_MESSAGES.multipartRequired, async (form) => {
  const values = form.text(REGISTRATION_FIELDS);
  const details = formDetails(registrationFormSchema, values, REGISTRATION_FIELDS);
  const sentRole = form.get('role');
  const role: Role | null = sentRole === 'TRAINEE' || sentRole === 'TRAINER' ? sentRole : null;
  if (!role) details.push({ field: 'role', message: SERVER_MESSAGES.roleInvalid });
  // A form without a chosen file still sends an empty, nameless part.
  const upload = form.get('cv');
  const cv = role === 'TRAINER' && upload instanceof File && (upload.size > 0 || upload.name) ? upload : null;
  const cvRefusal = cv && (await cvProblem(cv));
  if (cvRefusal) details.push({ field: 'cv', message: cvRefusal });
  if (details.length > 0 || !role) throw new HttpProblem(400, details);
  return { ...values, role, cv };
});

/** /user/…: sign-up, its e-mailed code, and password reset. */
export function identityRoutes(deps: Deps): Mounts {
  const { db, tokens, uploads, limiter, onSessionsRevoked } = deps;
  const registration = new Hono<AppEnv>();
  registration.post('/', registrationLimit, registrationForm, async (c) => {
    const form = c.req.valid('form');
    const passwordHash = await hashPassword(form.password);
    const code = generateOtp();
    const stored: StoredUpload | null = form.cv ? await uploads.storeCv(form.cv) : null;
    let created: Awaited<ReturnType<typeof createApplicant>>;
    try {
      // The account, its code and the mail are written together or not at all.
      created = await db.transaction(async (tx) => {
        const applied = await createApplicant(tx, {
          full_name: form.full_name,
          email: form.email,
          phone_number: normalisePhone(form.phone_number) || null,
          govt_id_or_iqama_no: normaliseGovtId(form.govt_id_or_iqama_no),
          role: form.role,
          password_hash: passwordHash,
          cv_file: stored?.file ?? null,
          cv_name: stored?.name ?? null,
        });
        await issueOtp(tx, applied.user.id, 'registration', code);
        // Counted with the mail: a sign-up that sends none (refused, rolled back) costs nothing.
        await spendMailAllowance(limiter, c, applied.user.email, tx);
        await queueMail(
          tx,
          deps.publicOrigin(),
          applied.user.email,
          { kind: 'registration', code, name: applied.user.full_name },
          { expiresAt: codeExpiry() },
        );
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
    const { email } = created.user;
    return c.json(registrationResponseSchema.parse({ success: true, data: { email } }), 201);
  });

  const otpVerify = new Hono<AppEnv>();
  otpVerify.post('/', jsonForm(otpVerifyFormSchema, OTP_FIELDS), async (c) => {
    const values = c.req.valid('json');
    // Every try counts against the address across all its codes; a locked one gets 429.
    const attempt = await beginCodeCheck(limiter, values.email_or_phone);
    const check = await checkOtp(db, values.email_or_phone, normaliseCode(values.otp_code));
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

    // A trainer's application waits for the staff once the address is confirmed: they are told.
    const announce = await db.transaction(async (tx) => {
      await markVerified(tx, user.id);
      if (user.role !== 'TRAINER' || user.approved) return undefined;
      return notifyStaff(tx, deps.notifier, 'trainer', { en: user.full_name, ar: user.full_name });
    });
    await announce?.();
    // A trainer signs in once an administrator has approved the application.
    // Staff sign in with their second factor, never through a code check.
    if (user.role !== 'TRAINEE' || !user.approved) {
      return c.json(otpVerifyResponseSchema.parse({ success: true }));
    }
    const session = await startSession(db, tokens, user);
    return c.json(otpVerifyResponseSchema.parse({ success: true, ...session, data: toPublicUser(user) }));
  });

  const resetPassword = new Hono<AppEnv>();
  resetPassword.post('/', jsonForm(forgotPasswordFormSchema, ['email_or_phone']), async (c) => {
    const { email_or_phone } = c.req.valid('json');
    // The same answer, in about the same time, whether or not an account matches: the mail limits
    // count the submitted address either way.
    await spendMailAllowance(limiter, c, email_or_phone);
    const user = await findVerifiedUser(db, email_or_phone);
    if (user) {
      await db.transaction(async (tx) => {
        const code = await issueOtp(tx, user.id, 'reset');
        // Asked for by phone: the code goes to that phone, by text; by e-mail address: by mail.
        const byPhone = !email_or_phone.includes('@') && user.phone_number;
        if (byPhone && (await queueText(tx, user.phone_number as string, resetCodeText(code)))) return;
        await queueMail(
          tx,
          deps.publicOrigin(),
          user.email,
          { kind: 'reset', code, name: user.full_name },
          { expiresAt: codeExpiry() },
        );
      });
    } else {
      await spendOtpIssue();
    }
    return c.json(confirmationResponseSchema.parse({ success: true, message: SERVER_MESSAGES.otpSent }));
  });

  // Not in the spec: a new sign-up code for an account still waiting for its own (the first was
  // lost, expired or spent on too many tries). The same answer whether or not one waits.
  const resendOtp = new Hono<AppEnv>();
  resendOtp.post('/', jsonForm(forgotPasswordFormSchema, ['email_or_phone']), async (c) => {
    const { email_or_phone } = c.req.valid('json');
    await spendMailAllowance(limiter, c, email_or_phone);
    const user = await findUnverifiedUser(db, email_or_phone);
    if (user) {
      await db.transaction(async (tx) => {
        const code = await issueOtp(tx, user.id, 'registration');
        await queueMail(
          tx,
          deps.publicOrigin(),
          user.email,
          { kind: 'registration', code, name: user.full_name },
          { expiresAt: codeExpiry() },
        );
      });
    } else {
      await spendOtpIssue();
    }
    return c.json(confirmationResponseSchema.parse({ success: true, message: SERVER_MESSAGES.otpSent }));
  });

  const expired = { field: 'token', message: SERVER_MESSAGES.resetTokenInvalid } as const;
  const setPasswordForm = jsonForm(resetPasswordFormSchema, RESET_FIELDS, {
    extra: ['token'],
    // Told together with the password's broken rules.
    more: async ({ token }) => ((await isResetTokenUsable(db, tokens, token)) ? [] : [expired]),
  });

  const setPassword = new Hono<AppEnv>();
  setPassword.post('/', setPasswordForm, async (c) => {
    const { new_password, token } = c.req.valid('json');
    const passwordHash = await hashPassword(new_password);
    let userId: number;
    try {
      // The token is spent only together with the new password and the end of the old sessions.
      userId = await db.transaction(async (tx) => {
        const owner = await spendResetToken(tx, tokens, token);
        const email = await setPasswordHash(tx, owner, passwordHash);
        // The new password works at once, even if guessers had locked the account's sign-in.
        if (email) await clearSignInLock(limiter, email, tx);
        await revokeSessions(tx, owner);
        await retireResetTokens(tx, owner);
        await retireOtps(tx, owner);
        return owner;
      });
    } catch (error) {
      if (error instanceof TokenError) throw new HttpProblem(400, expired);
      throw error;
    }
    onSessionsRevoked(userId);
    return c.json(
      confirmationResponseSchema.parse({ success: true, message: SERVER_MESSAGES.passwordReset }),
    );
  });

  return [
    ['/user/registration/', registration],
    ['/user/otp-verify/', otpVerify],
    ['/user/reset-password/', resetPassword],
    ['/user/resend-otp/', resendOtp],
    ['/user/set-password/', setPassword],
  ];
}
