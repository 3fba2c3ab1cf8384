import type { SnapshotFrom } from 'xstate';
import type { ProfilePhotoEvent, profilePhotoMachine } from './profilePhoto.machine';

type Snapshot = SnapshotFrom<typeof profilePhotoMachine>;

export interface ProfilePhotoView {
  /** The picture to show: the chosen file's preview, else the saved photo, else the stock avatar. */
  shown: string;
  /** A chosen photo waits to be uploaded or dropped. */
  previewing: boolean;
  /** Uploading or removing: the buttons wait. */
  busy: boolean;
  /** There is a saved photo (not the stock avatar) to remove. */
  canRemove: boolean;
  alert: string | null;
  choose: (file: Blob, preview: string) => void;
  upload: () => void;
  cancel: () => void;
  remove: () => void;
}

export function connectProfilePhoto(
  snapshot: Snapshot,
  send: (event: ProfilePhotoEvent) => void,
  saved: { image: string | null; stock: string },
): ProfilePhotoView {
  const { chosen, alert } = snapshot.context;
  const busy = snapshot.matches('uploading') || snapshot.matches('removing');
  return {
    shown: chosen?.preview ?? saved.image ?? saved.stock,
    previewing: chosen !== null,
    busy,
    canRemove: saved.image !== null && saved.image !== saved.stock && chosen === null,
    alert,
    choose: (file, preview) => send({ type: 'photo.choose', photo: { file, preview } }),
    upload: () => send({ type: 'photo.upload' }),
    cancel: () => send({ type: 'photo.cancel' }),
    remove: () => send({ type: 'photo.remove' }),
  };
}
