import { normaliseCode, otpFormSchema } from '@contract/forms/auth';
import {
  changePasswordFormSchema,
  closeAccountFormSchema,
  emailChangeFormSchema,
  profileFormSchema,
  profileRequestOf,
} from '@contract/forms/profile';
import { PROFILE_MESSAGES } from '@contract/messages/profile';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { confirmationResponseSchema } from '@contract/wire/identity';
import {
  changePasswordResponseSchema,
  PHOTO_MAX_BYTES,
  type Profile,
  profileSchema,
} from '@contract/wire/profile';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requireAuth } from '../auth/middleware';
import { checkEmailChangeOtp, issueOtp, retireOtps } from '../auth/otp';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { retireResetTokens } from '../auth/reset-tokens';
import { revokeSessions, startSession } from '../auth/sessions';
import type { Deps } from '../deps';
import { storedFileResponse } from '../file-response';
import { type AppEnv, HttpProblem, type ProblemDetail, problemResponse } from '../http';
import { codeExpiry, queueMail } from '../mail';
import type { Mounts } from '../mounts';
import {
  beginAccountCodeCheck,
  beginPasswordConfirm,
  clearSignInLock,
  spendMailAllowance,
} from '../rate-limits';
import { normaliseEmail } from '../users';
import { formBody, jsonForm } from '../validation';
import { checkPhoto, formatOfName, PHOTO_ADDRESS_PREFIX } from './photos';
import {
  changeEmail,
  closeAccount,
  closedEmailKey,
  emailUsedByAnother,
  findProfile,
  type ProfileDetail,
  ProfileDetailTakenError,
  setPhoto,
  updateProfile,
} from './queries';

const PROFILE_FIELDS = ['full_name', 'phone_number', 'govt_id_or_iqama_no', 'user_type'] as const;
const PASSWORD_FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

const TAKEN: Record<ProfileDetail, ProblemDetail> = {
  email: { field: 'email', message: SERVER_MESSAGES.emailTaken },
  phone_number: { field: 'phone_number', message: PROFILE_MESSAGES.phoneTaken },
  govt_id_or_iqama_no: { field: 'govt_id_or_iqama_no', message: SERVER_MESSAGES.govtIdTaken },
};

/** The photo and the form's few bytes around it; a larger body is refused before it is read. */
const photoLimit = bodyLimit({
  maxSize: PHOTO_MAX_BYTES + 16 * 1024,
  onError: (c) =>
    problemResponse(c, new HttpProblem(400, { field: 'image', message: PROFILE_MESSAGES.photoTooLarge })),
});

const photoForm = formBody(PROFILE_MESSAGES.photoMultipart, async (form) => {
  const upload = form.get('image');
  if (!(upload instanceof File) || upload.size === 0) {
    throw new HttpProblem(400, { field: 'image', message: PROFILE_MESSAGES.photoRequired });
  }
  const checked = await checkPhoto(upload);
  if (!checked.ok) throw new HttpProblem(400, { field: 'image', message: checked.message });
  return checked;
});

/**
 * /user/…: the signed-in person's profile (spec section 3 "Profile edit"), its e-mail change
 * confirmed by a code sent to the new address, the photo, the password change and closing the
 * account. Every call is the caller's own account: there is no id to name another.
 */
