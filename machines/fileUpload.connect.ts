import type { SnapshotFrom } from 'xstate';
import { extensionOf } from './assignmentSubmission.machine';
import type { FileUploadEvent, fileUploadMachine } from './fileUpload.machine';

type Snapshot = SnapshotFrom<typeof fileUploadMachine>;

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

export type FileUploadStep = 'empty' | 'showing' | 'invalid' | 'uploading' | 'failed';

export interface FileUploadView {
  step: FileUploadStep;
  /** The form's file now (shown in 'showing', and kept under a refused or failed one). */
  preview: FilePreview | null;
  /** The file being sent, refused or failed: its name and size. */
  chosen: { name: string; size: number } | null;
  /** Why the chosen file is refused (English; the view translates it), or null. */
  problem: string | null;
  alert: string | null;
  progress: number;
  /** A whole percentage of the progress. */
  percent: number;
  busy: boolean;
  choose: (file: Blob, name: string) => void;
  progressed: (share: number) => void;
  cancel: () => void;
  retry: () => void;
  dismiss: () => void;
  remove: () => void;
}

function stepOf(snapshot: Snapshot): FileUploadStep {
  if (snapshot.matches('showing')) return 'showing';
  if (snapshot.matches('invalid')) return 'invalid';
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

export function connectFileUpload(
  snapshot: Snapshot,
  send: (event: FileUploadEvent) => void,
): FileUploadView {
  const { current, chosen, problem, alert, progress } = snapshot.context;
  const step = stepOf(snapshot);
  return {
    step,
    preview: previewOf(current),
    chosen: chosen ? { name: chosen.name, size: chosen.file.size } : null,
    problem,
    alert,
    progress,
    percent: Math.round(progress * 100),
    busy: step === 'uploading',
    choose: (file, name) => send({ type: 'file.choose', file: { file, name } }),
    progressed: (share) => send({ type: 'upload.progress', share }),
    cancel: () => send({ type: 'upload.cancel' }),
    retry: () => send({ type: 'retry' }),
    dismiss: () => send({ type: 'dismiss' }),
    remove: () => send({ type: 'file.remove' }),
  };
}
