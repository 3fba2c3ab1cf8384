import type { OtpVerifyResponse } from '@contract/wire/identity';
import type { SignUpEvent } from '@machines/signUp.machine';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import { forgetInvitedEmail, readInvitedEmail, signUpLive } from '@/features/auth/signUp.live';
import { type FakeAnswer, type FakeRequest, fakeApi, memoryStore } from './support/fake-api';

const CODE = '4815162';
const PASSWORD = 'Cedar#Tree9';

/**
 * The identity endpoints: a registration sends a code to the address; the code 4815162 signs a
 * trainee in and leaves a trainer waiting for the admin's approval; another code is refused (400).
 */
function identityServer() {
  const roles = new Map<string, string>();
  const answer = (request: FakeRequest): FakeAnswer => {
    if (request.method === 'POST' && request.path === '/user/registration/') {
      const body = request.body as Record<string, string>;
      roles.set(body.email ?? '', body.role ?? '');
      return { status: 201, body: { success: true, data: { email: body.email } } };
    }
    if (request.method === 'POST' && request.path === '/user/otp-verify/') {
      const body = request.body as { email_or_phone: string; otp_code: string };
      if (body.otp_code !== CODE) return { status: 400, body: { detail: 'Invalid OTP' } };
      if (roles.get(body.email_or_phone) === 'TRAINER') return { status: 200, body: { success: true } };
      return {
        status: 200,
        body: {
          success: true,
          access_token: 'access-1',
          refresh_token: 'refresh-1',
          data: {
            id: 71,
            full_name: 'Noura Saleh',
            email: body.email_or_phone,
            phone_number: '0551234567',
            role: 'TRAINEE',
            image: null,
          },
        },
      };
    }
    if (request.method === 'POST' && request.path === '/user/resend-otp/') {
      return { status: 200, body: { success: true, message: 'OTP sent successfully' } };
    }
    return { status: 404, body: { detail: 'Not found' } };
  };
  return fakeApi(answer);
}

const pages: Actor<ReturnType<typeof signUpLive>>[] = [];

afterEach(() => {
  for (const page of pages.splice(0)) page.stop();
});

/** The sign-up dialog, opened on its own or from a page to come back to; what it did. */
function open(
  server: ReturnType<typeof identityServer>,
  options: { audience?: 'trainee' | 'trainer'; email?: string; returnTo?: string; verify?: boolean } = {},
) {
  const did: string[] = [];
  const sessions: OtpVerifyResponse[] = [];
  const machine = signUpLive({
    api: server.api,
    returnTo: options.returnTo ?? null,
    focusFirstInvalid: () => did.push('focusFirstInvalid'),
    announceSignedUp: () => did.push('signedUp'),
    announceOtpVerified: () => did.push('otpVerified'),
    announceInvalidOtp: () => did.push('invalidOtp'),
    announceOtpSent: () => did.push('otpSent'),
    backToSignIn: () => did.push('signIn'),
    beginSession: (reply) => sessions.push(reply),
    closeDialog: () => did.push('closed'),
    navigate: (path) => did.push(`navigate ${path}`),
  });
  const actor = createActor(machine, {
    input: { audience: options.audience ?? 'trainee', email: options.email, verify: options.verify },
  }).start();
  pages.push(actor);
  return { actor, did, sessions };
}

type Page = ReturnType<typeof open>;

/** The form filled in as a person types it (spaces around the name, the phone in Arabic-Indic digits), and sent. */
function register(page: Page, email: string) {
  const values: [string, string][] = [
    ['full_name', ' Noura Saleh '],
    ['email', email],
    ['phone_number', '٠٥٥١٢٣٤٥٦٧'],
    ['govt_id_or_iqama_no', '1098765432'],
    ['password', PASSWORD],
    ['confirm_password', PASSWORD],
  ];
  for (const [name, value] of values) {
    page.actor.send({ type: 'field.change', name, value } as SignUpEvent);
  }
  page.actor.send({ type: 'form.submit' });
  return waitFor(page.actor, (state) => state.matches('otp'));
}

function enterCode(page: Page, code: string) {
  page.actor.send({ type: 'otp.change', value: code });
  page.actor.send({ type: 'otp.submit' });
}

