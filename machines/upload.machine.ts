import { FAILURES } from '@contract/messages/failures';
import { UPLOAD_MESSAGES } from '@contract/messages/learning';
import {
  type FileLink,
  isVideoExtension,
  type Submission,
  UPLOAD_EXTENSIONS,
  type UploadResponse,
  uploadLimitOf,
} from '@contract/wire/learning';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf } from './forms';

/**
 * One file sent to the server (spec section 2), for the two places that send one:
 *
 * - `form` — the upload widget of the course builder and of grading: a chosen file is checked (type
 *   and size, spec section 5) and, when it passes, uploaded at once. The form keeps the file the
 *   widget holds (`current`): the stored one in edit mode, or the last one uploaded; a new upload
 *   replaces it only once stored, Cancel and Discard go back to it, and Remove leaves the form
 *   without one.
 * - `handIn` — handing in an assignment: the chosen file is checked and stays shown, and is sent
 *   when the trainee asks (Submit; Cancel goes back to the file), then handed in with the stored
 *   address; the success popup confirms it. A failed hand-in keeps the stored file, so trying again
 *   hands it in again rather than sending it twice.
 *
 * Either way the file goes with its progress, resumably (the tus protocol): Pause stops sending and
 * Resume goes on from what the server has; a cut connection is said while the upload tries again by
 * itself; Cancel stops and lets the server forget the part sent (`abandonUpload`, with the upload's
 * address kept in `address`). Leaving `uploading.sending` stops the requests under way. The spec's
 * toasts say how the upload went, and a failure is said with Try again, which goes on from what the
 * server has too.
 */
export interface ChosenFile {
  file: Blob;
  name: string;
}

/** The file a form already has: its address to send back, and its link to show it. */
export interface ExistingFile {
  address: string;
  link: FileLink;
}

export type UploadInput = { mode: 'form'; existing: ExistingFile | null } | { mode: 'handIn' };

export type CurrentFile =
  | ({ kind: 'existing' } & ExistingFile)
  /** A file uploaded here: the local copy previews it, `stored` is the server's answer. */
  | { kind: 'uploaded'; local: ChosenFile; stored: UploadResponse };

export interface UploadContext {
  mode: UploadInput['mode'];
  /** The form's file now (form mode), or null. */
  current: CurrentFile | null;
  /** The file chosen: being checked, sent, handed in, or that failed. */
  chosen: ChosenFile | null;
  /** Why the chosen file cannot be sent (type or size; the server's own sentence), or null. */
  problem: string | null;
  /** The share of the file sent, 0 to 1. */
  progress: number;
  /** The address of the upload under way on the server (known once it is created), or null. */
  address: string | null;
  /** The connection was lost while sending: the upload tries again by itself. */
  stalled: boolean;
  /** The stored file waiting to be handed in: a retried hand-in sends this one again. */
  uploaded: UploadResponse | null;
  /** The sentence of the last failure, or null. */
  alert: string | null;
  /** The submission the server made of the file handed in, shown by the success popup. */
  submission: Submission | null;
}

export type UploadEvent =
  | { type: 'file.choose'; file: ChosenFile }
  /** Puts away the chosen file (refused, failed or waiting): back to what the form has, or none. */
  | { type: 'file.discard' }
  /** Remove: the form keeps no file. */
  | { type: 'file.remove' }
  /** Send the chosen file (hand-in mode; a form's file goes at once). */
  | { type: 'upload.start' }
  /** Sent by the upload the view provides, as the bytes go. */
  | { type: 'upload.progress'; share: number }
  /** Sent by the upload once the server has created it: where it is. */
  | { type: 'upload.address'; address: string }
  /** Sent by the upload when a request failed and it tries again (a cut connection). */
  | { type: 'upload.stalled' }
  | { type: 'upload.pause' }
  | { type: 'upload.resume' }
  | { type: 'upload.cancel' }
  | { type: 'retry' }
  | { type: 'popup.close' };

export interface UploadActorInput {
  file: Blob;
  name: string;
}

export interface HandInInput {
  /** The stored file's address. */
  file: string;
}

/** The extension of a file name, lower case, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * What is wrong with a file before it is sent (spec section 5: the accepted types; at most
 * 25 MB, a video at most 2 GB), as the server says it, or null. The server checks the bytes again.
 */
export function fileProblem(file: { name: string; size: number }): string | null {
  const extension = extensionOf(file.name);
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    return UPLOAD_MESSAGES.uploadType;
  }
  if (file.size > uploadLimitOf(extension)) {
    return isVideoExtension(extension) ? UPLOAD_MESSAGES.videoTooLarge : UPLOAD_MESSAGES.uploadTooLarge;
  }
  if (file.size === 0) return UPLOAD_MESSAGES.uploadRequired;
  return null;
}

