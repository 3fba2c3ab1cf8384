import { useLingui } from '@lingui/react/macro';
import type { CourseApprovalView } from '@machines/courseApproval.connect';
import type { ApprovalFacts } from '@machines/courseApproval.machine';
import { errorText } from '@/i18n/api-messages';
import { button } from '@/ui/button';
import { Modal } from '@/ui/Modal';

/**
 * Delete asks first (naming the course), then deletes; the server's refusal (trainees are enrolled)
 * is said in the dialog, which then only closes; a failure of the network can be tried again.
 */
export function DeleteCourseDialog<TCourse extends ApprovalFacts>({
  view,
  title,
}: {
  view: CourseApprovalView<TCourse>;
  title: string;
}) {
  const { t, i18n } = useLingui();
  const { deletion } = view;
  if (deletion === 'closed') return null;
  const busy = deletion === 'deleting';
  return (
    <Modal title={t`Delete this course?`} onClose={busy ? undefined : view.cancelDelete}>
      <div className="flex flex-col gap-5">
        <p className="text-slate-700">
          {t`“${title}” will be deleted with its classes, assignments and quizzes. This cannot be undone.`}
        </p>
        {(deletion === 'refused' || deletion === 'failed') && (
          <p role="alert" className="rounded-xl bg-red-50 p-4 font-semibold text-red-900">
            {errorText(view.error, i18n)}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={view.cancelDelete} disabled={busy} className={button('secondary')}>
            {deletion === 'refused' ? t`Close` : t`Cancel`}
          </button>
          {deletion !== 'refused' && (
            <button type="button" onClick={view.confirmDelete} disabled={busy} className={button('danger')}>
              {busy ? t`Deleting…` : deletion === 'failed' ? t`Try again` : t`Delete course`}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}
