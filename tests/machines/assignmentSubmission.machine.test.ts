import { FAILURES } from '@contract/messages/failures';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { type Submission, UPLOAD_MAX_BYTES, type UploadResponse } from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import { connectAssignmentSubmission } from '../../machines/assignmentSubmission.connect.ts';
import {
  type AssignmentSubmissionEvent,
  assignmentSubmissionMachine,
  type ChosenFile,
  type SubmitInput,
  type UploadInput,
} from '../../machines/assignmentSubmission.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const ACTIONS = ['announceUploaded', 'announceUploadFailed', 'submissionsChanged'] as const;
const input = { lectureId: 41 };

const pdf: ChosenFile = {
  file: new Blob([new Uint8Array(2048)], { type: 'application/pdf' }),
  name: 'Report.PDF',
};
const exe: ChosenFile = { file: new Blob([new Uint8Array(16)]), name: 'setup.exe' };
const huge: ChosenFile = { file: new Blob([new Uint8Array(UPLOAD_MAX_BYTES + 1)]), name: 'film.mp4' };

const stored: UploadResponse = { file: '/api/v1/files/7c1e.pdf', name: 'Report.PDF', size: 2048 };
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

function implementations() {
  return {
    actors: {
      upload: scriptedPromise<UploadResponse, UploadInput>(),
      submit: scriptedPromise<Submission, SubmitInput>(),
    },
    actions: spyActions(assignmentSubmissionMachine, ACTIONS),
  };
}

describe('assignmentSubmission machine: generated paths', () => {
  const model = createPathModel(assignmentSubmissionMachine, {
    input,
    events: [
      { type: 'file.choose', file: pdf },
      { type: 'file.choose', file: exe },
      { type: 'file.clear' },
      { type: 'upload.start' },
      { type: 'upload.progress', share: 0.5 },
      { type: 'upload.cancel' },
      { type: 'retry' },
      { type: 'popup.close' },
      doneActor('upload', stored),
      errorActor('upload', httpFailure(400, SERVER_MESSAGES.uploadType)),
      doneActor('submit', submission),
      errorActor('submit', silentFailure(500)),
    ],
    serializeState: serializeValueAnd(
      (context: { uploaded: unknown; alert: string | null; progress: number }) => [
        context.uploaded !== null,
        context.alert !== null,
        context.progress,
      ],
    ),
    implementations,
  });

  replayEveryPathCoveringAll(model);
});