const chosenOf = ({ event }: { event: UploadEvent }) => {
  assertEvent(event, 'file.choose');
  return { chosen: event.file };
};

const progressOf = ({ event }: { event: UploadEvent }) => {
  assertEvent(event, 'upload.progress');
  return { share: event.share };
};

const addressOf = ({ event }: { event: UploadEvent }) => {
  assertEvent(event, 'upload.address');
  return { address: event.address };
};

/**
 * A choice replaces the last one and forgets what was said or stored of it. A refused file stays
 * shown with its problem; an acceptable one waits for Submit when it is to be handed in, and is
 * sent at once when it is a form's.
 */
const refused = {
  guard: { type: 'refused', params: chosenOf },
  target: '#upload.chosen.invalid',
  actions: { type: 'keepChoice', params: chosenOf },
} as const;
const sentAtOnce = {
  target: '#upload.uploading',
  actions: { type: 'keepChoice', params: chosenOf },
} as const;
const choose = [
  refused,
  { guard: 'handsIn', target: '#upload.chosen.valid', actions: { type: 'keepChoice', params: chosenOf } },
  sentAtOnce,
] as const;
/** Only a form has a file to replace: the new one is refused or sent at once. */
const replace = [refused, sentAtOnce] as const;

/** Cancel: the server may forget the part it has of the upload under way. */
const abandon = {
  type: 'abandonUpload',
  params: ({ context }: { context: UploadContext }) => ({ address: context.address }),
} as const;

/** Back to what the form has: its file, or none. */
const back = [
  { guard: 'hasFile', target: '#upload.showing', actions: 'forgetChoice' },
  { target: '#upload.empty', actions: 'forgetChoice' },
] as const;

