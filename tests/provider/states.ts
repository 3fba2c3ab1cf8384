import { generateOtp, issueOtp } from '../../server/auth/otp';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';
import { issueResetToken } from '../../server/auth/reset-tokens';
import { revokeSessions, startSession } from '../../server/auth/sessions';
import type { Db } from '../../server/db';
import { DEMO_ACCOUNTS, PENDING_TRAINER } from '../../server/demo-accounts';
import { createApplicant } from '../../server/identity/queries';
import { closeAccount, closedEmailKey } from '../../server/profile/queries';
import { seed } from '../../server/seed';
import type { TestServer } from '../../server/testing';
import { ensureUser, findUserByEmail, normaliseEmail, setUserApproved } from '../../server/users';
import {
  APPLICANTS,
  CLOSED_ACCOUNT,
  INJECTED_ACCESS_TOKEN,
  INJECTED_OTP_CODE,
  INJECTED_REFRESH_TOKEN,
  INJECTED_RESET_TOKEN,
  PROFILE_PERSON,
  PROVIDER_STATES,
  WRONG_OTP,
} from '../pact/states';
import { attendanceStateHandlers } from './attendance-states';
import { classStateHandlers } from './authoring-class-states';
import { authoringCourseStateHandlers } from './authoring-course-states';
import { certificateStateHandlers } from './certificates-states';
import { chatStateHandlers } from './chat-states';
import { gradingStateHandlers } from './grading-states';
import { historyStateHandlers } from './history-states';
import { invitationStateHandlers } from './invitations-states';
import { learningStateHandlers } from './learning-states';
import type { StateHandlers } from './pact-files';
import { paymentStateHandlers } from './payment-states';
import { publicStateHandlers } from './public-states';
import { recordsStateHandlers } from './records-states';
import { reviewsStateHandlers } from './reviews-states';
import { scheduleStateHandlers } from './schedule-states';
import { staffStateHandlers } from './staff-states';
import { uploadStateHandlers } from './upload-states';

type Applicant = (typeof APPLICANTS)[keyof typeof APPLICANTS];

/** Removes every account that uses the applicant's e-mail address or id. */
async function unregister(db: Db, applicant: Applicant): Promise<void> {
  await db.query('DELETE FROM users WHERE email = $1 OR govt_id_or_iqama_no = $2', [
    normaliseEmail(applicant.email),
    applicant.govt_id_or_iqama_no,
  ]);
}

/** A code the contracts' wrong code can never be. */
function freshOtp(): string {
  let code = generateOtp();
  while (code === WRONG_OTP) code = generateOtp();
  return code;
}

