import { GRADE_MAX } from '@contract/domain/grading';
import type {
  GradeStatistics,
  GradingItem,
  GradingItemSummary,
  TraineeWork,
  TraineeWorkStatus,
} from '@contract/wire/grading';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { GradingFormView, GradingItemView } from '@machines/grading.connect';
import { useEffect, useId, useRef } from 'react';
import { Link, useParams } from 'wouter';
import { useGrading } from '@/features/trainer/grading/grading.live';
import { UploadWidget } from '@/features/trainer/shared/UploadWidget';
import { errorText } from '@/i18n/api-messages';
import { formatDateTime } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { AlertBox, TextAreaField, TextField } from '@/ui/forms';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder } from '@/ui/ResourceView';
import '@/features/trainer/known-messages';

const STATUS: Record<TraineeWorkStatus, MessageDescriptor> = {
  'Not submitted': msg`Not submitted`,
  Submitted: msg`Submitted`,
  Reviewed: msg`Reviewed`,
  Returned: msg`Returned`,
};

const STATUS_COLOURS: Record<TraineeWorkStatus, string> = {
  'Not submitted': 'bg-slate-100 text-slate-800',
  Submitted: 'bg-sky-100 text-sky-900',
  Reviewed: 'bg-emerald-100 text-emerald-900',
  Returned: 'bg-amber-100 text-amber-900',
};

/** A quiz is taken or not: its score is given when it is submitted. */
const QUIZ_STATUS: Partial<Record<TraineeWorkStatus, MessageDescriptor>> = {
  'Not submitted': msg`Not taken`,
  Reviewed: msg`Taken`,
};