export const uploadMachine = setup({
  types: {
    input: {} as UploadInput,
    context: {} as UploadContext,
    events: {} as UploadEvent,
  },
  actors: {
    upload: fromPromise<UploadResponse, UploadActorInput>(async () => {
      throw new Error('upload is supplied by the view');
    }),
    handIn: fromPromise<Submission, HandInInput>(async () => {
      throw new Error('handIn is supplied by the view');
    }),
  },
  guards: {
    refused: (_, { chosen }: { chosen: ChosenFile }) =>
      fileProblem({ name: chosen.name, size: chosen.file.size }) !== null,
    handsIn: ({ context }) => context.mode === 'handIn',
    hasFile: ({ context }) => context.current !== null,
    uploaded: ({ context }) => context.uploaded !== null,
  },
  actions: {
    keepChoice: assign((_, { chosen }: { chosen: ChosenFile }) => ({
      chosen,
      problem: fileProblem({ name: chosen.name, size: chosen.file.size }),
      uploaded: null,
      alert: null,
      progress: 0,
      address: null,
      stalled: false,
    })),
    forgetChoice: assign({
      chosen: null,
      problem: null,
      uploaded: null,
      alert: null,
      progress: 0,
      address: null,
      stalled: false,
    }),
    resetProgress: assign({ progress: 0, alert: null, stalled: false, address: null }),
    setProgress: assign({
      progress: (_, { share }: { share: number }) => Math.min(1, Math.max(0, share)),
      stalled: false,
    }),
    keepAddress: assign({ address: (_, { address }: { address: string }) => address }),
    markStalled: assign({ stalled: true }),
    clearStalled: assign({ stalled: false }),
    /** Cancel: the server may forget the part it has (the view ends the upload at `address`). */
    abandonUpload: (_, _params: { address: string | null }) => {},
    /** The stored file waits to be handed in; the chosen one stays shown. */
    keepUpload: assign({
      uploaded: (_, { stored }: { stored: UploadResponse }) => stored,
      progress: 1,
    }),
    /** The stored file is the form's now. */
    keepAsFormFile: assign(({ context }, { stored }: { stored: UploadResponse }) => ({
      current: context.chosen
        ? { kind: 'uploaded' as const, local: context.chosen, stored }
        : context.current,
      chosen: null,
      progress: 1,
    })),
    keepSubmission: assign({
      submission: (_, { submission }: { submission: Submission }) => submission,
    }),
    forgetFile: assign({ current: null }),
    clearAlert: assign({ alert: null }),
    showUploadAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.upload) }),
    showHandInAlert: assign({
      alert: (_, { error }: Failure) => alertOf(error, 'Something went wrong'),
    }),
    /** The form's file is now this address (or none). */
    fileChanged: (_, _params: { address: string | null }) => {},
    /** An upload started or ended: a form waits for it before saving. */
    busyChanged: (_, _params: { busy: boolean }) => {},
    /** The toast 'File has been uploaded successfully'. */
    announceUploaded: () => {},
    /** Spec section 8: the toast 'Error uploading file'. */
    announceUploadFailed: (_, _params: Failure) => {},
    /** The popup was closed: the view reads the lecture and the sidebar again. */
    submissionsChanged: () => {},
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    mode: input.mode,
    current: input.mode === 'form' && input.existing ? { kind: 'existing', ...input.existing } : null,
    chosen: null,
    problem: null,
    progress: 0,
    address: null,
    stalled: false,
    uploaded: null,
    alert: null,
    submission: null,
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
        'file.choose': replace,
        'file.remove': {
          target: 'empty',
          actions: ['forgetFile', { type: 'fileChanged', params: { address: null } }],
        },
      },
    },
    /** A file is chosen and shown; nothing is sent yet. */
    chosen: {
      initial: 'valid',
      on: { 'file.choose': choose, 'file.discard': back },
      states: {
        /** Waits for Submit. */
        valid: { on: { 'upload.start': { target: '#upload.uploading' } } },
        /** Of another type or too large: the problem is said next to the file. */
        invalid: {},
      },
    },
    /** On its way, or paused; leaving it (Cancel) stops the requests. */
    uploading: {
      entry: [{ type: 'busyChanged', params: { busy: true } }, 'resetProgress'],
      exit: { type: 'busyChanged', params: { busy: false } },
      initial: 'sending',
      states: {
        /** The bytes go; leaving this state (Pause, Cancel) stops the requests under way. */
        sending: {
          invoke: {
            id: 'upload',
            src: 'upload',
            input: ({ context }) => ({
              file: context.chosen?.file ?? new Blob(),
              name: context.chosen?.name ?? '',
            }),
            onDone: [
              {
                guard: 'handsIn',
                target: '#upload.handingIn',
                actions: [
                  { type: 'keepUpload', params: ({ event }) => ({ stored: event.output }) },
                  'announceUploaded',
                ],
              },
              {
                target: '#upload.showing',
                actions: [
                  { type: 'keepAsFormFile', params: ({ event }) => ({ stored: event.output }) },
                  { type: 'fileChanged', params: ({ event }) => ({ address: event.output.file }) },
                  'announceUploaded',
                ],
              },
            ],
            onError: {
              target: '#upload.failed',
              actions: [
                { type: 'showUploadAlert', params: failureOf },
                { type: 'announceUploadFailed', params: failureOf },
              ],
            },
          },
          on: {
            'upload.stalled': { actions: 'markStalled' },
            'upload.pause': { target: 'paused' },
          },
        },
        /** Nothing is sent; Resume goes on from what the server has. */
        paused: {
          entry: 'clearStalled',
          on: { 'upload.resume': { target: 'sending' } },
        },
      },
      on: {
        'upload.progress': { actions: { type: 'setProgress', params: progressOf } },
        'upload.address': { actions: { type: 'keepAddress', params: addressOf } },
        /** A file to hand in stays, waiting for Submit again; a form's goes back to what it had. */
        'upload.cancel': [
          {
            guard: 'handsIn',
            target: 'chosen.valid',
            actions: [abandon, 'resetProgress'],
          },
          {
            guard: 'hasFile',
            target: 'showing',
            actions: [abandon, 'forgetChoice'],
          },
          {
            target: 'empty',
            actions: [abandon, 'forgetChoice'],
          },
        ],
      },
    },
    /** Stored on the server: handed in at once. */
    handingIn: {
      invoke: {
        id: 'handIn',
        src: 'handIn',
        input: ({ context }) => ({ file: context.uploaded?.file ?? '' }),
        onDone: {
          target: 'handedIn',
          actions: { type: 'keepSubmission', params: ({ event }) => ({ submission: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'showHandInAlert', params: failureOf } },
      },
    },
    /** The success popup: 'Your assignment has been submitted'. */
    handedIn: {
      on: { 'popup.close': { target: 'empty', actions: ['forgetChoice', 'submissionsChanged'] } },
    },
    /** The alert says why; the file stays, and trying again sends what is missing. */
    failed: {
      on: {
        retry: [{ guard: 'uploaded', target: 'handingIn', actions: 'clearAlert' }, { target: 'uploading' }],
        'file.choose': choose,
        'file.discard': back,
      },
    },
  },
});
