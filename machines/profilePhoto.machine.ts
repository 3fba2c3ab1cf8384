import { DEFAULT_FAILURE } from '@contract/messages/errors';
import { FAILURES } from '@contract/messages/failures';
import { PROFILE_MESSAGES } from '@contract/messages/profile';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, type Profile } from '@contract/wire/profile';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf } from './forms';

/**
 * The profile photo: a chosen file is shown as a preview until it is uploaded or dropped; the
 * server answers with the profile, whose new photo the header shows at once. A file that is too
 * large or of another type is said so before anything is sent (the server checks the bytes again).
 * Removing the photo brings back the stock avatar.
 */
export interface ChosenPhoto {
  file: Blob;
  /** The address the view made for the preview (an object URL). */
  preview: string;
}

export interface ProfilePhotoContext {
  chosen: ChosenPhoto | null;
  alert: string | null;
}

export type ProfilePhotoEvent =
  | { type: 'photo.choose'; photo: ChosenPhoto }
  | { type: 'photo.upload' }
  | { type: 'photo.cancel' }
  | { type: 'photo.remove' };

/** What is wrong with a chosen file before it is sent, or null. */
export function photoProblem(file: { size: number; type: string }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PROFILE_MESSAGES.photoType;
  if (file.size > PHOTO_MAX_BYTES) return PROFILE_MESSAGES.photoTooLarge;
  return null;
}

const chosenOf = ({ event }: { event: ProfilePhotoEvent }) => {
  assertEvent(event, 'photo.choose');
  return { photo: event.photo };
};

export const profilePhotoMachine = setup({
  types: {
    context: {} as ProfilePhotoContext,
    events: {} as ProfilePhotoEvent,
  },
  actors: {
    uploadPhoto: fromPromise<Profile, Blob>(async () => {
      throw new Error('uploadPhoto is supplied by the view');
    }),
    removePhoto: fromPromise<Profile>(async () => {
      throw new Error('removePhoto is supplied by the view');
    }),
  },
  guards: {
    acceptable: (_, { photo }: { photo: ChosenPhoto }) => photoProblem(photo.file) === null,
  },
  actions: {
    keepChoice: assign((_, { photo }: { photo: ChosenPhoto }) => ({ chosen: photo, alert: null })),
    refuseChoice: assign((_, { photo }: { photo: ChosenPhoto }) => ({
      chosen: null,
      alert: photoProblem(photo.file),
    })),
    forgetChoice: assign({ chosen: null }),
    clearAlert: assign({ alert: null }),
    showUploadAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, FAILURES.upload) }),
    showRemoveAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, DEFAULT_FAILURE) }),
    /** The profile the server answered: the screen and the header show its photo. */
    photoChanged: (_, _params: { profile: Profile }) => {},
    /** The toast 'File has been uploaded successfully'. */
    announceUploaded: () => {},
    /** The toast 'Your photo has been removed'. */
    announceRemoved: () => {},
    /** Upload failure (spec section 8): the toast 'Error uploading file'. */
    announceUploadFailed: () => {},
  },
}).createMachine({
  id: 'profilePhoto',
  context: { chosen: null, alert: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'photo.choose': [
          {
            guard: { type: 'acceptable', params: chosenOf },
            target: 'previewing',
            actions: { type: 'keepChoice', params: chosenOf },
          },
          { actions: { type: 'refuseChoice', params: chosenOf } },
        ],
        'photo.remove': { target: 'removing', actions: 'clearAlert' },
      },
    },
    /** The chosen photo is shown; nothing is sent yet. */
    previewing: {
      on: {
        'photo.choose': [
          {
            guard: { type: 'acceptable', params: chosenOf },
            actions: { type: 'keepChoice', params: chosenOf },
          },
          { target: 'idle', actions: { type: 'refuseChoice', params: chosenOf } },
        ],
        'photo.upload': { target: 'uploading', actions: 'clearAlert' },
        'photo.cancel': { target: 'idle', actions: ['forgetChoice', 'clearAlert'] },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ context }) => context.chosen?.file ?? new Blob(),
        onDone: {
          target: 'idle',
          actions: [
            'forgetChoice',
            { type: 'photoChanged', params: ({ event }) => ({ profile: event.output }) },
            'announceUploaded',
          ],
        },
        onError: {
          target: 'previewing',
          actions: [{ type: 'showUploadAlert', params: failureOf }, 'announceUploadFailed'],
        },
      },
    },
    removing: {
      invoke: {
        id: 'removePhoto',
        src: 'removePhoto',
        onDone: {
          target: 'idle',
          actions: [
            { type: 'photoChanged', params: ({ event }) => ({ profile: event.output }) },
            'announceRemoved',
          ],
        },
        onError: { target: 'idle', actions: { type: 'showRemoveAlert', params: failureOf } },
      },
    },
  },
});