describe('sign-up, wired to the API, the session and this tab’s storage', () => {
  it('registers a trainee, checks the code, signs in and goes to the profile', async () => {
    const server = identityServer();
    const page = open(server);
    await register(page, 'noura@example.com');
    expect(server.requests[0]).toEqual({
      method: 'POST',
      path: '/user/registration/',
      body: {
        full_name: 'Noura Saleh',
        email: 'noura@example.com',
        phone_number: '0551234567',
        govt_id_or_iqama_no: '1098765432',
        password: PASSWORD,
        confirm_password: PASSWORD,
        role: 'TRAINEE',
      },
    });
    expect(page.did).toEqual(['signedUp']);

    enterCode(page, '1111111');
    await waitFor(page.actor, () => page.did.includes('invalidOtp'));
    enterCode(page, CODE);
    await waitFor(page.actor, (state) => state.matches('registered'));
    expect(server.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/user/otp-verify/',
      body: { email_or_phone: 'noura@example.com', otp_code: CODE },
    });
    expect(page.sessions.map((reply) => reply.access_token)).toEqual(['access-1']);

    page.actor.send({ type: 'success.close' });
    expect(page.did).toEqual(['signedUp', 'invalidOtp', 'otpVerified', 'closed', 'navigate /profile']);
  });

  it('stays on the page it was opened from, with the invited address taken once from this tab', async () => {
    const tab = memoryStore();
    tab.setItem('invited-email', 'invited@example.com');
    const email = readInvitedEmail(tab);
    expect(email).toBe('invited@example.com');
    // A render React throws away before the form is shown reads it again: it is still there.
    expect(readInvitedEmail(tab)).toBe('invited@example.com');
    forgetInvitedEmail(tab);
    expect(readInvitedEmail(tab)).toBeUndefined();

    const server = identityServer();
    const page = open(server, { email, returnTo: '/invitations/abc' });
    expect(page.actor.getSnapshot().context.values.email).toBe('invited@example.com');
    await register(page, 'invited@example.com');
    enterCode(page, CODE);
    await waitFor(page.actor, (state) => state.matches('registered'));
    page.actor.send({ type: 'success.close' });
    expect(page.did.filter((step) => step.startsWith('navigate'))).toEqual([]);
    expect(page.did.at(-1)).toBe('closed');
  });

  it('opens the code step of an account a sign-in found waiting, sends a new code and checks it', async () => {
    const server = identityServer();
    const page = open(server, { audience: 'trainer', email: 'waiting@example.com', verify: true });
    expect(page.actor.getSnapshot().matches('otp')).toBe(true);
    page.actor.send({ type: 'otp.resend' });
    await waitFor(page.actor, () => page.did.includes('otpSent'));
    expect(server.requests).toEqual([
      { method: 'POST', path: '/user/resend-otp/', body: { email_or_phone: 'waiting@example.com' } },
    ]);
    enterCode(page, CODE);
    await waitFor(page.actor, (state) => state.matches('registered') || state.matches('awaitingApproval'));
    expect(server.requests.at(-1)?.body).toEqual({ email_or_phone: 'waiting@example.com', otp_code: CODE });
  });

  it('goes back to the sign-in it was opened from', () => {
    const page = open(identityServer(), { email: 'waiting@example.com', verify: true });
    page.actor.send({ type: 'otp.back' });
    expect(page.did).toEqual(['signIn']);
    expect(page.actor.getSnapshot().status).toBe('done');
  });

  it('sends a trainer’s CV, and a trainer waits for approval without a session', async () => {
    const server = identityServer();
    const page = open(server, { audience: 'trainer' });
    const cv = Object.assign(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { name: 'cv.pdf' });
    page.actor.send({ type: 'cv.change', file: cv });
    await register(page, 'trainer@example.com');
    expect(server.requests[0]?.body).toMatchObject({ role: 'TRAINER', cv: { file: 'cv.pdf', size: 8 } });
    enterCode(page, CODE);
    await waitFor(page.actor, (state) => state.matches('awaitingApproval'));
    expect(page.sessions).toEqual([]);
  });
});