describe('assignmentSubmission machine: behaviour', () => {
  const launch = harnesses(assignmentSubmissionMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl, { input }), ...impl.actors, actions: impl.actions };
  }

  function viewOf(harness: ReturnType<typeof start>['harness']) {
    const sent: AssignmentSubmissionEvent[] = [];
    return { view: connectAssignmentSubmission(harness.snapshot, (event) => sent.push(event)), sent };
  }

  it('refuses a file of another type or over 25 MB before sending, and keeps it shown', async () => {
    const { harness, upload } = start();
    await harness.send({ type: 'file.choose', file: exe });
    expectState(harness, 'chosen.invalid');
    const { view } = viewOf(harness);
    expect(view).toMatchObject({
      file: { name: 'setup.exe', size: 16 },
      problem: SERVER_MESSAGES.uploadType,
      canUpload: false,
      step: 'choose',
    });
    await harness.send({ type: 'upload.start' });
    expectState(harness, 'chosen.invalid');
    await harness.send({ type: 'file.choose', file: huge });
    expect(harness.context.problem).toBe(SERVER_MESSAGES.uploadTooLarge);
    expect(upload.inputs).toEqual([]);
    await harness.send({ type: 'file.choose', file: pdf });
    expectState(harness, 'chosen.valid');
    expect(viewOf(harness).view).toMatchObject({ problem: null, canUpload: true });
  });

  it('uploads with its progress, submits the stored file, and opens the popup', async () => {
    const { harness, upload, submit, actions } = start();
    await harness.send({ type: 'file.choose', file: pdf });
    await harness.send({ type: 'upload.start' });
    expect(upload.inputs).toEqual([{ file: pdf.file, name: 'Report.PDF' }]);
    await harness.send({ type: 'upload.progress', share: 0.426 });
    expect(viewOf(harness).view).toMatchObject({
      step: 'uploading',
      percent: 43,
      busy: true,
      canChoose: false,
    });
    await harness.send({ type: 'upload.progress', share: 1.4 });
    expect(harness.context.progress).toBe(1);
    await harness.resolve('upload', stored);
    expect(actions.announceUploaded).toHaveBeenCalledTimes(1);
    expectState(harness, 'submitting');
    expect(submit.inputs).toEqual([{ lectureId: 41, file: stored.file }]);
    await harness.resolve('submit', submission);
    expectState(harness, 'submitted');
    expect(viewOf(harness).view.popup).toEqual(submission);
    expect(actions.submissionsChanged).not.toHaveBeenCalled();
    await harness.send({ type: 'popup.close' });
    expectState(harness, 'idle');
    expect(actions.submissionsChanged).toHaveBeenCalledTimes(1);
    expect(viewOf(harness).view).toMatchObject({ file: null, popup: null, step: 'choose' });
  });

  it('cancels an upload keeping the file, and starts again from nothing', async () => {
    const { harness, upload } = start();
    await harness.send({ type: 'file.choose', file: pdf });
    await harness.send({ type: 'upload.start' });
    await harness.send({ type: 'upload.progress', share: 0.3 });
    await harness.send({ type: 'upload.cancel' });
    expectState(harness, 'chosen.valid');
    expect(viewOf(harness).view).toMatchObject({ file: { name: 'Report.PDF' }, progress: 0 });
    await harness.send({ type: 'upload.start' });
    expect(upload.inputs).toHaveLength(2);
    expect(harness.context.progress).toBe(0);
  });

  it('says why an upload failed, toasts it, and tries the upload again on retry', async () => {
    const { harness, upload, actions } = start();
    await harness.send({ type: 'file.choose', file: pdf });
    await harness.send({ type: 'upload.start' });
    await harness.reject('upload', silentFailure(502));
    expectState(harness, 'failed');
    expect(harness.context.alert).toBe(FAILURES.upload);
    expect(actions.announceUploadFailed).toHaveBeenCalledTimes(1);
    expect(viewOf(harness).view).toMatchObject({ step: 'failed', file: { name: 'Report.PDF' } });
    await harness.send({ type: 'retry' });
    expectState(harness, 'uploading');
    expect(upload.inputs).toHaveLength(2);
    expect(harness.context.alert).toBeNull();
  });

  it('retries a refused submit with the file already uploaded, not a second upload', async () => {
    const { harness, upload, submit } = start();
    await harness.send({ type: 'file.choose', file: pdf });
    await harness.send({ type: 'upload.start' });
    await harness.resolve('upload', stored);
    await harness.reject('submit', httpFailure(403, SERVER_MESSAGES.courseWithdrawn));
    expectState(harness, 'failed');
    expect(harness.context.alert).toBe(SERVER_MESSAGES.courseWithdrawn);
    await harness.send({ type: 'retry' });
    expectState(harness, 'submitting');
    expect(upload.inputs).toHaveLength(1);
    expect(submit.inputs).toHaveLength(2);
  });

  it('sends its events from the view model', () => {
    const { harness } = start();
    const { view, sent } = viewOf(harness);
    view.choose(pdf.file, pdf.name);
    view.upload();
    view.progressed(0.2);
    view.cancel();
    view.retry();
    view.clear();
    view.closePopup();
    expect(sent.map((event) => event.type)).toEqual([
      'file.choose',
      'upload.start',
      'upload.progress',
      'upload.cancel',
      'retry',
      'file.clear',
      'popup.close',
    ]);
  });
});
