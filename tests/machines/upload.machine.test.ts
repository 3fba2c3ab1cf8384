import { FAILURES } from '@contract/messages/failures';
import { UPLOAD_MESSAGES } from '@contract/messages/learning';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  type FileLink,
  type Submission,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_VIDEO_BYTES,
  type UploadResponse,
} from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import { connectFormFile, connectHandIn, previewKindOf } from '../../machines/upload.connect.ts';
import {
  type ChosenFile,
  fileProblem,
  type HandInInput,
  type UploadActorInput,
  type UploadEvent,
  type UploadInput,
  uploadMachine,
} from '../../machines/upload.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectJointCoverage,
  expectState,
  harnesses,
  replayEveryPath,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const ACTIONS = [
  'fileChanged',
  'busyChanged',
  'announceUploaded',
  'announceUploadFailed',
  'submissionsChanged',
  'abandonUpload',
] as const;

const pdf: ChosenFile = {
  file: new Blob([new Uint8Array(2048)], { type: 'application/pdf' }),
  name: 'Report.PDF',
};
const video: ChosenFile = {
  file: new Blob([new Uint8Array(4096)], { type: 'video/mp4' }),
  name: 'Intro.MP4',
};
const exe: ChosenFile = { file: new Blob([new Uint8Array(16)]), name: 'setup.exe' };
const huge: ChosenFile = { file: new Blob([new Uint8Array(UPLOAD_MAX_BYTES + 1)]), name: 'scan.pdf' };

const storedPdf: UploadResponse = { file: '/api/v1/files/7c1e.pdf', name: 'Report.PDF', size: 2048 };
const storedVideo: UploadResponse = { file: 'uploads/7c1e.mp4', name: 'Intro.MP4', size: 4096 };
const submission: Submission = {
  id: 9,
  attempt: 1,
  file: { url: '/api/v1/files/7c1e.pdf?sig=1', name: 'Report.PDF', extension: 'pdf', size: 2048 },
  status: 'Submitted',
  grade: null,
  feedback: null,
  feedback_file: null,
  submitted_at: '2026-11-23T20:00:00Z',
  reviewed_at: null,
};
const link: FileLink = { url: '/api/v1/files/ab12?sig=1', name: 'notes.pdf', extension: 'pdf', size: 45_000 };

const handIn: UploadInput = { mode: 'handIn' };
const formWithFile: UploadInput = { mode: 'form', existing: { address: 'uploads/ab12.pdf', link } };
const formWithout: UploadInput = { mode: 'form', existing: null };

function implementations() {
  return {
    actors: {
      upload: scriptedPromise<UploadResponse, UploadActorInput>(),
      handIn: scriptedPromise<Submission, HandInInput>(),
    },
    actions: spyActions(uploadMachine, ACTIONS),
  };
}

const events = [
  { type: 'file.choose', file: pdf },
  { type: 'file.choose', file: exe },
  { type: 'file.discard' },
  { type: 'file.remove' },
  { type: 'upload.start' },
  { type: 'upload.progress', share: 0.5 },
  { type: 'upload.address', address: '/api/v1/uploads/5f0c' },
  { type: 'upload.stalled' },
  { type: 'upload.pause' },
  { type: 'upload.resume' },
  { type: 'upload.cancel' },
  { type: 'retry' },
  { type: 'popup.close' },
  doneActor('upload', storedPdf),
  errorActor('upload', httpFailure(400, UPLOAD_MESSAGES.uploadType)),
  doneActor('handIn', submission),
  errorActor('handIn', silentFailure(500)),
] as const;

const serializeState = serializeValueAnd(
  (context: {
    current: unknown;
    uploaded: unknown;
    alert: string | null;
    progress: number;
    address: string | null;
    stalled: boolean;
  }) => [
    context.current !== null,
    context.uploaded !== null,
    context.alert !== null,
    context.progress,
    context.address !== null,
    context.stalled,
  ],
);

describe('upload machine: generated paths', () => {
  const models = [handIn, formWithFile, formWithout].map((input) =>
    createPathModel(uploadMachine, { input, events, serializeState, implementations }),
  );
  for (const model of models) replayEveryPath(model);
  it('reaches every state and every transition, handing in and for a form with and without a file', async () => {
    await expectJointCoverage(models);
  });
});

const launch = harnesses(uploadMachine);

function start(input: UploadInput) {
  const impl = implementations();
  return { harness: launch(impl, { input }), ...impl.actors, actions: impl.actions };
}

type Harness = ReturnType<typeof start>['harness'];

/** The view models, for what they show (what they send is checked at the end). */
function handInView(harness: Harness) {
  return connectHandIn(harness.snapshot, () => {});
}

function formView(harness: Harness) {
  return connectFormFile(harness.snapshot, () => {});
}

