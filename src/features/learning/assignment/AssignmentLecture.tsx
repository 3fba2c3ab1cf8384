import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { LectureDetails } from '@contract/wire/learning';
import { Trans, useLingui } from '@lingui/react/macro';
import { connectHandIn } from '@machines/upload.connect';
import { type UploadEvent, uploadMachine } from '@machines/upload.machine';
import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { submitAssignment } from '@/api/learning';
import { resumableUploadParts } from '@/api/upload-actor';
import type { LectureViewProps } from '@/features/learning/lecture-view';
import { SuccessPopup } from '@/features/learning/SuccessPopup';
import { translateMessage } from '@/i18n/api-messages';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { sessionBearer } from '@/session/bearer';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { Modal } from '@/ui/Modal';
import { FileLinkItem } from './FileLinkItem';
import { SubmissionList } from './SubmissionList';
import { SubmitPanel } from './SubmitPanel';

/** Plain text split into paragraphs at blank lines; never HTML. */
function Paragraphs({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim());
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text never move
        <p key={index} dir="auto" className="text-start whitespace-pre-line text-slate-700">
          {paragraph}
        </p>
      ))}
    </>
  );
}

/**
 * An assignment lecture: the brief and the trainer's file, the assignment details modal (spec
 * section 2) where one file is handed in, and every attempt with its status.
 */
export function AssignmentLecture({ lecture, onChanged }: LectureViewProps) {
  return <Assignment key={lecture.id} lecture={lecture} onChanged={onChanged} />;
}

function Assignment({ lecture, onChanged }: { lecture: LectureDetails; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const latest = useRef(onChanged);
  latest.current = onChanged;
  const sendRef = useRef<(event: UploadEvent) => void>(() => {});
  const [machine] = useState(() => {
    const parts = resumableUploadParts(sessionBearer, () => sendRef.current);
    return uploadMachine.provide({
      actors: {
        upload: parts.upload,
        handIn: fromPromise(({ input }) => submitAssignment(api, lecture.id, input.file)),
      },
      actions: {
        abandonUpload: parts.abandonUpload,
        announceUploaded: () => showToast(t`File has been uploaded successfully`),
        announceUploadFailed: () => showToast(t`Error uploading file`, 'error'),
        submissionsChanged: () => {
          setOpen(false);
          latest.current();
        },
      },
    });
  });
  const [state, send] = useMachine(machine, { input: { mode: 'handIn' } });
  sendRef.current = send;
  const view = connectHandIn(state, send);

  const title = pick(lecture, 'title', language);
  const description = pick(lecture, 'description', language);
  const assignment = lecture.assignment;
  const canSubmit = assignment?.can_submit ?? false;
  const submissions = assignment?.submissions ?? [];

  const closeDetails = () => {
    if (view.step === 'submitting') return;
    if (view.step === 'uploading') view.cancel();
    setOpen(false);
  };

  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <p className="text-sm font-semibold text-brand-700">
          <Trans>Assignment</Trans>
        </p>
        <h2 dir="auto" className="text-2xl font-bold text-slate-900">
          {title}
        </h2>
        {description.trim() && <Paragraphs text={description} />}
        {lecture.file && (
          <div className="max-w-md">
            <FileLinkItem file={lecture.file} label={t`The trainer's file`} />
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={() => setOpen(true)}
            aria-haspopup="dialog"
            className={button('primary', 'sm')}
          >
            {canSubmit ? <Trans>Open the assignment and submit</Trans> : <Trans>Assignment details</Trans>}
          </button>
          {!canSubmit && submissions.length > 0 && (
            <p className="text-sm text-slate-600">
              <Trans>You can submit again only if the trainer returns your work.</Trans>
            </p>
          )}
        </div>
      </header>

      <SubmissionList submissions={submissions} canSubmit={canSubmit} onSubmitAgain={() => setOpen(true)} />

      {open && !view.popup && (
        <Modal title={t`Assignment details`} onClose={closeDetails} wide>
          <div className="flex flex-col gap-4">
            <h3 dir="auto" className="text-lg font-bold text-slate-900">
              {title}
            </h3>
            {description.trim() ? (
              <div className="flex flex-col gap-2">
                <Paragraphs text={description} />
              </div>
            ) : (
              <p className="text-sm text-slate-600">
                <Trans>The trainer gave no description.</Trans>
              </p>
            )}
            {lecture.file && <FileLinkItem file={lecture.file} label={t`The trainer's file`} />}
            {canSubmit ? (
              <SubmitPanel view={view} />
            ) : (
              <p className="border-t border-slate-200 pt-4 text-sm text-slate-700">
                <Trans>Your work is handed in. You can submit again only if the trainer returns it.</Trans>
              </p>
            )}
          </div>
        </Modal>
      )}

      {view.popup && (
        <SuccessPopup
          title={t`Assignment submitted`}
          message={translateMessage(SERVER_MESSAGES.assignmentSubmitted, i18n)}
          onClose={view.closePopup}
        />
      )}
    </article>
  );
}
