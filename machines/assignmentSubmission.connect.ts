import type { Submission } from '@contract/wire/learning';
import type { SnapshotFrom } from 'xstate';
import type { AssignmentSubmissionEvent, assignmentSubmissionMachine } from './assignmentSubmission.machine';

type Snapshot = SnapshotFrom<typeof assignmentSubmissionMachine>;

export type AssignmentStep = 'choose' | 'uploading' | 'submitting' | 'failed' | 'submitted';

export interface AssignmentSubmissionView {
  step: AssignmentStep;
  /** The chosen file, shown even when it is refused. */
  file: { name: string; size: number } | null;
  /** Why the chosen file is refused (English; the view translates it), or null. */
  problem: string | null;
  /** The share sent, 0 to 1, while uploading. */
  progress: number;
  /** A whole percentage of the progress. */
  percent: number;
  alert: string | null;
  /** The Upload button works: a file without a problem, nothing under way. */
  canUpload: boolean;
  /** Choosing another file works (not while sending). */
  canChoose: boolean;
  busy: boolean;
  /** The success popup is open, with the server's submission. */
  popup: Submission | null;
  choose: (file: Blob, name: string) => void;
  clear: () => void;
  upload: () => void;
  progressed: (share: number) => void;
  cancel: () => void;
  retry: () => void;
  closePopup: () => void;
}

function stepOf(snapshot: Snapshot): AssignmentStep {
  if (snapshot.matches('uploading')) return 'uploading';
  if (snapshot.matches('uploaded') || snapshot.matches('submitting')) return 'submitting';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('submitted')) return 'submitted';
  return 'choose';
}

export function connectAssignmentSubmission(
  snapshot: Snapshot,
  send: (event: AssignmentSubmissionEvent) => void,
): AssignmentSubmissionView {
  const { chosen, problem, progress, alert, submission } = snapshot.context;
  const step = stepOf(snapshot);
  const busy = step === 'uploading' || step === 'submitting';
  return {
    step,
    file: chosen ? { name: chosen.name, size: chosen.file.size } : null,
    problem,
    progress,
    percent: Math.round(progress * 100),
    alert,
    canUpload: snapshot.matches({ chosen: 'valid' }),
    canChoose: !busy && step !== 'submitted',
    busy,
    popup: step === 'submitted' ? submission : null,
    choose: (file, name) => send({ type: 'file.choose', file: { file, name } }),
    clear: () => send({ type: 'file.clear' }),
    upload: () => send({ type: 'upload.start' }),
    progressed: (share) => send({ type: 'upload.progress', share }),
    cancel: () => send({ type: 'upload.cancel' }),
    retry: () => send({ type: 'retry' }),
    closePopup: () => send({ type: 'popup.close' }),
  };
}
