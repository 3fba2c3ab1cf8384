import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VALIDATION } from '@contract/forms/auth';
import { type ProfileRequest, profileRequestOf } from '@contract/forms/profile';
import { PROFILE_MESSAGES } from '@contract/messages/profile';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { login } from '../../src/api/identity';
import {
  changePassword,
  closeAccount,
  confirmEmailChange,
  getProfile,
  removePhoto,
  requestEmailChange,
  updateProfile,
  uploadPhoto,
} from '../../src/api/profile';
import { pngOf } from '../fixtures/images';
import { expectRefusal, interaction, signedIn } from './interactions';
import { CLOSED_ACCOUNT, EXAMPLE_OTP, INJECTED_OTP_CODE, PROFILE_PERSON, PROVIDER_STATES } from './states';
import {
  apiPath,
  bearerHeader,
  EXAMPLE_JWT,
  failureOf,
  JSON_CONTENT,
  jwt,
  multipartRequest,
  PROVIDERS,
  pactWith,
  signedInClient,
  signedOutClient,
} from './support';

const { like, integer, regex, fromProviderState } = MatchersV3;

/** The profile calls are not in the specification: they go to the extensions pact. */
const pact = pactWith(PROVIDERS.extensions);
const trainee = DEMO_ACCOUNTS.trainee;

const PHOTO_ADDRESS = '^/api/v1/user/photos/[0-9a-f-]{36}\\.(jpg|png|webp)$';
const USER_TYPE = '^(Student|Govt Employee|Private Sector|Others)$';

/** A profile as the server answers it, its values given by example. */
function profileBody(person: {
  full_name: string;
  email: string;
  phone_number: string;
  govt_id_or_iqama_no: string;
}) {
  return {
    id: integer(1),
    full_name: like(person.full_name),
    email: like(person.email),
    phone_number: like(person.phone_number),
    govt_id_or_iqama_no: like(person.govt_id_or_iqama_no),
    user_type: regex(USER_TYPE, 'Student'),
    role: regex('^(TRAINEE|TRAINER)$', 'TRAINEE'),
    image: null,
  };
}

/** The demo trainee's own details with a user type, as the edit form sends them. */
const OWN_DETAILS: ProfileRequest = profileRequestOf({
  full_name: trainee.full_name,
  phone_number: trainee.phone_number,
  govt_id_or_iqama_no: trainee.govt_id_or_iqama_no,
  user_type: 'Student',
});

const injectedOtp = () => fromProviderState(`\${${INJECTED_OTP_CODE}}`, EXAMPLE_OTP);

describe('Profile contract: GET and PATCH /user/profile/', () => {
  it("reads the signed-in person's details", async () => {
    await signedIn(pact, PROVIDER_STATES.traineeSignedIn, "a request for the trainee's profile")
      .sends('GET', apiPath('/user/profile/'))
      .answers(200, {
        ...profileBody(trainee),
        email: trainee.email,
        user_type: null,
        image: null,
      })
      .executeTest(async (mockServer) => {
        const profile = await getProfile(signedInClient(mockServer));
        expect(profile.email).toBe(trainee.email);
      });
  });

  it('saves the details', async () => {
    await signedIn(pact, PROVIDER_STATES.traineeSignedIn, "the trainee's edited details")
      .sends('PATCH', apiPath('/user/profile/'), OWN_DETAILS)
      .answers(200, { ...profileBody(trainee), ...OWN_DETAILS, image: null })
      .executeTest(async (mockServer) => {
        const saved = await updateProfile(signedInClient(mockServer), OWN_DETAILS);
        expect(saved.user_type).toBe('Student');
      });
  });

  it('refuses details that break the sign-up rules with 400 and a message per field', async () => {
    const bad = {
      full_name: ' ',
      phone_number: '12a',
      govt_id_or_iqama_no: '123',
      user_type: 'Student',
    } as const;
    await signedIn(pact, PROVIDER_STATES.traineeSignedIn, 'edited details that break the rules')
      .sends('PATCH', apiPath('/user/profile/'), bad)
      .answers(400, {
        success: false,
        details: [
          { field: 'full_name', message: VALIDATION.nameRequired },
          { field: 'phone_number', message: VALIDATION.phoneDigits },
          { field: 'govt_id_or_iqama_no', message: VALIDATION.govtIdMin },
        ],
      })
      .executeTest(async (mockServer) => {
        await expectRefusal(updateProfile(signedInClient(mockServer), bad), 400, 'Name is required');
      });
  });
});

