import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { RegistrationRequest } from '@contract/wire/identity';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { register, requestPasswordReset, resendOtp, setPassword, verifyOtp } from '../../src/api/identity';
import { expectRefusal, interaction } from './interactions';
import {
  APPLICANTS,
  EXAMPLE_OTP,
  INJECTED_OTP_CODE,
  INJECTED_RESET_TOKEN,
  PROVIDER_STATES,
  WRONG_OTP,
} from './states';
import {
  apiPath,
  EXAMPLE_JWT,
  fieldErrorBody,
  JSON_CONTENT,
  jwt,
  multipartRequest,
  PROVIDERS,
  pactWith,
  signedOutClient,
} from './support';

const { integer, like, fromProviderState } = MatchersV3;

const pact = pactWith(PROVIDERS.api);
const trainee = DEMO_ACCOUNTS.trainee;
const CV_FIXTURE = fileURLToPath(new URL('../fixtures/cv.pdf', import.meta.url));

/** The form the sign-up dialog sends for an applicant (the fields, in the dialog's order). */
function registration(applicant: (typeof APPLICANTS)[keyof typeof APPLICANTS]): RegistrationRequest {
  return {
    full_name: applicant.full_name,
    email: applicant.email,
    phone_number: applicant.phone_number,
    govt_id_or_iqama_no: applicant.govt_id_or_iqama_no,
    password: applicant.password,
    confirm_password: applicant.password,
    role: applicant.role,
  };
}

/** The text fields as they go over the wire. */
function textFields(request: RegistrationRequest): Record<string, string> {
  const { cv: _cv, ...fields } = request;
  return fields;
}

const injectedOtp = () => fromProviderState(`\${${INJECTED_OTP_CODE}}`, EXAMPLE_OTP);
const injectedResetToken = () => fromProviderState(`\${${INJECTED_RESET_TOKEN}}`, EXAMPLE_JWT);

describe('Identity contract: POST /user/registration/ (multipart)', () => {
  it('registers a trainee and answers with the address the code went to', async () => {
    const request = registration(APPLICANTS.trainee);
    await pact
      .addInteraction()
      .given(PROVIDER_STATES.newTraineeUnregistered)
      .uponReceiving('a trainee registration')
      .withRequest('POST', apiPath('/user/registration/'), multipartRequest(textFields(request)))
      .willRespondWith(201, (b) =>
        b.headers(JSON_CONTENT).jsonBody({ success: true, data: { email: APPLICANTS.trainee.email } }),
      )
      .executeTest(async (mockServer) => {
        const response = await register(signedOutClient(mockServer), request);
        expect(response).toEqual({ success: true, data: { email: APPLICANTS.trainee.email } });
      });
  });

  it('registers a trainer with a CV file', async () => {
    const cv = new File([readFileSync(CV_FIXTURE)], 'cv.pdf', { type: 'application/pdf' });
    const request: RegistrationRequest = { ...registration(APPLICANTS.trainer), cv };
    await pact
      .addInteraction()
      .given(PROVIDER_STATES.newTrainerUnregistered)
      .uponReceiving('a trainer registration with a CV')
      .withRequest(
        'POST',
        apiPath('/user/registration/'),
        multipartRequest(textFields(request), {
          name: 'cv',
          filename: 'cv.pdf',
          contentType: 'application/pdf',
          path: CV_FIXTURE,
        }),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_CONTENT).jsonBody({ success: true, data: { email: APPLICANTS.trainer.email } }),
      )
      .executeTest(async (mockServer) => {
        const response = await register(signedOutClient(mockServer), request);
        expect(response.data.email).toBe(APPLICANTS.trainer.email);
      });
  });

  it('refuses the e-mail address of an existing account with 400', async () => {
    const request: RegistrationRequest = {
      ...registration(APPLICANTS.trainee),
      full_name: 'Someone Else',
      email: trainee.email,
    };
    await pact
      .addInteraction()
      .given(PROVIDER_STATES.traineeExists)
      .uponReceiving('a registration with the e-mail address of an existing account')
      .withRequest('POST', apiPath('/user/registration/'), multipartRequest(textFields(request)))
      .willRespondWith(400, (b) =>
        b.headers(JSON_CONTENT).jsonBody(fieldErrorBody('email', SERVER_MESSAGES.emailTaken)),
      )
      .executeTest(async (mockServer) => {
        await expectRefusal(
          register(signedOutClient(mockServer), request),
          400,
          'A user with this email already exists',
        );
      });
  });
});

