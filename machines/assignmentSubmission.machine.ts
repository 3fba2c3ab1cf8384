import { FAILURES } from '@contract/messages/failures';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  type Submission,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  type UploadResponse,
} from '@contract/wire/learning';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf } from './forms';

/**
 * Handing in an assignment (spec section 2, the assignment details modal): the trainee chooses
 * one file, which is checked (type and size) before anything is sent and stays shown when it is
 * refused; it is uploaded with its progress (and can be cancelled), then submitted; the success
 * popup confirms it. A failed upload or submit keeps the file, and trying again submits the file
 * already uploaded rather than sending it twice.
 */
export interface ChosenFile {
  file: Blob;
  name: string;
}

export interface AssignmentSubmissionInput {
  lectureId: number;
}

export interface AssignmentSubmissionContext {
  lectureId: number;
  chosen: ChosenFile | null;
  /** Why the chosen file cannot be sent (type or size), or null. */
  problem: string | null;
  /** The share of the file sent, 0 to 1. */
  progress: number;
  /** The stored file once uploaded: a retried submit sends this one again. */
  uploaded: UploadResponse | null;
  /** The sentence of the last failure, or null. */
  alert: string | null;
  /** The submission the server made, shown by the success popup. */
  submission: Submission | null;
}

export type AssignmentSubmissionEvent =
  | { type: 'file.choose'; file: ChosenFile }
  | { type: 'file.clear' }
  | { type: 'upload.start' }
  /** Sent by the upload the view provides, as the bytes go. */
  | { type: 'upload.progress'; share: number }
  | { type: 'upload.cancel' }
  | { type: 'retry' }
  | { type: 'popup.close' };

export interface UploadInput {
  file: Blob;
  name: string;
}

export interface SubmitInput {
  lectureId: number;
  file: string;
}

/** The extension of a file name, lower case, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * What is wrong with a file before it is sent (spec section 5: the accepted types; at most
 * 25 MB), as the server says it, or null. The server checks the bytes again.
 */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return SERVER_MESSAGES.uploadType;
  }
  if (file.size > UPLOAD_MAX_BYTES) return SERVER_MESSAGES.uploadTooLarge;
  if (file.size === 0) return SERVER_MESSAGES.uploadRequired;
  return null;
}

const chosenOf = ({ event }: { event: AssignmentSubmissionEvent }) => {
  assertEvent(event, 'file.choose');
  return { chosen: event.file };
};

const progressOf = ({ event }: { event: AssignmentSubmissionEvent }) => {
  assertEvent(event, 'upload.progress');
  return { share: event.share };
};

/** A choice replaces the last one; what was uploaded or said of the last one goes. */
const choiceTransitions = [
  {
    guard: { type: 'acceptable', params: chosenOf },
    target: '#assignmentSubmission.chosen.valid',
    actions: { type: 'keepChoice', params: chosenOf },
  },
  { target: '#assignmentSubmission.chosen.invalid', actions: { type: 'keepChoice', params: chosenOf } },
] as const;

export const assignmentSubmissionMachine = setup({
  types: {
    input: {} as AssignmentSubmissionInput,
    context: {} as AssignmentSubmissionContext,
    events: {} as AssignmentSubmissionEvent,
  },
  actors: {
    upload: fromPromise<UploadResponse, UploadInput>(async () => {
      throw new Error('upload is supplied by the view');
    }),
    submit: fromPromise<Submission, SubmitInput>(async () => {
      throw new Error('submit is supplied by the view');
    }),
  },
  guards: {
    acceptable: (_, { chosen }: { chosen: ChosenFile }) =>
      fileProblem({ name: chosen.name, size: chosen.file.size }) === null,
    uploaded: ({ context }) => context.uploaded !== null,
  },
  actions: {
    keepChoice: assign((_, { chosen }: { chosen: ChosenFile }) => ({
      chosen,
      problem: fileProblem({ name: chosen.name, size: chosen.file.size }),
      uploaded: null,
      alert: null,
      progress: 0,
    })),
    forgetChoice: assign({ chosen: null, problem: null, uploaded: null, alert: null, progress: 0 }),
    resetProgress: assign({ progress: 0, alert: null }),
    setProgress: assign({
      progress: (_, { share }: { share: number }) => Math.min(1, Math.max(0, share)),
    }),
    keepUpload: assign({
      uploaded: (_, { uploaded }: { uploaded: UploadResponse }) => uploaded,
      progress: 1,
    }),
    keepSubmission: assign({
      submission: (_, { submission }: { submission: Submission }) => submission,
    }),
    clearAlert: assign({ alert: null }),
    showUploadAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.upload) }),
    showSubmitAlert: assign({
      alert: (_, { error }: Failure) => alertOf(error, 'Something went wrong'),
    }),
    /** The toast 'File has been uploaded successfully'. */
    announceUploaded: () => {},
    /** Spec section 8: the toast 'Error uploading file'. */
    announceUploadFailed: (_, _params: Failure) => {},
    /** The popup was closed: the view reads the lecture and the sidebar again. */
    submissionsChanged: () => {},
  },
}).createMachine({
  id: 'assignmentSubmission',
  context: ({ input }) => ({
    lectureId: input.lectureId,
    chosen: null,
    problem: null,
    progress: 0,
    uploaded: null,
    alert: null,
    submission: null,
  }),
  initial: 'idle',
  states: {
    /** No file chosen. */
    idle: {
      on: { 'file.choose': choiceTransitions },
    },
    /** A file is chosen and shown; nothing is sent yet. */
    chosen: {
      initial: 'valid',
      on: {
        'file.choose': choiceTransitions,
        'file.clear': { target: 'idle', actions: 'forgetChoice' },
      },
      states: {
        valid: { on: { 'upload.start': { target: '#assignmentSubmission.uploading' } } },
        /** Of another type or too large: the problem is said next to the file. */
        invalid: {},
      },
    },
    /** The file is on its way; leaving this state (Cancel) aborts the request. */
    uploading: {
      entry: 'resetProgress',
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({
          file: context.chosen?.file ?? new Blob(),
          name: context.chosen?.name ?? '',
        }),
        onDone: {
          target: 'uploaded',
          actions: [
            { type: 'keepUpload', params: ({ event }) => ({ uploaded: event.output }) },
            'announceUploaded',
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'showUploadAlert', params: failureOf },
            { type: 'announceUploadFailed', params: failureOf },
          ],
        },
      },
      on: {
        'upload.progress': { actions: { type: 'setProgress', params: progressOf } },
        'upload.cancel': { target: 'chosen.valid', actions: 'resetProgress' },
      },
    },
    /** Stored on the server: it is handed in at once. */
    uploaded: {
      always: { target: 'submitting' },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ lectureId: context.lectureId, file: context.uploaded?.file ?? '' }),
        onDone: {
          target: 'submitted',
          actions: { type: 'keepSubmission', params: ({ event }) => ({ submission: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'showSubmitAlert', params: failureOf } },
      },
    },
    /** The success popup: 'Your assignment has been submitted'. */
    submitted: {
      on: { 'popup.close': { target: 'idle', actions: ['forgetChoice', 'submissionsChanged'] } },
    },
    /** The alert says why; the file stays, and trying again sends what is missing. */
    failed: {
      on: {
        retry: [{ guard: 'uploaded', target: 'submitting', actions: 'clearAlert' }, { target: 'uploading' }],
        'file.choose': choiceTransitions,
        'file.clear': { target: 'idle', actions: 'forgetChoice' },
      },
    },
  },
});