/** Sets up, in the test server's database, each state the consumer pacts name. */
export function stateHandlers(server: TestServer): StateHandlers {
  const { db, tokens } = server;

  /** The demo trainee as seeded: verified, with the demo password (an interaction may change it). */
  async function trainee() {
    await seed(db);
    const account = DEMO_ACCOUNTS.trainee;
    const user = await findUserByEmail(db, account.email);
    if (!user) throw new Error('The seed did not create the demo trainee');
    if (!(await verifyPassword(account.password, user.password_hash))) {
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
        user.id,
        await hashPassword(account.password),
      ]);
    }
    // Verified and approved; no user type or photo, as the profile contracts expect to find it.
    await db.query(
      'UPDATE users SET verified = true, approved = true, user_type = NULL, image = NULL, photo_file = NULL WHERE id = $1',
      [user.id],
    );
    return user;
  }

  /** A person of the profile contracts, made anew: verified, with their password and no codes. */
  async function freshPerson(person: typeof PROFILE_PERSON | typeof CLOSED_ACCOUNT) {
    const emails = [person.email, 'newEmail' in person ? person.newEmail : person.email].map(normaliseEmail);
    await db.query('DELETE FROM users WHERE email = ANY($1::text[]) OR govt_id_or_iqama_no = $2', [
      emails,
      person.govt_id_or_iqama_no,
    ]);
    return ensureUser(db, { ...person, role: 'TRAINEE', approved: true });
  }

  return {
    ...publicStateHandlers(server, trainee),
    ...paymentStateHandlers(server, trainee),
    ...learningStateHandlers(server, trainee),
    ...authoringCourseStateHandlers(server),
    ...classStateHandlers(server, trainee),
    ...gradingStateHandlers(server),
    ...scheduleStateHandlers(server, trainee),
    ...recordsStateHandlers(server),
    ...certificateStateHandlers(server),
    ...reviewsStateHandlers(server),
    ...chatStateHandlers(server),
    ...invitationStateHandlers(server),
    ...historyStateHandlers(server, trainee),
    ...attendanceStateHandlers(server, trainee),
    ...uploadStateHandlers(server, trainee),
    ...staffStateHandlers(server, freshOtp),
    [PROVIDER_STATES.centreDetailsPublished]: async () => {
      await seed(db);
      return undefined;
    },
    [PROVIDER_STATES.traineeExists]: async () => {
      await trainee();
      return undefined;
    },
    [PROVIDER_STATES.trainerAwaitingApproval]: async () => {
      const trainer = await ensureUser(db, PENDING_TRAINER);
      await setUserApproved(db, trainer.id, false);
      return undefined;
    },
    [PROVIDER_STATES.refreshTokenIssued]: async () => {
      const session = await startSession(db, tokens, await trainee());
      return { [INJECTED_REFRESH_TOKEN]: session.refresh_token };
    },
    [PROVIDER_STATES.newTraineeUnregistered]: async () => {
      await unregister(db, APPLICANTS.trainee);
      return undefined;
    },
    [PROVIDER_STATES.newTrainerUnregistered]: async () => {
      await unregister(db, APPLICANTS.trainer);
      return undefined;
    },
    [PROVIDER_STATES.registrationCodeSent]: async () => {
      const applicant = APPLICANTS.trainee;
      await unregister(db, applicant);
      const { user } = await createApplicant(db, {
        full_name: applicant.full_name,
        email: applicant.email,
        phone_number: applicant.phone_number,
        govt_id_or_iqama_no: applicant.govt_id_or_iqama_no,
        role: applicant.role,
        password_hash: await hashPassword(applicant.password),
        cv_file: null,
        cv_name: null,
      });
      const code = await issueOtp(db, user.id, 'registration', freshOtp());
      return { [INJECTED_OTP_CODE]: code };
    },
    [PROVIDER_STATES.resetCodeSent]: async () => {
      const code = await issueOtp(db, (await trainee()).id, 'reset', freshOtp());
      return { [INJECTED_OTP_CODE]: code };
    },
    [PROVIDER_STATES.resetTokenIssued]: async () => {
      const token = await issueResetToken(db, tokens, await trainee());
      return { [INJECTED_RESET_TOKEN]: token };
    },
    [PROVIDER_STATES.emailChangeCodeSent]: async () => {
      const user = await freshPerson(PROFILE_PERSON);
      const code = await issueOtp(db, user.id, 'email_change', freshOtp(), PROFILE_PERSON.newEmail);
      const session = await startSession(db, tokens, user);
      return { [INJECTED_ACCESS_TOKEN]: session.access_token, [INJECTED_OTP_CODE]: code };
    },
    [PROVIDER_STATES.accountToClose]: async () => {
      const session = await startSession(db, tokens, await freshPerson(PROFILE_PERSON));
      return { [INJECTED_ACCESS_TOKEN]: session.access_token };
    },
    [PROVIDER_STATES.accountClosed]: async () => {
      const user = await freshPerson(CLOSED_ACCOUNT);
      await db.transaction(async (tx) => {
        await closeAccount(tx, user.id, closedEmailKey(server.secret, CLOSED_ACCOUNT.email));
        await revokeSessions(tx, user.id);
      });
      return undefined;
    },
    [PROVIDER_STATES.resetTokenExpired]: async () => {
      // Issued 16 minutes ago: it lived 15.
      const issuedAt = Math.floor(Date.now() / 1000) - 16 * 60;
      const token = await issueResetToken(db, tokens, await trainee(), { issuedAt });
      return { [INJECTED_RESET_TOKEN]: token };
    },
  };
}