function WorkStatus({
  status,
  kind = 'assignment',
}: {
  status: TraineeWorkStatus;
  kind?: 'assignment' | 'quiz';
}) {
  const { i18n } = useLingui();
  const label = (kind === 'quiz' ? QUIZ_STATUS[status] : undefined) ?? STATUS[status];
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${STATUS_COLOURS[status]}`}
    >
      {i18n._(label)}
    </span>
  );
}

/** A grade out of 10 in the language's digits, or a dash. */
function useGrade(): (value: number | null) => string {
  const language = useLanguage();
  return (value) =>
    value === null ? '—' : `${formatNumber(value, language)} / ${formatNumber(GRADE_MAX, language)}`;
}

function KindLabel({ kind }: { kind: GradingItemSummary['kind'] }) {
  const { t } = useLingui();
  return <>{kind === 'quiz' ? t`Quiz` : t`Assignment`}</>;
}

/** Count, mean, median, lowest and highest, and the distribution in ten bands as a table. */
function Statistics({ statistics, title }: { statistics: GradeStatistics; title: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const grade = useGrade();
  const number = (value: number) => formatNumber(value, language);
  const captionId = useId();
  const most = Math.max(1, ...statistics.bands);
  const facts: [keyof GradeStatistics, string, string][] = [
    ['count', t`Graded`, number(statistics.count)],
    ['mean', t`Mean`, grade(statistics.mean)],
    ['median', t`Median`, grade(statistics.median)],
    ['lowest', t`Lowest`, grade(statistics.lowest)],
    ['highest', t`Highest`, grade(statistics.highest)],
  ];
  return (
    <section aria-label={t`Statistics of ${title}`} className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {facts.map(([key, label, value]) => (
          <div key={key} className="rounded-xl border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd data-statistic={key} className="text-lg font-bold whitespace-nowrap text-slate-900">
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <table aria-describedby={captionId} className="w-full text-sm text-slate-800">
        <caption id={captionId} className="pb-2 text-start font-semibold text-slate-900">
          {t`Distribution of grades out of 10`}
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t`Grades from`}</th>
            <th scope="col">{t`Trainees`}</th>
          </tr>
        </thead>
        <tbody>
          {statistics.bands.map((count, band) => {
            const from = number(band);
            const to = number(band + 1);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the ten bands never move
              <tr key={band}>
                <th
                  scope="row"
                  className="w-20 py-0.5 pe-3 text-start font-normal whitespace-nowrap text-slate-600"
                >
                  <bdi>{`${from}–${to}`}</bdi>
                </th>
                <td className="py-0.5">
                  <div className="flex items-center gap-2">
                    <div aria-hidden="true" className="h-4 flex-1 rounded bg-slate-100">
                      <div
                        className="h-4 rounded bg-brand-600"
                        style={{ width: `${(count / most) * 100}%` }}
                      />
                    </div>
                    <span className="w-8 text-end font-semibold tabular-nums">{number(count)}</span>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function Counts({ item }: { item: GradingItemSummary }) {
  const { t } = useLingui();
  const language = useLanguage();
  const entries: [string, number][] =
    item.kind === 'quiz'
      ? [
          [t`Taken`, item.counts.reviewed],
          [t`Not taken`, item.counts.not_submitted],
        ]
      : [
          [t`Waiting`, item.counts.submitted],
          [t`Reviewed`, item.counts.reviewed],
          [t`Returned`, item.counts.returned],
          [t`Not submitted`, item.counts.not_submitted],
        ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {entries.map(([label, count]) => (
        <li key={label}>
          {label}: <span className="font-semibold text-slate-900">{formatNumber(count, language)}</span>
        </li>
      ))}
    </ul>
  );
}

function ItemCard({ item, onOpen }: { item: GradingItemSummary; onOpen: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const grade = useGrade();
  const title = pick(item, 'title', language);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 dir="auto" className="text-lg font-bold wrap-anywhere text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-600">
            <KindLabel kind={item.kind} /> · {t`Week ${formatNumber(item.week, language)}`}
          </p>
        </div>
        <button type="button" onClick={onOpen} className={button('secondary')} aria-label={t`Open ${title}`}>
          {t`Open`}
        </button>
      </div>
      <Counts item={item} />
      <p className="text-sm text-slate-700">
        {t`Mean`}: <bdi className="font-semibold">{grade(item.statistics.mean)}</bdi> · {t`Graded`}:{' '}
        <span className="font-semibold">{formatNumber(item.statistics.count, language)}</span>
      </p>
    </li>
  );
}

function FileLink({ file, label }: { file: { url: string; name: string }; label: string }) {
  return (
    <a
      href={file.url}
      download={file.name}
      className="font-semibold wrap-anywhere text-brand-800 underline-offset-2 hover:underline"
    >
      <span className="sr-only">{label}: </span>
      <bdi>{file.name}</bdi>
    </a>
  );
}

/** The grading form of the open submission. */
function GradingForm({ form, kind }: { form: GradingFormView; kind: 'assignment' | 'quiz' }) {
  const { t } = useLingui();
  const language = useLanguage();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { submission, trainee } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when another submission opens
  useEffect(() => {
    headingRef.current?.focus();
  }, [submission.id]);
  const busy = form.busy !== null;
  return (
    <section
      data-grading-form
      aria-labelledby={`grading-${submission.id}`}
      className="flex flex-col gap-4 rounded-xl border-2 border-brand-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3
            id={`grading-${submission.id}`}
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-bold text-slate-900 outline-none"
          >
            {t`Grade the work of ${trainee.name}`}
          </h3>
          <p className="text-sm text-slate-600">
            {t`Attempt ${formatNumber(submission.attempt, language)}`} ·{' '}
            {formatDateTime(submission.submitted_at, language)} · <WorkStatus status={submission.status} />
          </p>
          <p className="text-sm">
            <FileLink file={submission.file} label={t`Submitted file`} />
          </p>
        </div>
        <button type="button" onClick={form.close} className={button('secondary')}>
          {t`Close`}
        </button>
      </div>
      {kind === 'assignment' && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.save();
          }}
          className="flex flex-col gap-4"
        >
          <div className="max-w-xs">
            <TextField
              label={t`Grade (out of 10)`}
              name="grade"
              inputMode="decimal"
              autoComplete="off"
              value={form.grade}
              onChange={(event) => form.changeGrade(event.target.value)}
              error={form.errors.grade}
              hint={t`A number from 0 to 10, with at most 2 decimals`}
            />
          </div>
          <TextAreaField
            label={t`Feedback`}
            name="feedback"
            dir="auto"
            value={form.feedback}
            onChange={(event) => form.changeFeedback(event.target.value)}
            error={form.errors.feedback}
          />
          {submission.feedback_file && (
            <p className="text-sm text-slate-700">
              {t`Feedback file given before (kept unless you upload another):`}{' '}
              <FileLink file={submission.feedback_file} label={t`Feedback file`} />
            </p>
          )}
          <UploadWidget
            key={submission.id}
            label={t`Feedback file (optional)`}
            existing={null}
            error={form.errors.feedback_file}
            onChange={form.changeFile}
            onBusyChange={form.fileBusy}
          />
          <AlertBox message={form.alert} />
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              disabled={busy}
              aria-busy={form.busy === 'saving' || undefined}
              className={button()}
            >
              {submission.status === 'Reviewed' ? t`Save new grade` : t`Save grade`}
            </button>
            <button
              type="button"
              onClick={form.returnIt}
              disabled={busy}
              aria-busy={form.busy === 'returning' || undefined}
              className={button('secondary')}
            >
              {t`Return for resubmission`}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** What a trainee did on the item, as a phone card or a table row shows it. */
function WorkDetails({ trainee, kind }: { trainee: TraineeWork; kind: 'assignment' | 'quiz' }) {
  const { t } = useLingui();
  const language = useLanguage();
  const grade = useGrade();
  if (kind === 'quiz') {
    if (trainee.attempts.length === 0) return <span className="text-slate-500">{t`No attempt yet`}</span>;
    return (
      <ul className="flex flex-col gap-0.5">
        {trainee.attempts.map((attempt) => (
          <li key={attempt.number}>
            {t`Attempt ${formatNumber(attempt.number, language)}`}: <bdi>{grade(attempt.score)}</bdi>
          </li>
        ))}
      </ul>
    );
  }
  const latest = trainee.submissions[0];
  if (!latest) return <span className="text-slate-500">{t`Nothing handed in yet`}</span>;
  return (
    <div className="flex flex-col gap-1">
      <span>
        {t`Attempt ${formatNumber(latest.attempt, language)}`}:{' '}
        <FileLink file={latest.file} label={t`Submitted file`} />
      </span>
      {latest.feedback && (
        <span dir="auto" className="text-slate-600 wrap-anywhere">
          {latest.feedback}
        </span>
      )}
    </div>
  );
}

function WorkAction({
  trainee,
  kind,
  open,
}: {
  trainee: TraineeWork;
  kind: 'assignment' | 'quiz';
  open: (submissionId: number) => void;
}) {
  const { t } = useLingui();
  const latest = trainee.submissions[0];
  if (kind === 'quiz' || !latest || latest.status === 'Returned') return null;
  return (
    <button
      type="button"
      onClick={() => open(latest.id)}
      className={latest.status === 'Submitted' ? button() : button('secondary')}
      aria-label={latest.status === 'Submitted' ? t`Grade ${trainee.name}` : t`Regrade ${trainee.name}`}
    >
      {latest.status === 'Submitted' ? t`Grade` : t`Regrade`}
    </button>
  );
}

function ItemDetails({ view, summary }: { view: GradingItemView; summary: GradingItemSummary | null }) {
  const { t } = useLingui();
  const language = useLanguage();
  const grade = useGrade();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const item: GradingItem | null = view.status === 'ready' ? view.item : null;
  const title = item ? pick(item, 'title', language) : summary ? pick(summary, 'title', language) : '';
  const lectureId = item?.lecture_id ?? summary?.lecture_id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when another item opens
  useEffect(() => {
    headingRef.current?.focus();
  }, [lectureId]);
  const kind = item?.kind ?? summary?.kind ?? 'assignment';
  return (
    <article className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2
          dir="auto"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold wrap-anywhere text-slate-900 outline-none"
        >
          {title}
        </h2>
        <p className="text-sm text-slate-600">
          <KindLabel kind={kind} />
          {kind === 'quiz' && <> · {t`Scored automatically from the question marks`}</>}
        </p>
      </div>
      {view.status === 'failed' && (
        <Failure error={view.error} retry={view.retry} className="rounded-xl bg-red-50 p-4 text-red-800" />
      )}
      {view.status === 'loading' && (
        <div aria-busy="true" className="flex flex-col gap-4">
          <Placeholder className="h-20" />
          <Placeholder className="h-64" />
          <Placeholder className="h-48" />
        </div>
      )}
      {view.status === 'ready' && item && (
        <>
          {view.form && <GradingForm form={view.form} kind={item.kind} />}
          <Statistics statistics={item.statistics} title={title} />
          <section aria-labelledby="grading-trainees" className="flex flex-col gap-3">
            <h3 id="grading-trainees" className="text-lg font-bold text-slate-900">
              {item.kind === 'quiz' ? t`Attempts and scores` : t`Submissions`}
            </h3>
            {item.trainees.length === 0 ? (
              <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">
                {t`No trainee is enrolled in this course yet.`}
              </p>
            ) : (
              <>
                <ul className="flex flex-col gap-3 md:hidden">
                  {item.trainees.map((trainee) => (
                    <li
                      key={trainee.user_id}
                      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
                    >
                      <div className="flex items-start justify-between gap-3">
                        <span dir="auto" className="font-semibold wrap-anywhere text-slate-900">
                          {trainee.name}
                        </span>
                        <WorkStatus status={trainee.status} kind={item.kind} />
                      </div>
                      <div className="text-sm text-slate-700">
                        <WorkDetails trainee={trainee} kind={item.kind} />
                      </div>
                      <div className="flex items-center justify-between gap-3">
                        <span className="font-semibold">
                          {t`Grade`}: <bdi>{grade(trainee.grade)}</bdi>
                        </span>
                        <WorkAction trainee={trainee} kind={item.kind} open={view.open} />
                      </div>
                    </li>
                  ))}
                </ul>
                <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
                  <table className="w-full text-start text-slate-800">
                    <caption className="sr-only">
                      {item.kind === 'quiz' ? t`Attempts and scores` : t`Submissions`}
                    </caption>
                    <thead className="bg-slate-50 text-sm text-slate-600">
                      <tr>
                        <th scope="col" className="p-3 text-start">
                          {t`Trainee`}
                        </th>
                        <th scope="col" className="p-3 text-start">
                          {t`Status`}
                        </th>
                        <th scope="col" className="p-3 text-start">
                          {item.kind === 'quiz' ? t`Attempts` : t`Latest attempt`}
                        </th>
                        <th scope="col" className="p-3 text-start">
                          {t`Grade`}
                        </th>
                        <th scope="col" className="p-3 text-start">
                          <span className="sr-only">{t`Action`}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {item.trainees.map((trainee) => (
                        <tr key={trainee.user_id} className="border-t border-slate-200 align-top">
                          <th dir="auto" scope="row" className="p-3 text-start font-semibold">
                            {trainee.name}
                          </th>
                          <td className="p-3">
                            <WorkStatus status={trainee.status} kind={item.kind} />
                          </td>
                          <td className="p-3 text-sm">
                            <WorkDetails trainee={trainee} kind={item.kind} />
                          </td>
                          <td className="p-3 whitespace-nowrap">
                            <bdi>{grade(trainee.grade)}</bdi>
                          </td>
                          <td className="p-3 text-end">
                            <WorkAction trainee={trainee} kind={item.kind} open={view.open} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </section>
        </>
      )}
    </article>
  );
}

function Grading({ courseId, title }: { courseId: number; title: string }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const view = useGrading(courseId);

  const back = (
    <p className="mb-2 text-sm">
      <Link
        href={paths.manageCourseLectures(courseId)}
        className="font-semibold text-brand-800 hover:underline"
      >
        {t`Back to the course`}
      </Link>
    </p>
  );

  if (view.status === 'refused') {
    return (
      <section className="mx-auto max-w-3xl px-4 py-12">
        <PageTitle className="mb-6">{title}</PageTitle>
        <div role="alert" className="flex flex-col items-start gap-4 rounded-xl bg-red-50 p-6 text-red-900">
          <p className="font-semibold">{errorText(view.error, i18n)}</p>
          <Link href={paths.manageCourses()} className={button()}>
            {t`Go to My courses`}
          </Link>
        </div>
      </section>
    );
  }

  const course = view.status === 'ready' ? view.course : null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      {back}
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <PageTitle dir="auto" className="wrap-anywhere">
            {title}
          </PageTitle>
          {course ? (
            <p dir="auto" className="text-slate-700 wrap-anywhere">
              {pick(course.course, 'title', language)}
            </p>
          ) : (
            <Placeholder className="h-6 w-64" />
          )}
        </div>
        {view.status === 'ready' ? (
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <button type="button" onClick={view.next} disabled={!view.canNext} className={button()}>
              {t`Next ungraded`}
            </button>
            <p role="status" className="text-sm text-slate-600">
              {view.waiting === 0
                ? t`Nothing is waiting for a grade`
                : t`Waiting for a grade: ${formatNumber(view.waiting, language)}`}
            </p>
          </div>
        ) : (
          <Placeholder className="h-16 w-44" />
        )}
      </div>
      {view.status === 'failed' && (
        <Failure error={view.error} retry={view.retry} className="rounded-xl bg-red-50 p-4 text-red-800" />
      )}
      {view.status === 'loading' && (
        <div aria-busy="true" className="flex flex-col gap-3">
          <Placeholder className="h-36" />
          <Placeholder className="h-36" />
          <Placeholder className="h-36" />
        </div>
      )}
      {view.status === 'ready' &&
        (view.item ? (
          <div className="flex flex-col gap-4">
            <button type="button" onClick={view.closeItem} className={`${button('secondary')} self-start`}>
              {t`All assignments and quizzes`}
            </button>
            <ItemDetails view={view.item} summary={view.item.summary} />
          </div>
        ) : view.course.items.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
            {t`This course has no assignments or quizzes yet.`}
          </p>
        ) : (
          <ul aria-label={t`Assignments and quizzes`} className="grid gap-4 md:grid-cols-2">
            {view.course.items.map((item) => (
              <ItemCard key={item.lecture_id} item={item} onOpen={() => view.openItem(item.lecture_id)} />
            ))}
          </ul>
        ))}
    </section>
  );
}

/**
 * Grading of a course's assignments and quizzes (/student-assignment/{courseId}; spec sections 1,
 * 3 and 5), for its trainer and facilitators: each item with counts and statistics; one item with
 * every trainee's work and the grading form; Next ungraded.
 */
export default function GradingPage({ title }: RouteView) {
  const { i18n } = useLingui();
  const params = useParams<{ id: string }>();
  const courseId = Number(params.id);
  const heading = i18n._(title);
  if (!Number.isSafeInteger(courseId) || courseId < 1) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-12">
        <PageTitle>{heading}</PageTitle>
      </section>
    );
  }
  return <Grading key={courseId} courseId={courseId} title={heading} />;
}
