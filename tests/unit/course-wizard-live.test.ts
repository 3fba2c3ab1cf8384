import type { CourseRecord, Facilitator } from '@contract/wire/authoring';
import { connectCourseWizard } from '@machines/courseWizard.connect';
import type { SaveOutcome } from '@machines/courseWizard.machine';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import { courseWizardLive, type DraftStore } from '@/features/trainer/wizard/courseWizard.live';
import { type FakeAnswer, type FakeRequest, fakeApi, memoryStore, refusingStore } from './support/fake-api';

const EMAIL = 'Trainer@Example.com';
const ADD_KEY = 'kfu.courseWizard.trainer@example.com.add';
const EDIT_KEY = 'kfu.courseWizard.trainer@example.com.edit:77';

const colleague: Facilitator = { id: 9, full_name: 'Trainer 9', email: 't9@example.com', image: '' };

/** A rejected course that passes every rule of the form, as the API gives it to the wizard. */
const rejected: CourseRecord = {
  id: 77,
  title: 'Statistics for Researchers',
  title_ar: 'الإحصاء للباحثين',
  subtitle: '',
  subtitle_ar: '',
  description: 'Samples, tests and models.',
  description_ar: 'العينات والاختبارات والنماذج.',
  category: 4,
  cover_image: '/api/v1/files/5f1d0c3e-0000-4000-8000-000000000077',
  cover_image_url: '/api/v1/course-covers/77.jpg',
  skill_level: 'Intermediate',
  languages: ['English'],
  captions: [],
  female_only: false,
  price_halalas: 20000,
  weeks: [
    { syllabus_title: 'Samples', syllabus_title_ar: 'العينات', lectures: 2, quizzes: 1, assignments: 0 },
  ],
  surveys: { pre: null, post: null },
  start_date: '2031-02-01',
  end_date: '2031-04-01',
  routine: [{ day: 'Tuesday', start_time: '17:00', end_time: '19:00' }],
  facilitators: [],
  status: 'Rejected',
  rejection_reason: 'Add a second week',
  role: 'trainer',
  flags: { can_edit: true, can_delete: true, can_add_class: false, can_take_action: false },
  enrolled_count: 0,
};

/** The authoring endpoints the wizard calls, with one course (77) and one approved trainer (9). */
function authoringServer() {
  const answer = (request: FakeRequest): FakeAnswer => {
    const { method, path } = request;
    if (method === 'GET' && path === '/course/category/')
      return { status: 200, body: [{ id: 4, name: 'Statistics', name_ar: 'الإحصاء' }] };
    if (method === 'GET' && path === '/course/survey-category/') return { status: 200, body: [] };
    if (method === 'GET' && path === '/user/profile/')
      return {
        status: 200,
        body: {
          id: 5,
          full_name: 'A Trainer',
          email: EMAIL,
          phone_number: null,
          govt_id_or_iqama_no: null,
          user_type: null,
          role: 'TRAINER',
          image: null,
        },
      };
    if (method === 'GET' && path === '/course/course-create/77/') return { status: 200, body: rejected };
    if (method === 'GET' && path === '/authoring/facilitators/?email=t9@example.com')
      return { status: 200, body: colleague };
    if (method === 'POST' && path === '/upload/')
      return { status: 201, body: { file: '/api/v1/files/new-cover', name: 'cover.png', size: 4 } };
    if (method === 'PUT' && path === '/course/course-create/77/')
      return {
        status: 200,
        body: {
          success: true,
          message: 'Sent',
          data: { ...rejected, status: 'Pending', rejection_reason: null },
        },
      };
    return { status: 404, body: { detail: 'Not found' } };
  };
  return fakeApi(answer);
}

/**
 * The browser's XMLHttpRequest for the one upload the test makes: the test reports the share sent,
 * then answers; `restore` puts back what was there (nothing, in Node).
 */
