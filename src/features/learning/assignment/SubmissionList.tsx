import { GRADE_MAX } from '@contract/domain/grading';
import type { Submission, SubmissionStatus } from '@contract/wire/learning';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { button } from '@/ui/button';
import { FileLinkItem } from './FileLinkItem';

const badgeClass: Record<SubmissionStatus, string> = {
  Submitted: 'bg-amber-100 text-amber-900 ring-amber-300',
  Reviewed: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  Returned: 'bg-sky-100 text-sky-900 ring-sky-300',
};

function StatusBadge({ status }: { status: SubmissionStatus }) {
  const { t } = useLingui();
  const text: Record<SubmissionStatus, string> = {
    Submitted: t`Submitted`,
    Reviewed: t`Reviewed`,
    Returned: t`Returned`,
  };
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${badgeClass[status]}`}
    >
      {text[status]}
    </span>
  );
}

/** The trainer's feedback: plain text, its line breaks kept. */
function Feedback({ text }: { text: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <p className="text-xs font-semibold text-slate-600">
        <Trans>Feedback</Trans>
      </p>
      <p dir="auto" className="text-start whitespace-pre-line break-words text-sm text-slate-800">
        {text}
      </p>
    </div>
  );
}

/**
 * Every attempt, newest first: its file and time, its status (Submitted while it waits for
 * review, Reviewed with the grade out of 10 and the feedback, Returned with the feedback and, on
 * the newest when submitting is open, Submit again).
 */
export function SubmissionList({
  submissions,
  canSubmit,
  onSubmitAgain,
}: {
  submissions: readonly Submission[];
  canSubmit: boolean;
  onSubmitAgain: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const newestFirst = [...submissions].sort((a, b) => b.attempt - a.attempt);
  return (
    <section aria-labelledby="assignment-submissions" className="flex flex-col gap-3">
      <h3 id="assignment-submissions" className="text-lg font-bold text-slate-900">
        <Trans>Your submissions</Trans>
      </h3>
      {newestFirst.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          <Trans>You have not submitted this assignment yet.</Trans>
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {newestFirst.map((submission, index) => {
            const attempt = formatNumber(submission.attempt, language);
            const when = formatDateTime(submission.submitted_at, language);
            const grade = submission.grade === null ? null : formatNumber(submission.grade, language);
            const max = formatNumber(GRADE_MAX, language);
            return (
              <li
                key={submission.id}
                data-attempt={submission.attempt}
                className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h4 className="font-bold text-slate-900">{t`Attempt ${attempt}`}</h4>
                  <StatusBadge status={submission.status} />
                </div>
                <p className="text-sm text-slate-600">{t`Submitted on ${when}`}</p>
                <FileLinkItem file={submission.file} label={t`Your file`} />
                {submission.status === 'Submitted' && (
                  <p className="text-sm text-slate-700">
                    <Trans>Waiting for the trainer's review.</Trans>
                  </p>
                )}
                {submission.status === 'Reviewed' && grade !== null && (
                  <p className="text-sm text-slate-700">
                    <Trans>Grade</Trans>{' '}
                    <strong className="text-lg text-slate-900" data-grade>
                      {t`${grade} / ${max}`}
                    </strong>
                  </p>
                )}
                {submission.feedback?.trim() && <Feedback text={submission.feedback} />}
                {submission.feedback_file && (
                  <FileLinkItem file={submission.feedback_file} label={t`The trainer's feedback file`} />
                )}
                {submission.status === 'Returned' && index === 0 && canSubmit && (
                  <div>
                    <button type="button" onClick={onSubmitAgain} className={button('primary', 'sm')}>
                      <Trans>Submit again</Trans>
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