describe('upload machine: handing in an assignment', () => {
  it('refuses a file of another type or over 25 MB before sending, and keeps it shown', async () => {
    const { harness, upload } = start(handIn);
    await harness.send({ type: 'file.choose', file: exe });
    expectState(harness, 'chosen.invalid');
    expect(handInView(harness)).toMatchObject({
      chosen: { name: 'setup.exe', size: 16 },
      problem: UPLOAD_MESSAGES.uploadType,
      canUpload: false,
      step: 'choose',
    });
    await harness.send({ type: 'upload.start' });
    expectState(harness, 'chosen.invalid');
    await harness.send({ type: 'file.choose', file: huge });
    expect(harness.context.problem).toBe(UPLOAD_MESSAGES.uploadTooLarge);
    expect(upload.inputs).toEqual([]);
    await harness.send({ type: 'file.choose', file: pdf });
    expectState(harness, 'chosen.valid');
    expect(handInView(harness)).toMatchObject({ problem: null, canUpload: true });
    await harness.send({ type: 'file.discard' });
    expectState(harness, 'empty');
    expect(handInView(harness)).toMatchObject({ chosen: null, canUpload: false, step: 'choose' });
  });

  it('uploads on request with its progress, hands in the stored file, and opens the popup', async () => {
    const { harness, upload, handIn: handInActor, actions } = start(handIn);
    await harness.send({ type: 'file.choose', file: pdf });
    expect(upload.inputs).toEqual([]);
    await harness.send({ type: 'upload.start' });
    expect(upload.inputs).toEqual([{ file: pdf.file, name: 'Report.PDF' }]);
    await harness.send({ type: 'upload.progress', share: 0.426 });
    expect(handInView(harness)).toMatchObject({
      step: 'uploading',
      percent: 43,
      busy: true,
      canChoose: false,
    });
    await harness.send({ type: 'upload.progress', share: 1.4 });
    expect(harness.context.progress).toBe(1);
    await harness.resolve('upload', storedPdf);
    expect(actions.announceUploaded).toHaveBeenCalledTimes(1);
    expect(actions.fileChanged).not.toHaveBeenCalled();
    expectState(harness, 'handingIn');
    expect(handInView(harness)).toMatchObject({ step: 'submitting', busy: true, percent: 100 });
    expect(handInActor.inputs).toEqual([{ file: storedPdf.file }]);
    await harness.resolve('handIn', submission);
    expectState(harness, 'handedIn');
    expect(handInView(harness)).toMatchObject({
      step: 'submitted',
      popup: submission,
      canChoose: false,
    });
    expect(actions.submissionsChanged).not.toHaveBeenCalled();
    await harness.send({ type: 'popup.close' });
    expectState(harness, 'empty');
    expect(actions.submissionsChanged).toHaveBeenCalledTimes(1);
    expect(handInView(harness)).toMatchObject({ chosen: null, popup: null, step: 'choose' });
  });

  it('cancels an upload keeping the file, and starts again from nothing', async () => {
    const { harness, upload } = start(handIn);
    await harness.send({ type: 'file.choose', file: pdf });
    await harness.send({ type: 'upload.start' });
    await harness.send({ type: 'upload.progress', share: 0.3 });
    await harness.send({ type: 'upload.cancel' });
    expectState(harness, 'chosen.valid');
    expect(handInView(harness)).toMatchObject({ chosen: { name: 'Report.PDF' }, progress: 0 });
    await harness.send({ type: 'upload.start' });
    expect(upload.inputs).toHaveLength(2);
    expect(harness.context.progress).toBe(0);
  });

  it('retries a refused hand-in with the file already uploaded, not a second upload', async () => {
    const { harness, upload, handIn: handInActor } = start(handIn);
    await harness.send({ type: 'file.choose', file: pdf });
    await harness.send({ type: 'upload.start' });
    await harness.resolve('upload', storedPdf);
    await harness.reject('handIn', httpFailure(403, SERVER_MESSAGES.courseWithdrawn));
    expectState(harness, 'failed');
    expect(harness.context.alert).toBe(SERVER_MESSAGES.courseWithdrawn);
    await harness.send({ type: 'retry' });
    expectState(harness, 'handingIn');
    expect(harness.context.alert).toBeNull();
    expect(upload.inputs).toHaveLength(1);
    expect(handInActor.inputs).toHaveLength(2);
    await harness.reject('handIn', silentFailure(500));
    expect(harness.context.alert).toBe('Something went wrong');
  });
});

