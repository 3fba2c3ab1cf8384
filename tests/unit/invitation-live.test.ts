import { DEFAULT_FAILURE } from '@contract/messages/errors';
import type { Invitation } from '@contract/wire/invitations';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import { forgetInvitedEmail, readInvitedEmail } from '@/features/auth/signUp.live';
import { invitationLive } from '@/features/invitations/invitation.live';
import { type FakeAnswer, type FakeRequest, fakeApi, memoryStore } from './support/fake-api';

const TOKEN = 'inv-3f9a';
const HERE = `/invitations/${TOKEN}`;

/** One pending invitation, to a course or to the site; accepting it once works. */
function invitationServer(courseId: number | null) {
  const invitation: Invitation = {
    inviter: { full_name: 'Maha Alqahtani' },
    email: 'friend@example.com',
    course:
      courseId === null ? null : { id: courseId, title: 'Project Management', title_ar: 'إدارة المشاريع' },
    state: 'pending',
    expires_at: '2026-12-31T21:00:00Z',
  };
  const answer = (request: FakeRequest): FakeAnswer => {
    if (request.method === 'GET' && request.path === `/invitations/${TOKEN}/`)
      return { status: 200, body: invitation };
    if (request.method === 'POST' && request.path === `/invitations/${TOKEN}/accept/`) {
      invitation.state = 'accepted';
      return {
        status: 200,
        body: { success: true, message: 'Invitation accepted', data: { course_id: courseId } },
      };
    }
    return { status: 404, body: { detail: 'Not found' } };
  };
  return fakeApi(answer);
}

const pages: Actor<ReturnType<typeof invitationLive>>[] = [];

afterEach(() => {
  for (const page of pages.splice(0)) page.stop();
});

/** The invitation page in one tab, signed in or not; what it opened, said and where it went. */
function open(server: ReturnType<typeof invitationServer>, signedIn: boolean) {
  const tab = memoryStore();
  const did: string[] = [];
  const machine = invitationLive({
    api: server.api,
    tab,
    here: () => HERE,
    openDialog: (name, { returnTo }) => did.push(`dialog ${name} back to ${returnTo}`),
    announce: (message) => did.push(`announce ${message}`),
    navigate: (path) => did.push(`navigate ${path}`),
  });
  const actor = createActor(machine, {
    input: { token: TOKEN, signedIn, fallback: DEFAULT_FAILURE },
  }).start();
  pages.push(actor);
  return { actor, tab, did };
}

type Page = ReturnType<typeof open>;
const pending = (page: Page) => waitFor(page.actor, (state) => state.matches('pending'));

describe('the invitation page, wired to the API, this tab and the identity dialogs', () => {
  it('signs up with the invited address, comes back, and once signed in accepts and opens the course', async () => {
    const server = invitationServer(14);
    const page = open(server, false);
    await pending(page);
    page.actor.send({ type: 'signIn.start', choice: 'signUp' });
    expect(page.did).toEqual([`dialog registration back to ${HERE}`]);
    // The sign-up form starts with the address, once.
    expect(readInvitedEmail(page.tab)).toBe('friend@example.com');
    forgetInvitedEmail(page.tab);
    expect(readInvitedEmail(page.tab)).toBeUndefined();

    page.actor.send({ type: 'session.change', signedIn: true });
    await waitFor(page.actor, (state) => state.status === 'done');
    expect(server.requests.at(-1)).toEqual({
      method: 'POST',
      path: `/invitations/${TOKEN}/accept/`,
      body: undefined,
    });
    expect(page.did.slice(1)).toEqual(['announce Invitation accepted', 'navigate /course-details/14']);
  });

  it('logs in without touching this tab’s storage, and an invitation to the site opens the catalogue', async () => {
    const server = invitationServer(null);
    const page = open(server, false);
    await pending(page);
    page.actor.send({ type: 'signIn.start', choice: 'logIn' });
    expect(page.did).toEqual([`dialog login back to ${HERE}`]);
    expect(page.tab.entries.size).toBe(0);

    page.actor.send({ type: 'signIn.dismissed' });
    page.actor.send({ type: 'accept' });
    expect(server.requests).toHaveLength(1);

    const signedIn = open(server, true);
    await pending(signedIn);
    signedIn.actor.send({ type: 'accept' });
    await waitFor(signedIn.actor, (state) => state.status === 'done');
    expect(signedIn.did).toEqual(['announce Invitation accepted', 'navigate /browse-course-list']);
  });
});