function browserUpload() {
  const before = Object.getOwnPropertyDescriptor(globalThis, 'XMLHttpRequest');
  let current: FakeRequestObject | null = null;
  class FakeRequestObject {
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      current = this;
    }
  }
  Object.defineProperty(globalThis, 'XMLHttpRequest', { value: FakeRequestObject, configurable: true });
  return {
    progress(share: number) {
      current?.upload.onprogress?.({ lengthComputable: true, loaded: share * 100, total: 100 });
    },
    finish(body: unknown) {
      if (!current) throw new Error('Nothing was sent');
      current.status = 201;
      current.responseText = JSON.stringify(body);
      current.onload?.();
    },
    restore() {
      if (before) Object.defineProperty(globalThis, 'XMLHttpRequest', before);
      else Reflect.deleteProperty(globalThis, 'XMLHttpRequest');
    },
  };
}

const pages: Actor<ReturnType<typeof courseWizardLive>['machine']>[] = [];

afterEach(() => {
  for (const page of pages.splice(0)) page.stop();
});

/** One browser of the trainer: its localStorage, kept across visits, and what the pages did. */
function browser(server: ReturnType<typeof authoringServer>, store: DraftStore = memoryStore()) {
  const did: string[] = [];
  const saved: (SaveOutcome | 'revision')[] = [];
  const open = (courseId: number | null, knownEmail: string | null = null) => {
    const live = courseWizardLive({
      api: server.api,
      store,
      knownEmail,
      focusFirstInvalid: () => did.push('focusFirstInvalid'),
      focusStep: () => did.push('focusStep'),
      announceUploaded: () => did.push('uploaded'),
      announceUploadFailed: () => did.push('uploadFailed'),
      announceSaved: (outcome) => saved.push(outcome),
      navigate: (path) => did.push(`navigate ${path}`),
    });
    const actor = createActor(live.machine, { input: { courseId } });
    live.follow(actor);
    actor.start();
    pages.push(actor);
    const view = () => connectCourseWizard(actor.getSnapshot(), actor.send);
    return { actor, view };
  };
  return { open, store, did, saved };
}

type Page = ReturnType<ReturnType<typeof browser>['open']>;
const phase = (page: Page, expected: string) => waitFor(page.actor, () => page.view().phase === expected);
const gets = (requests: FakeRequest[]) =>
  requests.filter((request) => request.method === 'GET').map((request) => request.path);