describe('Profile contract: the e-mail change', () => {
  it('sends a code to the new address', async () => {
    await signedIn(pact, PROVIDER_STATES.traineeSignedIn, 'a new e-mail address for the trainee')
      .sends('POST', apiPath('/user/profile/email/'), { email: PROFILE_PERSON.newEmail })
      .answers(200, { success: true, message: SERVER_MESSAGES.otpSent })
      .executeTest(async (mockServer) => {
        const sent = await requestEmailChange(signedInClient(mockServer), { email: PROFILE_PERSON.newEmail });
        expect(sent.message).toBe('OTP sent successfully');
      });
  });

  it("refuses another account's address with 400", async () => {
    await signedIn(
      pact,
      PROVIDER_STATES.traineeSignedIn,
      "the address of another account as the trainee's new e-mail",
    )
      .sends('POST', apiPath('/user/profile/email/'), { email: DEMO_ACCOUNTS.trainer.email })
      .refusesField(400, 'email', SERVER_MESSAGES.emailTaken)
      .executeTest(async (mockServer) => {
        const error = await failureOf(
          requestEmailChange(signedInClient(mockServer), { email: DEMO_ACCOUNTS.trainer.email }),
        );
        expect(error.message).toBe('A user with this email already exists');
      });
  });

  it('confirms the new address with the code and answers with the profile', async () => {
    await signedIn(pact, PROVIDER_STATES.emailChangeCodeSent, 'the code of an e-mail change')
      .sends('POST', apiPath('/user/profile/email/confirm/'), { otp_code: injectedOtp() })
      .answers(200, {
        ...profileBody(PROFILE_PERSON),
        email: PROFILE_PERSON.newEmail,
        user_type: null,
        image: null,
      })
      .executeTest(async (mockServer) => {
        const profile = await confirmEmailChange(signedInClient(mockServer), { otp_code: EXAMPLE_OTP });
        expect(profile.email).toBe(PROFILE_PERSON.newEmail);
      });
  });

  it('refuses a wrong code with 400 Invalid OTP Code', async () => {
    await signedIn(pact, PROVIDER_STATES.emailChangeCodeSent, 'a wrong code of an e-mail change')
      .sends('POST', apiPath('/user/profile/email/confirm/'), { otp_code: '0000000' })
      .refusesField(400, 'otp_code', SERVER_MESSAGES.invalidOtp)
      .executeTest(async (mockServer) => {
        const error = await failureOf(
          confirmEmailChange(signedInClient(mockServer), { otp_code: '0000000' }),
        );
        expect(error.message).toBe('Invalid OTP Code');
      });
  });
});

describe('Profile contract: the photo', () => {
  const photoFile = join(tmpdir(), 'kfu-pact-photo.png');
  writeFileSync(photoFile, pngOf(24));

  it('uploads a PNG (multipart, part image) and answers with its address', async () => {
    await pact
      .addInteraction()
      .given(PROVIDER_STATES.traineeSignedIn)
      .uponReceiving('a photo of the trainee')
      .withRequest('POST', apiPath('/user/profile/photo/'), (b) =>
        multipartRequest(
          {},
          { name: 'image', filename: 'photo.png', contentType: 'image/png', path: photoFile },
        )(b.headers(bearerHeader())),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          ...profileBody(trainee),
          user_type: null,
          image: regex(PHOTO_ADDRESS, '/api/v1/user/photos/0b6f6d2e-8f0e-4c59-9d55-2f3f0d1c8a11.png'),
        }),
      )
      .executeTest(async (mockServer) => {
        const file = new File([new Uint8Array(pngOf(24))], 'photo.png', { type: 'image/png' });
        const profile = await uploadPhoto(signedInClient(mockServer), file);
        expect(profile.image).toMatch(new RegExp(PHOTO_ADDRESS));
      });
  });

  it('removes the photo', async () => {
    await signedIn(pact, PROVIDER_STATES.traineeSignedIn, "the removal of the trainee's photo")
      .sends('DELETE', apiPath('/user/profile/photo/'))
      .answers(200, { ...profileBody(trainee), user_type: null })
      .executeTest(async (mockServer) => {
        expect((await removePhoto(signedInClient(mockServer))).image).toBeNull();
      });
  });
});

describe('Profile contract: POST /user/change-password/', () => {
  const NEW_PASSWORD = 'Sara#NewPass2027';

  it('changes the password and answers with new tokens for this session', async () => {
    const body = {
      current_password: trainee.password,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    };
    await signedIn(pact, PROVIDER_STATES.traineeSignedIn, "a change of the trainee's password")
      .sends('POST', apiPath('/user/change-password/'), body)
      .answers(200, {
        success: true,
        message: PROFILE_MESSAGES.passwordChanged,
        access_token: jwt(),
        refresh_token: jwt(),
      })
      .executeTest(async (mockServer) => {
        const changed = await changePassword(signedInClient(mockServer), body);
        expect(changed.access_token).toBe(EXAMPLE_JWT);
      });
  });

  it('refuses a wrong current password with 400 (not 401: the session is fine)', async () => {
    const body = {
      current_password: 'Wrong#Pass2026',
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    };
    await signedIn(pact, PROVIDER_STATES.traineeSignedIn, 'a password change with a wrong current password')
      .sends('POST', apiPath('/user/change-password/'), body)
      .refusesField(400, 'current_password', PROFILE_MESSAGES.wrongPassword)
      .executeTest(async (mockServer) => {
        const error = await failureOf(changePassword(signedInClient(mockServer), body));
        expect(error.message).toBe('The password is not correct');
      });
  });
});

describe('Profile contract: closing the account', () => {
  it('closes the account when the password is right', async () => {
    await signedIn(pact, PROVIDER_STATES.accountToClose, 'a request to close an account')
      .sends('POST', apiPath('/user/close-account/'), { password: PROFILE_PERSON.password })
      .answers(200, { success: true, message: PROFILE_MESSAGES.accountClosed })
      .executeTest(async (mockServer) => {
        const closed = await closeAccount(signedInClient(mockServer), { password: PROFILE_PERSON.password });
        expect(closed.message).toBe('Your account has been closed');
      });
  });

  it('tells the owner of a closed account that it is closed when they sign in', async () => {
    const credentials = { username: CLOSED_ACCOUNT.email, password: CLOSED_ACCOUNT.password };
    await interaction(pact, PROVIDER_STATES.accountClosed, 'a sign-in to a closed account')
      .sends('POST', apiPath('/user/login/'), credentials)
      .refuses(403, PROFILE_MESSAGES.closedAccountSignIn)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          login(signedOutClient(mockServer), credentials),
          403,
          'This account has been closed. You can sign up again with this e-mail address',
        );
      });
  });
});
