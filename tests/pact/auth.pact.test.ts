import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, PENDING_TRAINER } from '../../server/demo-accounts';
import { logout, refreshToken } from '../../src/api/auth';
import { login } from '../../src/api/identity';
import { expectRefusal, interaction } from './interactions';
import { INJECTED_REFRESH_TOKEN, PROVIDER_STATES } from './states';
import {
  apiPath,
  EXAMPLE_JWT,
  errorBody,
  failureOf,
  JSON_CONTENT,
  jwt,
  PROVIDERS,
  pactWith,
  signedOutClient,
} from './support';

const { integer, like, fromProviderState } = MatchersV3;

const pact = pactWith(PROVIDERS.api);
const trainee = DEMO_ACCOUNTS.trainee;

describe('Auth contract: POST /user/login/', () => {
  it('signs the trainee in and returns tokens and the user', async () => {
    await interaction(pact, PROVIDER_STATES.traineeExists, 'a login with the trainee credentials')
      .sends('POST', apiPath('/user/login/'), { username: trainee.email, password: trainee.password })
      .answers(200, {
        success: true,
        access_token: jwt(),
        refresh_token: jwt(),
        data: {
          id: integer(1),
          full_name: like(trainee.full_name),
          email: trainee.email,
          phone_number: like(trainee.phone_number),
          role: 'TRAINEE',
          image: null,
        },
      })
      .executeTest(async (mockServer) => {
        const response = await login(signedOutClient(mockServer), {
          username: trainee.email,
          password: trainee.password,
        });
        if (!('access_token' in response)) throw new Error('A trainee is signed in at once');
        expect(response.success).toBe(true);
        expect(response.access_token).toBe(EXAMPLE_JWT);
        expect(response.data).toMatchObject({
          email: trainee.email,
          role: 'TRAINEE',
          full_name: trainee.full_name,
        });
      });
  });

  it('refuses a wrong password with 401 and the message the user sees', async () => {
    await interaction(pact, PROVIDER_STATES.traineeExists, 'a login with a wrong password')
      .sends('POST', apiPath('/user/login/'), { username: trainee.email, password: 'not-the-password' })
      .refuses(401, SERVER_MESSAGES.invalidCredentials)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          login(signedOutClient(mockServer), { username: trainee.email, password: 'not-the-password' }),
          401,
          'Invalid email or password',
        );
      });
  });

  it('refuses a trainer who is still waiting for approval with 403', async () => {
    await interaction(pact, PROVIDER_STATES.trainerAwaitingApproval, 'a login of a trainer awaiting approval')
      .sends('POST', apiPath('/user/login/'), {
        username: PENDING_TRAINER.email,
        password: PENDING_TRAINER.password,
      })
      .refuses(403, SERVER_MESSAGES.trainerAwaitingApproval)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          login(signedOutClient(mockServer), {
            username: PENDING_TRAINER.email,
            password: PENDING_TRAINER.password,
          }),
          403,
          SERVER_MESSAGES.trainerAwaitingApproval,
        );
      });
  });
});

describe('Auth contract: POST /user/refresh-token/', () => {
  it('exchanges a refresh token for a new pair of tokens', async () => {
    await interaction(pact, PROVIDER_STATES.refreshTokenIssued, 'a refresh with a valid refresh token')
      .sends('POST', apiPath('/user/refresh-token/'), {
        refresh_token: fromProviderState(`\${${INJECTED_REFRESH_TOKEN}}`, EXAMPLE_JWT),
      })
      .answers(200, { access_token: jwt(), refresh_token: jwt() })
      .executeTest(async (mockServer) => {
        const tokens = await refreshToken(signedOutClient(mockServer), EXAMPLE_JWT);
        expect(tokens.access_token).toBe(EXAMPLE_JWT);
        expect(tokens.refresh_token).toBe(EXAMPLE_JWT);
      });
  });

  it('refuses an expired or unknown refresh token with 401', async () => {
    const stale = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidHlwIjoicmVmcmVzaCIsImV4cCI6MX0.bm90LXNpZ25lZC1oZXJl';
    await pact
      .addInteraction()
      .uponReceiving('a refresh with an expired or unknown refresh token')
      .withRequest('POST', apiPath('/user/refresh-token/'), (b) => b.jsonBody({ refresh_token: stale }))
      .willRespondWith(401, (b) =>
        b.headers(JSON_CONTENT).jsonBody(errorBody(SERVER_MESSAGES.invalidRefreshToken)),
      )
      .executeTest(async (mockServer) => {
        const error = await failureOf(refreshToken(signedOutClient(mockServer), stale));
        expect(error.status).toBe(401);
        expect(error.isAuthFailure).toBe(true);
      });
  });
});

// Not in the spec: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);
const SIGNED_OUT = { success: true, message: SERVER_MESSAGES.signedOut };

describe('Auth contract: POST /user/logout/', () => {
  it('ends the session of a live refresh token', async () => {
    await interaction(extensions, PROVIDER_STATES.refreshTokenIssued, 'a sign-out with a live refresh token')
      .sends('POST', apiPath('/user/logout/'), {
        refresh_token: fromProviderState(`\${${INJECTED_REFRESH_TOKEN}}`, EXAMPLE_JWT),
      })
      .answers(200, SIGNED_OUT)
      .executeTest(async (mockServer) => {
        await expect(logout(signedOutClient(mockServer), EXAMPLE_JWT)).resolves.toEqual(SIGNED_OUT);
      });
  });

  it('answers the same to a refresh token that is spent, expired or unknown', async () => {
    const stale = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidHlwIjoicmVmcmVzaCIsImV4cCI6MX0.bm90LXNpZ25lZC1oZXJl';
    await extensions
      .addInteraction()
      .uponReceiving('a sign-out with a refresh token that is no longer live')
      .withRequest('POST', apiPath('/user/logout/'), (b) => b.jsonBody({ refresh_token: stale }))
      .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(SIGNED_OUT))
      .executeTest(async (mockServer) => {
        await expect(logout(signedOutClient(mockServer), stale)).resolves.toEqual(SIGNED_OUT);
      });
  });

  it('refuses a sign-out without a refresh token with 400', async () => {
    await extensions
      .addInteraction()
      .uponReceiving('a sign-out without a refresh token')
      .withRequest('POST', apiPath('/user/logout/'), (b) => b.jsonBody({ refresh_token: '' }))
      .willRespondWith(400, (b) =>
        b.headers(JSON_CONTENT).jsonBody(errorBody(SERVER_MESSAGES.refreshTokenRequired)),
      )
      .executeTest(async (mockServer) => {
        await expectRefusal(
          logout(signedOutClient(mockServer), ''),
          400,
          SERVER_MESSAGES.refreshTokenRequired,
        );
      });
  });
});
