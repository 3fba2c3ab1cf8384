import { FAILURES } from '@contract/messages/failures';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { type FileLink, UPLOAD_MAX_BYTES, type UploadResponse } from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import type { ChosenFile } from '../../machines/assignmentSubmission.machine.ts';
import { connectFileUpload, previewKindOf } from '../../machines/fileUpload.connect.ts';
import {
  type FileUploadActorInput,
  type FileUploadEvent,
  type FileUploadInput,
  fileUploadMachine,
} from '../../machines/fileUpload.machine.ts';
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

const ACTIONS = ['fileChanged', 'busyChanged', 'announceUploaded', 'announceUploadFailed'] as const;

const video: ChosenFile = {
  file: new Blob([new Uint8Array(4096)], { type: 'video/mp4' }),
  name: 'Intro.MP4',
};
const exe: ChosenFile = { file: new Blob([new Uint8Array(16)]), name: 'setup.exe' };
const huge: ChosenFile = { file: new Blob([new Uint8Array(UPLOAD_MAX_BYTES + 1)]), name: 'film.mp4' };
const stored: UploadResponse = { file: 'uploads/7c1e.mp4', name: 'Intro.MP4', size: 4096 };
const link: FileLink = { url: '/api/v1/files/ab12?sig=1', name: 'notes.pdf', extension: 'pdf', size: 45_000 };
const withFile: FileUploadInput = { existing: { address: 'uploads/ab12.pdf', link } };
const without: FileUploadInput = { existing: null };

function implementations() {
  return {
    actors: { upload: scriptedPromise<UploadResponse, FileUploadActorInput>() },
    actions: spyActions(fileUploadMachine, ACTIONS),
  };
}

const events = [
  { type: 'file.choose', file: video },
  { type: 'file.choose', file: exe },
  { type: 'upload.progress', share: 0.5 },
  { type: 'upload.cancel' },
  { type: 'retry' },
  { type: 'dismiss' },
  { type: 'file.remove' },
  doneActor('upload', stored),
  errorActor('upload', httpFailure(400, SERVER_MESSAGES.uploadType)),
] as const;

const serializeState = serializeValueAnd((context: { current: unknown; progress: number }) => [
  context.current !== null,
  context.progress,
]);

describe('fileUpload machine: generated paths', () => {
  const models = [withFile, without].map((input) =>
    createPathModel(fileUploadMachine, { input, events, serializeState, implementations }),
  );
  for (const model of models) replayEveryPath(model);
  it('reaches every state and every transition, with and without a stored file', async () => {
    await expectJointCoverage(models);
  });
});

describe('fileUpload machine: behaviour', () => {
  const launch = harnesses(fileUploadMachine);

  function start(input: FileUploadInput = without) {
    const impl = implementations();
    return { harness: launch(impl, { input }), upload: impl.actors.upload, actions: impl.actions };
  }

  function viewOf(harness: ReturnType<typeof start>['harness']) {
    const sent: FileUploadEvent[] = [];
    return { view: connectFileUpload(harness.snapshot, (event) => sent.push(event)), sent };
  }

  it('refuses another type or a file over the limit before sending', async () => {
    const { harness, upload, actions } = start();
    await harness.send({ type: 'file.choose', file: exe });
    expectState(harness, 'invalid');
    expect(viewOf(harness).view).toMatchObject({
      step: 'invalid',
      chosen: { name: 'setup.exe', size: 16 },
      problem: SERVER_MESSAGES.uploadType,
      preview: null,
    });
    await harness.send({ type: 'file.choose', file: huge });
    expect(harness.context.problem).toBe(SERVER_MESSAGES.uploadTooLarge);
    expect(upload.inputs).toEqual([]);
    expect(actions.fileChanged).not.toHaveBeenCalled();
    await harness.send({ type: 'dismiss' });
    expectState(harness, 'empty');
    expect(viewOf(harness).view).toMatchObject({ chosen: null, problem: null });
  });

  it('uploads a chosen file at once with its progress, then previews it and gives the form its address', async () => {
    const { harness, upload, actions } = start();
    await harness.send({ type: 'file.choose', file: video });
    expectState(harness, 'uploading');
    expect(upload.inputs).toEqual([{ file: video.file, name: 'Intro.MP4' }]);
    expect(actions.busyChanged.mock.calls.at(-1)?.[1]).toEqual({ busy: true });
    await harness.send({ type: 'upload.progress', share: 0.426 });
    expect(viewOf(harness).view).toMatchObject({ step: 'uploading', percent: 43, busy: true });
    await harness.send({ type: 'upload.progress', share: 3 });
    expect(harness.context.progress).toBe(1);
    await harness.resolve('upload', stored);
    expectState(harness, 'showing');
    expect(actions.busyChanged.mock.calls.at(-1)?.[1]).toEqual({ busy: false });
    expect(actions.fileChanged.mock.calls.map((call) => call[1])).toEqual([{ address: stored.file }]);
    expect(actions.announceUploaded).toHaveBeenCalledTimes(1);
    expect(viewOf(harness).view.preview).toEqual({
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
    const { harness, actions } = start(withFile);
    expectState(harness, 'showing');
    expect(viewOf(harness).view.preview).toMatchObject({
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
    expect(viewOf(harness).view.preview?.name).toBe('notes.pdf');
    expect(actions.fileChanged).not.toHaveBeenCalled();
    await harness.send({ type: 'file.remove' });
    expectState(harness, 'empty');
    expect(actions.fileChanged.mock.calls.map((call) => call[1])).toEqual([{ address: null }]);
    expect(viewOf(harness).view.preview).toBeNull();
  });

  it('says why an upload failed, toasts it, keeps the form file, and tries again', async () => {
    const { harness, upload, actions } = start(withFile);
    await harness.send({ type: 'file.choose', file: video });
    await harness.reject('upload', silentFailure(502));
    expectState(harness, 'failed');
    expect(harness.context.alert).toBe(FAILURES.upload);
    expect(actions.announceUploadFailed).toHaveBeenCalledTimes(1);
    expect(viewOf(harness).view).toMatchObject({ step: 'failed', chosen: { name: 'Intro.MP4' } });
    await harness.send({ type: 'retry' });
    expectState(harness, 'uploading');
    expect(harness.context.alert).toBeNull();
    expect(upload.inputs).toHaveLength(2);
    await harness.reject('upload', httpFailure(413, SERVER_MESSAGES.uploadTooLarge));
    expect(harness.context.alert).toBe(SERVER_MESSAGES.uploadTooLarge);
    await harness.send({ type: 'dismiss' });
    expectState(harness, 'showing');
    expect(viewOf(harness).view.preview?.name).toBe('notes.pdf');
  });

  it('previews pictures, videos and documents by their extension', () => {
    expect(['png', 'jpeg', 'jpg'].map(previewKindOf)).toEqual(['image', 'image', 'image']);
    expect(
      ['mp4', 'webm', 'ogg', 'avi', 'mkv', 'mov', 'wmv'].every((e) => previewKindOf(e) === 'video'),
    ).toBe(true);
    expect(['pdf', 'csv', 'doc', 'docx', 'xlsx'].every((e) => previewKindOf(e) === 'document')).toBe(true);
  });

  it('sends its events from the view model', () => {
    const { harness } = start();
    const { view, sent } = viewOf(harness);
    view.choose(video.file, video.name);
    view.progressed(0.2);
    view.cancel();
    view.retry();
    view.dismiss();
    view.remove();
    expect(sent.map((event) => event.type)).toEqual([
      'file.choose',
      'upload.progress',
      'upload.cancel',
      'retry',
      'dismiss',
      'file.remove',
    ]);
  });
});
