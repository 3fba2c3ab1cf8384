import { FAILURES } from '@contract/messages/failures';
import type { FileLink, UploadResponse } from '@contract/wire/learning';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type ChosenFile, fileProblem } from './assignmentSubmission.machine';
import { alertOf, type Failure, failureOf } from './forms';

/**
 * The upload widget of the course builder (spec section 2): one file per form. A file chosen is
 * checked (type and size, the spec's section 5) before anything is sent, then uploaded at once
 * with its progress (Cancel stops it); the spec's toasts say how it went. The form keeps the file
 * the widget holds now (`current`): the class's stored file in edit mode, or the last one
 * uploaded; a new upload replaces it only once it is stored, and Remove leaves the form without one.
 */
export type CurrentFile =
  /** The file the class already has: its address to send back, and its link to show it. */
  | { kind: 'existing'; address: string; link: FileLink }
  /** A file uploaded here: the local copy previews it, `stored` is the server's answer. */
  | { kind: 'uploaded'; local: ChosenFile; stored: UploadResponse };

export interface FileUploadInput {
  /** Edit mode: the class's file (address and link), or null. */
  existing: { address: string; link: FileLink } | null;
}

export interface FileUploadContext {
  current: CurrentFile | null;
  /** The file being checked, uploaded, or that failed. */
  chosen: ChosenFile | null;
  /** Why the chosen file is refused before sending (English, the server's own sentence), or null. */
  problem: string | null;
  /** The share sent, 0 to 1. */
  progress: number;
  alert: string | null;
}

export type FileUploadEvent =
  | { type: 'file.choose'; file: ChosenFile }
  /** Sent by the upload the view provides, as the bytes go. */
  | { type: 'upload.progress'; share: number }
  | { type: 'upload.cancel' }
  | { type: 'retry' }
  /** Puts away a refused or failed file: the widget shows what the form has. */
  | { type: 'dismiss' }
  /** Remove: the form keeps no file. */
  | { type: 'file.remove' };

export interface FileUploadActorInput {
  file: Blob;
  name: string;
}

const chosenOf = ({ event }: { event: FileUploadEvent }) => {
  assertEvent(event, 'file.choose');
  return { chosen: event.file };
};

const progressOf = ({ event }: { event: FileUploadEvent }) => {
  assertEvent(event, 'upload.progress');
  return { share: event.share };
};

const choose = [
  {
    guard: { type: 'acceptable', params: chosenOf },
    target: '#fileUpload.uploading',
    actions: { type: 'keepChoice', params: chosenOf },
  },
  { target: '#fileUpload.invalid', actions: { type: 'keepChoice', params: chosenOf } },
] as const;

/** Back to what the form has: its file, or none. */
const back = [
  { guard: 'hasFile', target: '#fileUpload.showing', actions: 'forgetChoice' },
  { target: '#fileUpload.empty', actions: 'forgetChoice' },
] as const;

export const fileUploadMachine = setup({
  types: {
    input: {} as FileUploadInput,
    context: {} as FileUploadContext,
    events: {} as FileUploadEvent,
  },
  actors: {
    upload: fromPromise<UploadResponse, FileUploadActorInput>(async () => {
      throw new Error('upload is supplied by the view');
    }),
  },
  guards: {
    acceptable: (_, { chosen }: { chosen: ChosenFile }) =>
      fileProblem({ name: chosen.name, size: chosen.file.size }) === null,
    hasFile: ({ context }) => context.current !== null,
  },
  actions: {
    keepChoice: assign((_, { chosen }: { chosen: ChosenFile }) => ({
      chosen,
      problem: fileProblem({ name: chosen.name, size: chosen.file.size }),
      alert: null,
      progress: 0,
    })),
    forgetChoice: assign({ chosen: null, problem: null, alert: null, progress: 0 }),
    setProgress: assign({
      progress: (_, { share }: { share: number }) => Math.min(1, Math.max(0, share)),
    }),
    keepUpload: assign(({ context }, { stored }: { stored: UploadResponse }) => ({
      current: context.chosen
        ? { kind: 'uploaded' as const, local: context.chosen, stored }
        : context.current,
      chosen: null,
      progress: 1,
    })),
    forgetFile: assign({ current: null }),
    showAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.upload) }),
    clearAlert: assign({ alert: null, progress: 0 }),
    /** The form's file is now this address (or none). */
    fileChanged: (_, _params: { address: string | null }) => {},
    /** An upload started or ended: the form waits for it before saving. */
    busyChanged: (_, _params: { busy: boolean }) => {},
    /** The toast 'File has been uploaded successfully'. */
    announceUploaded: () => {},
    /** Spec section 8: the toast 'Error uploading file'. */
    announceUploadFailed: (_, _params: Failure) => {},
  },
}).createMachine({
  id: 'fileUpload',
  context: ({ input }) => ({
    current: input.existing ? { kind: 'existing', ...input.existing } : null,
    chosen: null,
    problem: null,
    progress: 0,
    alert: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasFile', target: 'showing' }, { target: 'empty' }],
    },
    /** No file: Choose a file. */
    empty: {
      on: { 'file.choose': choose },
    },
    /** The form's file, previewed, with Replace and Remove. */
    showing: {
      on: {
        'file.choose': choose,
        'file.remove': {
          target: 'empty',
          actions: ['forgetFile', { type: 'fileChanged', params: { address: null } }],
        },
      },
    },
    /** Of another type or too large: said next to the file's name; nothing was sent. */
    invalid: {
      on: { 'file.choose': choose, dismiss: back },
    },
    /** On its way; leaving this state (Cancel) aborts the request. */
    uploading: {
      entry: [{ type: 'busyChanged', params: { busy: true } }, 'clearAlert'],
      exit: { type: 'busyChanged', params: { busy: false } },
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({
          file: context.chosen?.file ?? new Blob(),
          name: context.chosen?.name ?? '',
        }),
        onDone: {
          target: 'showing',
          actions: [
            { type: 'keepUpload', params: ({ event }) => ({ stored: event.output }) },
            { type: 'fileChanged', params: ({ event }) => ({ address: event.output.file }) },
            'announceUploaded',
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'showAlert', params: failureOf },
            { type: 'announceUploadFailed', params: failureOf },
          ],
        },
      },
      on: {
        'upload.progress': { actions: { type: 'setProgress', params: progressOf } },
        'upload.cancel': back,
      },
    },
    /** The alert says why; Try again sends the same file, the form keeps what it had. */
    failed: {
      on: {
        retry: { target: 'uploading' },
        'file.choose': choose,
        dismiss: back,
      },
    },
  },
});