describe('the course wizard, wired to the API and the drafts kept in localStorage', () => {
  it('keeps a new course’s draft under the trainer’s address, read from the profile, and opens it again', async () => {
    const server = authoringServer();
    const trainer = browser(server);
    const first = trainer.open(null);
    await phase(first, 'editing');
    expect(gets(server.requests)).toEqual([
      '/course/category/',
      '/course/survey-category/',
      '/user/profile/',
    ]);

    first.actor.send({ type: 'field.change', name: 'title', value: 'Probability' });
    expect(JSON.parse(trainer.store.getItem(ADD_KEY) ?? 'null')).toMatchObject({
      step: 'basics',
      values: { title: 'Probability' },
    });

    // The next visit, the address known to the session: the draft is the form.
    const second = trainer.open(null, EMAIL);
    await phase(second, 'editing');
    expect(gets(server.requests).slice(3)).toEqual(['/course/category/', '/course/survey-category/']);
    expect(second.actor.getSnapshot().context.values.title).toBe('Probability');

    // Back to the empty form: nothing is left to offer.
    second.actor.send({ type: 'field.change', name: 'title', value: '' });
    expect(trainer.store.getItem(ADD_KEY)).toBeNull();
  });

  it('offers an edited course’s draft, and discarding it forgets it', async () => {
    const server = authoringServer();
    const trainer = browser(server);
    const first = trainer.open(77, EMAIL);
    await phase(first, 'editing');
    expect(gets(server.requests)).toContain('/course/course-create/77/');
    first.actor.send({ type: 'field.change', name: 'subtitle', value: 'With R' });
    expect(trainer.store.getItem(EDIT_KEY)).not.toBeNull();
    expect(trainer.store.getItem(ADD_KEY)).toBeNull();

    const kept = trainer.open(77, EMAIL);
    await phase(kept, 'draftChoice');
    kept.actor.send({ type: 'draft.keep' });
    expect(kept.actor.getSnapshot().context.values.subtitle).toBe('With R');
    expect(trainer.store.getItem(EDIT_KEY)).not.toBeNull();

    const discarded = trainer.open(77, EMAIL);
    await phase(discarded, 'draftChoice');
    discarded.actor.send({ type: 'draft.discard' });
    expect(discarded.actor.getSnapshot().context.values.subtitle).toBe('');
    expect(trainer.store.getItem(EDIT_KEY)).toBeNull();
  });

  it('sends a rejected course again, drops its draft and opens its lectures', async () => {
    const server = authoringServer();
    const trainer = browser(server);
    const page = trainer.open(77, EMAIL);
    await phase(page, 'editing');
    page.actor.send({ type: 'facilitator.email', value: 't9@example.com' });
    page.actor.send({ type: 'facilitator.search' });
    await waitFor(page.actor, () => page.actor.getSnapshot().context.values.facilitators.length === 1);
    expect(trainer.store.getItem(EDIT_KEY)).not.toBeNull();

    page.actor.send({ type: 'step.goto', step: 'review' });
    expect(trainer.did).toEqual(['focusStep']);
    page.actor.send({ type: 'submit' });
    await waitFor(page.actor, (state) => state.matches('done'));
    const put = server.requests.at(-1);
    expect(put).toMatchObject({ method: 'PUT', path: '/course/course-create/77/' });
    expect(put?.body).toMatchObject({
      title: 'Statistics for Researchers',
      facilitators: [9],
      price_halalas: 20000,
    });
    expect(trainer.saved).toEqual(['resubmitted']);
    expect(trainer.did.at(-1)).toBe('navigate /manage-courses/77');
    expect(trainer.store.getItem(EDIT_KEY)).toBeNull();
  });

  it('uploads a chosen cover and keeps it in the draft', async () => {
    const server = authoringServer();
    const trainer = browser(server);
    const page = trainer.open(null, EMAIL);
    await phase(page, 'editing');
    const file = new Blob([new Uint8Array([137, 80, 78, 71])]);
    page.actor.send({ type: 'cover.choose', choice: { file, name: 'cover.png', preview: '' } });
    await waitFor(page.actor, () => trainer.did.includes('uploaded'));
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', path: '/upload/' });
    expect(JSON.parse(trainer.store.getItem(ADD_KEY) ?? 'null').values.cover).toMatchObject({
      file: '/api/v1/files/new-cover',
    });
  });

  it('shows the cover’s progress as the browser reports it', async () => {
    const server = authoringServer();
    const trainer = browser(server);
    const page = trainer.open(null, EMAIL);
    await phase(page, 'editing');
    const sending = browserUpload();
    try {
      const file = new Blob([new Uint8Array([137, 80, 78, 71])]);
      page.actor.send({ type: 'cover.choose', choice: { file, name: 'cover.png', preview: '' } });
      sending.progress(0.5);
      expect(page.actor.getSnapshot().context.coverProgress).toBe(0.5);
      sending.finish({ file: '/api/v1/files/new-cover', name: 'cover.png', size: 4 });
      await waitFor(page.actor, () => trainer.did.includes('uploaded'));
    } finally {
      sending.restore();
    }
  });

  it('goes on without a draft where the browser refuses to store one', async () => {
    const server = authoringServer();
    const trainer = browser(server, refusingStore());
    const page = trainer.open(77, EMAIL);
    await phase(page, 'editing');
    page.actor.send({ type: 'field.change', name: 'subtitle', value: 'With R' });
    page.actor.send({ type: 'step.goto', step: 'review' });
    page.actor.send({ type: 'submit' });
    await waitFor(page.actor, (state) => state.matches('done'));
    expect(trainer.saved).toEqual(['resubmitted']);
  });
});
