import type { Profile } from '@contract/wire/profile';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import { profileLive } from '@/features/profile/profile.live';
import { type FakeAnswer, type FakeRequest, fakeApi } from './support/fake-api';

const CODE = '2718281';

/**
 * The profile endpoints of one trainee: the details are changed in place; a new address is mailed
 * a code, and 2718281 confirms it.
 */
function profileServer() {
  let profile: Profile = {
    id: 40,
    full_name: 'Reem Alharbi',
    email: 'reem@example.com',
    phone_number: '0559876543',
    govt_id_or_iqama_no: '1012345678',
    user_type: 'Student',
    role: 'TRAINEE',
    image: null,
  };
  let pending: string | null = null;
  const answer = (request: FakeRequest): FakeAnswer => {
    if (request.path === '/user/profile/' && request.method === 'GET') return { status: 200, body: profile };
    if (request.path === '/user/profile/' && request.method === 'PATCH') {
      profile = { ...profile, ...(request.body as Partial<Profile>) };
      return { status: 200, body: profile };
    }
    if (request.path === '/user/profile/email/' && request.method === 'POST') {
      pending = (request.body as { email: string }).email;
      return { status: 200, body: { success: true, message: 'OTP sent' } };
    }
    if (request.path === '/user/profile/email/confirm/' && request.method === 'POST') {
      if ((request.body as { otp_code: string }).otp_code !== CODE || !pending)
        return { status: 400, body: { detail: 'Invalid OTP' } };
      profile = { ...profile, email: pending };
      return { status: 200, body: profile };
    }
    return { status: 404, body: { detail: 'Not found' } };
  };
  return fakeApi(answer);
}

const pages: Actor<ReturnType<typeof profileLive>>[] = [];

afterEach(() => {
  for (const page of pages.splice(0)) page.stop();
});

/** The profile page: what it shared with the session and announced. */
function open(server: ReturnType<typeof profileServer>) {
  const shared: Profile[] = [];
  const did: string[] = [];
  const machine = profileLive({
    api: server.api,
    shareProfile: (profile) => shared.push(profile),
    focusFirstInvalid: () => did.push('focusFirstInvalid'),
    announceSaved: () => did.push('saved'),
    announceOtpSent: () => did.push('otpSent'),
    announceEmailChanged: () => did.push('emailChanged'),
  });
  const actor = createActor(machine).start();
  pages.push(actor);
  return { actor, shared, did };
}

type Page = ReturnType<typeof open>;
const viewing = (page: Page) => waitFor(page.actor, (state) => state.matches('viewing'));

describe('the profile’s details, wired to the API and the session', () => {
  it('shares the details as read, saves a new name, and shares the answer', async () => {
    const server = profileServer();
    const page = open(server);
    await viewing(page);
    expect(page.shared.map((profile) => profile.full_name)).toEqual(['Reem Alharbi']);

    page.actor.send({ type: 'profile.edit' });
    page.actor.send({ type: 'field.change', name: 'full_name', value: 'Reem A. Alharbi' });
    page.actor.send({ type: 'form.submit' });
    await viewing(page);
    expect(server.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: '/user/profile/',
      body: { full_name: 'Reem A. Alharbi', phone_number: '0559876543' },
    });
    expect(page.shared.map((profile) => profile.full_name)).toEqual(['Reem Alharbi', 'Reem A. Alharbi']);
    expect(page.did).toEqual(['saved']);
  });

  it('changes the address only once the code sent to it is confirmed', async () => {
    const server = profileServer();
    const page = open(server);
    await viewing(page);
    page.actor.send({ type: 'profile.edit' });
    page.actor.send({ type: 'field.change', name: 'email', value: ' reem.new@example.com ' });
    page.actor.send({ type: 'form.submit' });
    await waitFor(page.actor, (state) => state.matches('emailCode'));
    expect(server.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/user/profile/email/',
      body: { email: 'reem.new@example.com' },
    });
    expect(page.shared.at(-1)?.email).toBe('reem@example.com');

    page.actor.send({ type: 'otp.change', value: CODE });
    page.actor.send({ type: 'otp.submit' });
    await viewing(page);
    expect(server.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/user/profile/email/confirm/',
      body: { otp_code: CODE },
    });
    expect(page.shared.at(-1)?.email).toBe('reem.new@example.com');
    expect(page.did).toEqual(['otpSent', 'emailChanged']);
  });
});
