import { PROFILE_MESSAGES } from '@contract/messages/profile';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { NOTICE_MAIL_KINDS } from '@contract/wire/notice-mail';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { getNoticeMailSettings, saveNoticeMailSettings } from '../../src/api/profile';
import { expectRefusal, interaction, signedIn } from './interactions';
import { PROVIDER_STATES } from './states';
import { apiPath, PROVIDERS, pactWith, signedInClient, signedOutClient } from './support';

const { eachLike, boolean, regex } = MatchersV3;

/** Notices by mail are not in the specification: they go to the extensions pact. */
const pact = pactWith(PROVIDERS.extensions);
const PATH = '/profile/notification-settings/';
const KIND = `^(${NOTICE_MAIL_KINDS.join('|')})$`;

const settings = (kind: string, mail: boolean) => ({
  success: true,
  data: { kinds: eachLike({ kind: regex(KIND, kind), mail: boolean(mail) }) },
});

describe('Notices by mail contract: GET and PUT /profile/notification-settings/', () => {
  it("reads which of the trainee's notices come by mail", async () => {
    await signedIn(
      pact,
      PROVIDER_STATES.traineeGetsEveryNoticeByMail,
      "a request for the trainee's mail notices",
    )
      .sends('GET', apiPath(PATH))
      .answers(200, settings('payment_receipt', true))
      .executeTest(async (mockServer) => {
        const answer = await getNoticeMailSettings(signedInClient(mockServer));
        expect(answer.data.kinds).toEqual([{ kind: 'payment_receipt', mail: true }]);
      });
  });

  it('turns a kind off and answers every kind', async () => {
    const body = { kinds: [{ kind: 'grade_released' as const, mail: false }] };
    await signedIn(pact, PROVIDER_STATES.traineeGetsEveryNoticeByMail, 'a grade notice turned off by mail')
      .sends('PUT', apiPath(PATH), body)
      .answers(200, settings('grade_released', false))
      .executeTest(async (mockServer) => {
        const answer = await saveNoticeMailSettings(signedInClient(mockServer), body);
        expect(answer.data.kinds).toEqual([{ kind: 'grade_released', mail: false }]);
      });
  });

  it('refuses a kind that is not one of the account’s with 400', async () => {
    const body = { kinds: [{ kind: 'course_approved' as const, mail: false }] };
    await signedIn(
      pact,
      PROVIDER_STATES.traineeGetsEveryNoticeByMail,
      "a trainer's notice turned off by a trainee",
    )
      .sends('PUT', apiPath(PATH), body)
      .refuses(400, PROFILE_MESSAGES.noticeKindsInvalid)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          saveNoticeMailSettings(signedInClient(mockServer), body),
          400,
          PROFILE_MESSAGES.noticeKindsInvalid,
        );
      });
  });

  it('refuses the settings without a sign-in with 401', async () => {
    await interaction(
      pact,
      PROVIDER_STATES.traineeGetsEveryNoticeByMail,
      'a request for the mail notices without a sign-in',
      { Accept: 'application/json' },
    )
      .sends('GET', apiPath(PATH))
      .refuses(401, SERVER_MESSAGES.authenticationRequired)
      .executeTest(async (mockServer) => {
        await expectRefusal(getNoticeMailSettings(signedOutClient(mockServer)), 401);
      });
  });
});