describe("upload machine: a form's file", () => {
  it('refuses another type or a file over the limit before sending', async () => {
    const { harness, upload, actions } = start(formWithout);
    await harness.send({ type: 'file.choose', file: exe });
    expectState(harness, 'chosen.invalid');
    expect(formView(harness)).toMatchObject({
      step: 'invalid',
      chosen: { name: 'setup.exe', size: 16 },
      problem: UPLOAD_MESSAGES.uploadType,
      preview: null,
    });
    await harness.send({ type: 'file.choose', file: huge });
    expect(harness.context.problem).toBe(UPLOAD_MESSAGES.uploadTooLarge);
    expect(upload.inputs).toEqual([]);
    expect(actions.fileChanged).not.toHaveBeenCalled();
    await harness.send({ type: 'file.discard' });
    expectState(harness, 'empty');
    expect(formView(harness)).toMatchObject({ step: 'empty', chosen: null, problem: null });
  });

  it('uploads a chosen file at once with its progress, then previews it and gives the form its address', async () => {
    const { harness, upload, actions } = start(formWithout);
    await harness.send({ type: 'file.choose', file: video });
    expectState(harness, { uploading: 'sending' });
    expect(upload.inputs).toEqual([{ file: video.file, name: 'Intro.MP4' }]);
    expect(actions.busyChanged.mock.calls.at(-1)?.[1]).toEqual({ busy: true });
    await harness.send({ type: 'upload.start' });
    expect(upload.inputs).toHaveLength(1);
    await harness.send({ type: 'upload.progress', share: 0.426 });
    expect(formView(harness)).toMatchObject({ step: 'uploading', percent: 43, busy: true });
    await harness.send({ type: 'upload.progress', share: 3 });
    expect(harness.context.progress).toBe(1);
    await harness.resolve('upload', storedVideo);
    expectState(harness, 'showing');
    expect(actions.busyChanged.mock.calls.at(-1)?.[1]).toEqual({ busy: false });
    expect(actions.fileChanged.mock.calls.map((call) => call[1])).toEqual([{ address: storedVideo.file }]);
    expect(actions.announceUploaded).toHaveBeenCalledTimes(1);
    expect(formView(harness)).toMatchObject({ step: 'showing', chosen: null, busy: false });
    expect(formView(harness).preview).toEqual({
      name: 'Intro.MP4',
      extension: 'mp4',
      size: 4096,
      kind: 'video',
      videoType: 'video/mp4',
      blob: video.file,
      url: null,
    });
  });

  it('shows the stored file in edit mode; Replace keeps it until the new one is stored; Remove clears it', async () => {
    const { harness, actions } = start(formWithFile);
    expectState(harness, 'showing');
    expect(formView(harness).preview).toMatchObject({
      name: 'notes.pdf',
      kind: 'document',
      url: link.url,
      blob: null,
      size: 45_000,
      videoType: null,
    });
    await harness.send({ type: 'file.choose', file: video });
    await harness.send({ type: 'upload.cancel' });
    expectState(harness, 'showing');
    expect(formView(harness)).toMatchObject({ chosen: null, preview: { name: 'notes.pdf' } });
    expect(actions.fileChanged).not.toHaveBeenCalled();
    await harness.send({ type: 'file.remove' });
    expectState(harness, 'empty');
    expect(actions.fileChanged.mock.calls.map((call) => call[1])).toEqual([{ address: null }]);
    expect(formView(harness).preview).toBeNull();
  });

  it('previews pictures, videos and documents by their extension', () => {
    expect(['png', 'jpeg', 'jpg'].map(previewKindOf)).toEqual(['image', 'image', 'image']);
    expect(
      ['mp4', 'webm', 'ogg', 'avi', 'mkv', 'mov', 'wmv'].every((e) => previewKindOf(e) === 'video'),
    ).toBe(true);
    expect(['pdf', 'csv', 'doc', 'docx', 'xlsx'].every((e) => previewKindOf(e) === 'document')).toBe(true);
  });
});

