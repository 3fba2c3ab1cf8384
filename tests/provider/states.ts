import { startSession } from '../../server/auth/sessions';
import { DEMO_ACCOUNTS, PENDING_TRAINER } from '../../server/demo-accounts';
import { seed } from '../../server/seed';
import type { TestServer } from '../../server/testing';
import { ensureUser, findUserByEmail, setUserApproved } from '../../server/users';
import { INJECTED_REFRESH_TOKEN, PROVIDER_STATES } from '../pact/states';
import type { StateHandlers } from './pact-files';

/** Sets up, in the test server's database, each state the consumer pacts name. */
export function stateHandlers(server: TestServer): StateHandlers {
  const { db, tokens } = server;

  async function trainee() {
    await seed(db);
    const user = await findUserByEmail(db, DEMO_ACCOUNTS.trainee.email);
    if (!user) throw new Error('The seed did not create the demo trainee');
    return user;
  }

  return {
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
  };
}
