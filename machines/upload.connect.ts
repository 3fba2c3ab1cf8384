import { UPLOAD_MESSAGES } from '@contract/messages/learning';
import type { Submission } from '@contract/wire/learning';
import type { SnapshotFrom } from 'xstate';
import { extensionOf, type UploadEvent, type uploadMachine } from './upload.machine';

type Snapshot = SnapshotFrom<typeof uploadMachine>;
type Send = (event: UploadEvent) => void;

/** What both views of an upload show and send: the chosen file, its problem, the progress. */
export interface UploadView {
  /** The chosen file (being sent, refused, failed or handed in): its name and size. */
  chosen: { name: string; size: number } | null;
  /** Why the chosen file is refused (English; the view translates it), or null. */
  problem: string | null;
  alert: string | null;
  /** The share sent, 0 to 1. */
  progress: number;
  /** A whole percentage of the progress. */
  percent: number;
  /** The upload is paused (Resume goes on). */
  paused: boolean;
  /** The connection was lost: the upload tries again by itself. */
  stalled: boolean;
  /** Try again may succeed: the failure was not the server refusing the file itself. */
  canRetry: boolean;
  choose: (file: Blob, name: string) => void;
  progressed: (share: number) => void;
  pause: () => void;
  resume: () => void;
  cancel: () => void;
  retry: () => void;
  /** Puts the chosen file away. */
  discard: () => void;
}

/** The server's refusals of a file for what it is: sending it again gets the same answer. */
const FILE_REFUSALS = new Set<string>([
  UPLOAD_MESSAGES.uploadType,
  UPLOAD_MESSAGES.uploadNotVideo,
  UPLOAD_MESSAGES.uploadTooLarge,
  UPLOAD_MESSAGES.videoTooLarge,
]);

function connectUpload(snapshot: Snapshot, send: Send): UploadView {
  const { chosen, problem, alert, progress } = snapshot.context;
  const paused = snapshot.matches({ uploading: 'paused' });
  return {
    chosen: chosen ? { name: chosen.name, size: chosen.file.size } : null,
    problem,
    alert,
    progress,
    percent: Math.round(progress * 100),
    paused,
    stalled: !paused && snapshot.context.stalled,
    canRetry: alert === null || !FILE_REFUSALS.has(alert),
    choose: (file, name) => send({ type: 'file.choose', file: { file, name } }),
    progressed: (share) => send({ type: 'upload.progress', share }),
    pause: () => send({ type: 'upload.pause' }),
    resume: () => send({ type: 'upload.resume' }),
    cancel: () => send({ type: 'upload.cancel' }),
    retry: () => send({ type: 'retry' }),
    discard: () => send({ type: 'file.discard' }),
  };
}

/* ------------------------------------------------------------------------------------------------ */
/* Handing in an assignment                                                                         */
/* ------------------------------------------------------------------------------------------------ */

export type HandInStep = 'choose' | 'uploading' | 'submitting' | 'failed' | 'submitted';

export interface HandInView extends UploadView {
  step: HandInStep;
  /** The Upload button works: a file without a problem, nothing under way. */
  canUpload: boolean;
  /** Choosing another file works (not while sending). */
  canChoose: boolean;
  busy: boolean;
  /** The success popup is open, with the server's submission. */
  popup: Submission | null;
  upload: () => void;
  closePopup: () => void;
}

function handInStepOf(snapshot: Snapshot): HandInStep {
  if (snapshot.matches('uploading')) return 'uploading';
  if (snapshot.matches('handingIn')) return 'submitting';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('handedIn')) return 'submitted';
  return 'choose';
}

export function connectHandIn(snapshot: Snapshot, send: Send): HandInView {
  const step = handInStepOf(snapshot);
  const busy = step === 'uploading' || step === 'submitting';
  return {
    ...connectUpload(snapshot, send),
    step,
    canUpload: snapshot.matches({ chosen: 'valid' }),
    canChoose: !busy && step !== 'submitted',
    busy,
    popup: step === 'submitted' ? snapshot.context.submission : null,
    upload: () => send({ type: 'upload.start' }),
    closePopup: () => send({ type: 'popup.close' }),
  };
}

/* ------------------------------------------------------------------------------------------------ */
/* A form's file (the upload widget)                                                                */
/* ------------------------------------------------------------------------------------------------ */

/** Spec section 2: the upload widget previews these as pictures, videos, or documents (a file card). */
export const IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'avi', 'mkv', 'mov', 'wmv'] as const;

/** The media type of each video extension, for asking the browser whether it plays it. */
export const VIDEO_TYPES: Record<(typeof VIDEO_EXTENSIONS)[number], string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'video/ogg',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
  wmv: 'video/x-ms-wmv',
};

export type PreviewKind = 'image' | 'video' | 'document';

export function previewKindOf(extension: string): PreviewKind {
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return 'image';
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(extension)) return 'video';
  return 'document';
}

/** The file the widget shows: a local copy (just uploaded) or the stored file's address. */
export interface FilePreview {
  name: string;
  /** Lower case, without the dot. */
  extension: string;
  size: number;
  kind: PreviewKind;
  /** The video's media type (for `canPlayType`), or null. */
  videoType: string | null;
  /** The local copy, when it was uploaded here (the view makes an object URL of it). */
  blob: Blob | null;
  /** The stored file's address, when it came with the class. */
  url: string | null;
}

export type FormFileStep = 'empty' | 'showing' | 'invalid' | 'uploading' | 'failed';

export interface FormFileView extends UploadView {
  step: FormFileStep;
  /** The form's file now (shown in 'showing', and kept under a refused or failed one). */
  preview: FilePreview | null;
  busy: boolean;
  /** Remove: the form keeps no file. */
  remove: () => void;
}

function formStepOf(snapshot: Snapshot): FormFileStep {
  if (snapshot.matches('showing')) return 'showing';
  if (snapshot.matches({ chosen: 'invalid' })) return 'invalid';
  if (snapshot.matches('uploading')) return 'uploading';
  if (snapshot.matches('failed')) return 'failed';
  return 'empty';
}

function previewOf(current: Snapshot['context']['current']): FilePreview | null {
  if (!current) return null;
  const name = current.kind === 'existing' ? current.link.name : current.local.name;
  const extension =
    current.kind === 'existing'
      ? current.link.extension.toLowerCase() || extensionOf(name)
      : extensionOf(name);
  const kind = previewKindOf(extension);
  return {
    name,
    extension,
    size: current.kind === 'existing' ? current.link.size : current.local.file.size,
    kind,
    videoType: kind === 'video' ? VIDEO_TYPES[extension as keyof typeof VIDEO_TYPES] : null,
    blob: current.kind === 'uploaded' ? current.local.file : null,
    url: current.kind === 'existing' ? current.link.url : null,
  };
}

export function connectFormFile(snapshot: Snapshot, send: Send): FormFileView {
  const step = formStepOf(snapshot);
  return {
    ...connectUpload(snapshot, send),
    step,
    preview: previewOf(snapshot.context.current),
    busy: step === 'uploading',
    remove: () => send({ type: 'file.remove' }),
  };
}