describe('upload machine: a failed upload, either way', () => {
  const ways = [
    { name: 'handing in', input: handIn, file: pdf, view: handInView, afterDiscard: 'empty', kept: null },
    {
      name: 'a form with a file',
      input: formWithFile,
      file: video,
      view: formView,
      afterDiscard: 'showing',
      kept: 'notes.pdf',
    },
  ] as const;

  for (const way of ways) {
    it(`${way.name}: says why, toasts it, tries again, and Discard goes back to what there was`, async () => {
      const { harness, upload, actions } = start(way.input);
      await harness.send({ type: 'file.choose', file: way.file });
      await harness.send({ type: 'upload.start' });
      await harness.reject('upload', silentFailure(502));
      expectState(harness, 'failed');
      expect(harness.context.alert).toBe(FAILURES.upload);
      expect(actions.announceUploadFailed).toHaveBeenCalledTimes(1);
      expect(way.view(harness)).toMatchObject({ step: 'failed', chosen: { name: way.file.name } });
      await harness.send({ type: 'retry' });
      expectState(harness, { uploading: 'sending' });
      expect(harness.context.alert).toBeNull();
      expect(upload.inputs).toEqual([
        { file: way.file.file, name: way.file.name },
        { file: way.file.file, name: way.file.name },
      ]);
      expect(way.view(harness).canRetry).toBe(true);
      await harness.reject('upload', httpFailure(413, UPLOAD_MESSAGES.uploadTooLarge));
      expect(harness.context.alert).toBe(UPLOAD_MESSAGES.uploadTooLarge);
      // The server refused the file itself: sending it again would get the same answer.
      expect(way.view(harness).canRetry).toBe(false);
      await harness.send({ type: 'file.discard' });
      expectState(harness, way.afterDiscard);
      expect(way.view(harness)).toMatchObject({ chosen: null, alert: null });
      expect(formView(harness).preview?.name ?? null).toBe(way.kept);
    });
  }
});

describe('upload machine: what the views send', () => {
  it('sends the shared events from either view, and each view its own', () => {
    const sent: UploadEvent[] = [];
    const push = (event: UploadEvent) => sent.push(event);
    const handing = connectHandIn(start(handIn).harness.snapshot, push);
    const form = connectFormFile(start(formWithout).harness.snapshot, push);
    for (const view of [handing, form]) {
      view.choose(pdf.file, pdf.name);
      view.progressed(0.2);
      view.pause();
      view.resume();
      view.cancel();
      view.retry();
      view.discard();
    }
    handing.upload();
    handing.closePopup();
    form.remove();
    const shared: UploadEvent[] = [
      { type: 'file.choose', file: pdf },
      { type: 'upload.progress', share: 0.2 },
      { type: 'upload.pause' },
      { type: 'upload.resume' },
      { type: 'upload.cancel' },
      { type: 'retry' },
      { type: 'file.discard' },
    ];
    expect(sent).toEqual([
      ...shared,
      ...shared,
      { type: 'upload.start' },
      { type: 'popup.close' },
      { type: 'file.remove' },
    ]);
  });
});

describe('upload machine: a resumable upload', () => {
  it('takes a video up to 2 GB and refuses one larger, with the video sentence', () => {
    expect(fileProblem({ name: 'lecture.MP4', size: UPLOAD_MAX_VIDEO_BYTES })).toBeNull();
    expect(fileProblem({ name: 'lecture.mp4', size: UPLOAD_MAX_VIDEO_BYTES + 1 })).toBe(
      UPLOAD_MESSAGES.videoTooLarge,
    );
    expect(fileProblem({ name: 'notes.pdf', size: UPLOAD_MAX_BYTES + 1 })).toBe(
      UPLOAD_MESSAGES.uploadTooLarge,
    );
  });

  it('pauses without losing what was sent, resumes from there, and says when the connection is lost', async () => {
    const { harness, upload } = start(formWithout);
    await harness.send({ type: 'file.choose', file: video });
    await harness.send({ type: 'upload.address', address: '/api/v1/uploads/5f0c' });
    await harness.send({ type: 'upload.progress', share: 0.4 });
    await harness.send({ type: 'upload.stalled' });
    expect(formView(harness)).toMatchObject({ stalled: true, paused: false, percent: 40 });
    await harness.send({ type: 'upload.progress', share: 0.45 });
    expect(formView(harness).stalled).toBe(false);
    await harness.send({ type: 'upload.pause' });
    expectState(harness, { uploading: 'paused' });
    expect(formView(harness)).toMatchObject({ step: 'uploading', paused: true, percent: 45, busy: true });
    expect(upload.inputs).toHaveLength(1);
    await harness.send({ type: 'upload.resume' });
    expectState(harness, { uploading: 'sending' });
    expect(upload.inputs).toHaveLength(2);
    expect(harness.context.address).toBe('/api/v1/uploads/5f0c');
    await harness.resolve('upload', storedVideo);
    expectState(harness, 'showing');
  });

  it('lets the server forget the part sent when the upload is cancelled, paused or not', async () => {
    const { harness, actions } = start(handIn);
    await harness.send({ type: 'file.choose', file: pdf });
    await harness.send({ type: 'upload.start' });
    await harness.send({ type: 'upload.address', address: '/api/v1/uploads/5f0c' });
    await harness.send({ type: 'upload.pause' });
    await harness.send({ type: 'upload.cancel' });
    expectState(harness, { chosen: 'valid' });
    expect(actions.abandonUpload.mock.calls.map((call) => call[1])).toEqual([
      { address: '/api/v1/uploads/5f0c' },
    ]);
    expect(harness.context.address).toBeNull();
  });
});