describe('Identity contract: POST /user/otp-verify/', () => {
  it('verifies a registration code and signs the trainee in', async () => {
    const applicant = APPLICANTS.trainee;
    await interaction(pact, PROVIDER_STATES.registrationCodeSent, 'the registration code of a new trainee')
      .sends('POST', apiPath('/user/otp-verify/'), {
        email_or_phone: applicant.email,
        otp_code: injectedOtp(),
      })
      .answers(200, {
        success: true,
        access_token: jwt(),
        refresh_token: jwt(),
        data: {
          id: integer(42),
          full_name: applicant.full_name,
          email: applicant.email,
          phone_number: like(applicant.phone_number),
          role: 'TRAINEE',
          image: null,
        },
      })
      .executeTest(async (mockServer) => {
        const response = await verifyOtp(signedOutClient(mockServer), {
          email_or_phone: applicant.email,
          otp_code: EXAMPLE_OTP,
        });
        expect(response.access_token).toBe(EXAMPLE_JWT);
        expect(response.refresh_token).toBe(EXAMPLE_JWT);
        expect(response.data).toMatchObject({ email: applicant.email, role: 'TRAINEE' });
        expect(response.token).toBeUndefined();
      });
  });

  it('verifies a password reset code and answers with a reset token', async () => {
    await interaction(pact, PROVIDER_STATES.resetCodeSent, 'the password reset code of the trainee')
      .sends('POST', apiPath('/user/otp-verify/'), { email_or_phone: trainee.email, otp_code: injectedOtp() })
      .answers(200, { success: true, token: jwt() })
      .executeTest(async (mockServer) => {
        const response = await verifyOtp(signedOutClient(mockServer), {
          email_or_phone: trainee.email,
          otp_code: EXAMPLE_OTP,
        });
        expect(response).toEqual({ success: true, token: EXAMPLE_JWT });
      });
  });

  it('refuses a wrong code with 400 Invalid OTP Code', async () => {
    await interaction(pact, PROVIDER_STATES.registrationCodeSent, 'a wrong registration code')
      .sends('POST', apiPath('/user/otp-verify/'), {
        email_or_phone: APPLICANTS.trainee.email,
        otp_code: WRONG_OTP,
      })
      .refusesField(400, 'otp_code', SERVER_MESSAGES.invalidOtp)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          verifyOtp(signedOutClient(mockServer), {
            email_or_phone: APPLICANTS.trainee.email,
            otp_code: WRONG_OTP,
          }),
          400,
          'Invalid OTP Code',
        );
      });
  });
});

// Not in the spec: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

describe('Identity contract: POST /user/resend-otp/', () => {
  it('sends a new sign-up code to an applicant still waiting for theirs', async () => {
    await interaction(
      extensions,
      PROVIDER_STATES.registrationCodeSent,
      'a new sign-up code for the applicant',
    )
      .sends('POST', apiPath('/user/resend-otp/'), { email_or_phone: APPLICANTS.trainee.email })
      .answers(200, { success: true, message: SERVER_MESSAGES.otpSent })
      .executeTest(async (mockServer) => {
        const response = await resendOtp(signedOutClient(mockServer), {
          email_or_phone: APPLICANTS.trainee.email,
        });
        expect(response).toEqual({ success: true, message: 'OTP sent successfully' });
      });
  });
});

describe('Identity contract: password reset', () => {
  it('POST /user/reset-password/ sends a code and confirms', async () => {
    await interaction(pact, PROVIDER_STATES.traineeExists, 'a password reset request for the trainee')
      .sends('POST', apiPath('/user/reset-password/'), { email_or_phone: trainee.email })
      .answers(200, { success: true, message: SERVER_MESSAGES.otpSent })
      .executeTest(async (mockServer) => {
        const response = await requestPasswordReset(signedOutClient(mockServer), {
          email_or_phone: trainee.email,
        });
        expect(response).toEqual({ success: true, message: 'OTP sent successfully' });
      });
  });

  const newPassword = 'Renewed#Pass2026';

  it('POST /user/set-password/ sets the new password with the reset token', async () => {
    await interaction(pact, PROVIDER_STATES.resetTokenIssued, 'a new password with a valid reset token')
      .sends('POST', apiPath('/user/set-password/'), {
        new_password: newPassword,
        confirm_password: newPassword,
        token: injectedResetToken(),
      })
      .answers(200, { success: true, message: SERVER_MESSAGES.passwordReset })
      .executeTest(async (mockServer) => {
        const response = await setPassword(signedOutClient(mockServer), {
          new_password: newPassword,
          confirm_password: newPassword,
          token: EXAMPLE_JWT,
        });
        expect(response).toEqual({ success: true, message: 'Password Reset successfully' });
      });
  });

  it('POST /user/set-password/ refuses an expired reset token with 400', async () => {
    await interaction(pact, PROVIDER_STATES.resetTokenExpired, 'a new password with an expired reset token')
      .sends('POST', apiPath('/user/set-password/'), {
        new_password: newPassword,
        confirm_password: newPassword,
        token: injectedResetToken(),
      })
      .refusesField(400, 'token', SERVER_MESSAGES.resetTokenInvalid)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          setPassword(signedOutClient(mockServer), {
            new_password: newPassword,
            confirm_password: newPassword,
            token: EXAMPLE_JWT,
          }),
          400,
          'Your reset link has expired. Request a new code',
        );
      });
  });
});
