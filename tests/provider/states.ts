import { generateOtp, issueOtp } from '../../server/auth/otp';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';
import { issueResetToken } from '../../server/auth/reset-tokens';
import { startSession } from '../../server/auth/sessions';
import type { Db } from '../../server/db';
import { DEMO_ACCOUNTS, PENDING_TRAINER } from '../../server/demo-accounts';
import { createApplicant } from '../../server/identity/queries';
import { seed } from '../../server/seed';
import type { TestServer } from '../../server/testing';
import { ensureUser, findUserByEmail, normaliseEmail, setUserApproved } from '../../server/users';
import {
  APPLICANTS,
  INJECTED_OTP_CODE,
  INJECTED_REFRESH_TOKEN,
  INJECTED_RESET_TOKEN,
  PROVIDER_STATES,
  WRONG_OTP,
} from '../pact/states';
import type { StateHandlers } from './pact-files';
import { paymentStateHandlers } from './payment-states';
import { publicStateHandlers } from './public-states';

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
    await db.query('UPDATE users SET verified = true, approved = true WHERE id = $1', [user.id]);
    return user;
  }

  return {
    ...publicStateHandlers(server, trainee),
    ...paymentStateHandlers(server, trainee),
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
    [PROVIDER_STATES.resetTokenExpired]: async () => {
      // Issued 16 minutes ago: it lived 15.
      const issuedAt = Math.floor(Date.now() / 1000) - 16 * 60;
      const token = await issueResetToken(db, tokens, await trainee(), { issuedAt });
      return { [INJECTED_RESET_TOKEN]: token };
    },
  };
}