export function profileRoutes(deps: Deps): Mounts {
  const { db, tokens, uploads, limiter, onSessionsRevoked, secret } = deps;
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth(db, tokens);

  /** The caller's profile; a closed account has none (its tokens are refused before this anyway). */
  async function profileOf(userId: number): Promise<Profile> {
    const profile = await findProfile(db, userId);
    if (!profile) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return profile;
  }

  /** Checks the caller's password against the limit; a wrong one is 400 (a 401 would make the client refresh). */
  async function confirmPassword(userId: number, hash: string, password: string, field: string) {
    const attempt = await beginPasswordConfirm(limiter, userId);
    if (!(await verifyPassword(password, hash))) {
      throw new HttpProblem(400, { field, message: PROFILE_MESSAGES.wrongPassword });
    }
    await attempt.succeeded();
  }

  async function removeFiles(files: readonly string[]) {
    for (const file of files) await uploads.remove(file);
  }

  routes.get('/profile/', signedIn, async (c) =>
    c.json(profileSchema.parse(await profileOf(c.get('user').id))),
  );

  routes.patch('/profile/', signedIn, jsonForm(profileFormSchema, PROFILE_FIELDS), async (c) => {
    const userId = c.get('user').id;
    try {
      const saved = await db.transaction((tx) =>
        updateProfile(tx, userId, profileRequestOf(c.req.valid('json'))),
      );
      await removeFiles(saved.removedCvFiles);
      return c.json(profileSchema.parse(saved.profile));
    } catch (error) {
      if (error instanceof ProfileDetailTakenError) throw new HttpProblem(400, TAKEN[error.detail]);
      throw error;
    }
  });

  routes.post('/profile/email/', signedIn, jsonForm(emailChangeFormSchema, ['email']), async (c) => {
    const user = c.get('user');
    const email = normaliseEmail(c.req.valid('json').email);
    if (email === user.email)
      throw new HttpProblem(400, { field: 'email', message: PROFILE_MESSAGES.sameEmail });
    if (await emailUsedByAnother(db, email, user.id)) throw new HttpProblem(400, TAKEN.email);
    await db.transaction(async (tx) => {
      // Counted with the mail, as every mail with a code is (server/rate-limits.ts).
      await spendMailAllowance(limiter, c, email, tx);
      const code = await issueOtp(tx, user.id, 'email_change', undefined, email);
      await queueMail(
        tx,
        deps.publicOrigin(),
        email,
        { kind: 'email_change', code, name: user.full_name },
        { expiresAt: codeExpiry() },
      );
    });
    return c.json(confirmationResponseSchema.parse({ success: true, message: SERVER_MESSAGES.otpSent }));
  });

  routes.post('/profile/email/confirm/', signedIn, jsonForm(otpFormSchema, ['otp_code']), async (c) => {
    const user = c.get('user');
    const attempt = await beginAccountCodeCheck(limiter, user.id);
    const check = await checkEmailChangeOtp(db, user.id, normaliseCode(c.req.valid('json').otp_code));
    if (!check.ok) {
      const message =
        check.reason === 'none'
          ? PROFILE_MESSAGES.noEmailChange
          : check.reason === 'too-many-attempts'
            ? SERVER_MESSAGES.tooManyOtpAttempts
            : SERVER_MESSAGES.invalidOtp;
      throw new HttpProblem(400, { field: 'otp_code', message });
    }
    await attempt.succeeded();
    try {
      const changed = await db.transaction(async (tx) => {
        const result = await changeEmail(tx, user.id, check.newEmail);
        // The old address is told, so an owner whose session was taken learns of it.
        await queueMail(tx, deps.publicOrigin(), result.oldEmail, {
          kind: 'email_changed',
          newAddress: result.profile.email,
          name: result.profile.full_name,
        });
        // Guesses at the old address locked nothing of the new one; the old one's lock goes with it.
        await clearSignInLock(limiter, result.oldEmail, tx);
        return result;
      });
      await removeFiles(changed.removedCvFiles);
      return c.json(profileSchema.parse(changed.profile));
    } catch (error) {
      if (error instanceof ProfileDetailTakenError) throw new HttpProblem(400, TAKEN.email);
      throw error;
    }
  });

  routes.post('/profile/photo/', signedIn, photoLimit, photoForm, async (c) => {
    const { bytes, format } = c.req.valid('form');
    const file = await uploads.storePhoto(bytes, format.extension);
    const image = `${PHOTO_ADDRESS_PREFIX}${file.slice(file.lastIndexOf('/') + 1)}`;
    let changed: Awaited<ReturnType<typeof setPhoto>>;
    try {
      changed = await db.transaction((tx) => setPhoto(tx, c.get('user').id, { image, file }));
    } catch (error) {
      await uploads.remove(file);
      throw error;
    }
    if (changed.replacedFile) await uploads.remove(changed.replacedFile);
    return c.json(profileSchema.parse(changed.profile));
  });

  routes.delete('/profile/photo/', signedIn, async (c) => {
    const changed = await db.transaction((tx) => setPhoto(tx, c.get('user').id, null));
    if (changed.replacedFile) await uploads.remove(changed.replacedFile);
    return c.json(profileSchema.parse(changed.profile));
  });

  // Photos are shown wherever the person is (the header, a trainer's course cards): public, under
  // names nobody can guess, never changing (a new photo gets a new name).
  routes.get('/photos/:name', async (c) => {
    const name = c.req.param('name');
    const format = formatOfName(name);
    if (!format) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return storedFileResponse(c, uploads, `photos/${name}`, {
      'Content-Type': format.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  routes.post(
    '/change-password/',
    signedIn,
    jsonForm(changePasswordFormSchema, PASSWORD_FIELDS),
    async (c) => {
      const user = c.get('user');
      const { current_password, new_password } = c.req.valid('json');
      await confirmPassword(user.id, user.password_hash, current_password, 'current_password');
      const passwordHash = await hashPassword(new_password);
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, passwordHash]);
        // Every session ends (its tokens and sockets); the caller's goes on with the new pair below.
        await revokeSessions(tx, user.id);
        await retireResetTokens(tx, user.id);
        await retireOtps(tx, user.id);
        await clearSignInLock(limiter, user.email, tx);
      });
      onSessionsRevoked(user.id);
      const session = await startSession(db, tokens, user);
      return c.json(
        changePasswordResponseSchema.parse({
          success: true,
          message: PROFILE_MESSAGES.passwordChanged,
          ...session,
        }),
      );
    },
  );

  routes.post('/close-account/', signedIn, jsonForm(closeAccountFormSchema, ['password']), async (c) => {
    const user = c.get('user');
    await confirmPassword(user.id, user.password_hash, c.req.valid('json').password, 'password');
    const files = await db.transaction(async (tx) => {
      const closed = await closeAccount(tx, user.id, closedEmailKey(secret, user.email));
      await revokeSessions(tx, user.id);
      await clearSignInLock(limiter, user.email, tx);
      return closed;
    });
    onSessionsRevoked(user.id);
    await removeFiles(files);
    return c.json(
      confirmationResponseSchema.parse({ success: true, message: PROFILE_MESSAGES.accountClosed }),
    );
  });

  return [['/user/', routes]];
}
