import '@/entities/account/known-messages';
import type { EnrolledCourse } from '@contract/wire/enrolments';
import type { EnrolmentStatus } from '@contract/wire/payments';
import { useLingui } from '@lingui/react/macro';
import { withdrawalMachine } from '@machines/withdrawal.machine';
import { useMachine } from '@xstate/react';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { listEnrolments, requestWithdrawal } from '@/api/enrolments';
import { api } from '@/api/http';
import { CoverImage } from '@/entities/course/CoverImage';
import { formatDate } from '@/i18n/dates';
import { isolate } from '@/i18n/isolate';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { useLiveNotices } from '@/stores/live-notices';
import { button } from '@/ui/button';
import { AlertBox, TextAreaField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';

/** Whether the course has started (its start date has come, on any clock): a request is then a withdrawal. */
function hasStarted(course: EnrolledCourse['course']): boolean {
  return Date.parse(course.start_date) <= Date.now();
}

function StatusBadge({ status }: { status: EnrolmentStatus }) {
  const { t } = useLingui();
  const labels: Record<EnrolmentStatus, [string, string]> = {
    awaiting_payment: [t`Awaiting payment`, 'bg-amber-100 text-amber-900'],
    enrolled: [t`Enrolled`, 'bg-brand-100 text-brand-900'],
    withdrawal_requested: [t`Withdrawal requested`, 'bg-sky-100 text-sky-900'],
    withdrawn: [t`Withdrawn`, 'bg-slate-200 text-slate-800'],
    dropped: [t`Dropped`, 'bg-slate-200 text-slate-800'],
  };
  const [label, colours] = labels[status];
  return <span className={`rounded-full px-3 py-1 text-sm font-semibold ${colours}`}>{label}</span>;
}

/** The withdraw modal and the withdraw success modal of one course (spec section 2). */
function Withdraw({ enrolment, onSent }: { enrolment: EnrolledCourse; onSent: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [machine] = useState(() =>
    withdrawalMachine.provide({
      actors: {
        requestWithdrawal: fromPromise(({ input }) =>
          requestWithdrawal(api, { course_id: input.courseId, reason: input.reason }),
        ),
      },
      actions: { reload: onSent },
    }),
  );
  const [state, send] = useMachine(machine, { input: { courseId: enrolment.course.id } });
  // Quoted in the dialog's sentences.
  const title = isolate(pick(enrolment.course, 'title', language));
  const started = hasStarted(enrolment.course);
  return (
    <>
      <button type="button" onClick={() => send({ type: 'open' })} className={button('secondary')}>
        {started ? t`Withdraw` : t`Drop course`}
      </button>
      {(state.matches('editing') || state.matches('submitting')) && (
        <Modal
          title={started ? t`Withdraw from this course` : t`Drop this course`}
          onClose={() => send({ type: 'close' })}
        >
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'submit' });
            }}
            className="flex flex-col gap-4"
          >
            <p className="text-slate-700">
              {started
                ? t`Your request to withdraw from “${title}” goes to the centre's administration. Once it is approved you can no longer follow the course.`
                : t`Your request to drop “${title}” goes to the centre's administration. Once it is approved before the course starts, your payment is refunded in full.`}
            </p>
            <TextAreaField
              label={t`Reason`}
              rows={4}
              value={state.context.values.reason}
              error={state.context.errors.reason}
              onChange={(event) => send({ type: 'reason.change', value: event.target.value })}
            />
            <AlertBox message={state.context.alert} />
            <div className="flex flex-wrap justify-end gap-3">
              <button type="button" onClick={() => send({ type: 'close' })} className={button('secondary')}>
                {t`Cancel`}
              </button>
              <button type="submit" disabled={state.matches('submitting')} className={button()}>
                {t`Send request`}
              </button>
            </div>
          </form>
        </Modal>
      )}
      {state.matches('sent') && (
        <Modal title={t`Request Sent Successfully`} onClose={() => send({ type: 'close' })}>
          <p className="text-slate-700">
            {t`The centre's administration will decide on your request. You will be notified.`}
          </p>
          <div className="mt-6 flex justify-end">
            <button type="button" onClick={() => send({ type: 'close' })} className={button()}>
              {t`Close`}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

function EnrolmentRow({ enrolment, onChange }: { enrolment: EnrolledCourse; onChange: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const { course, status } = enrolment;
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center">
      <CoverImage
        src={course.cover_image}
        shownAs="row"
        width={160}
        height={100}
        className="aspect-[8/5] w-full shrink-0 rounded-xl object-cover sm:w-40"
      />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
        <h2 className="text-lg font-semibold wrap-anywhere text-slate-900">
          <Link dir="auto" href={paths.courseDetails(course.id)} className="hover:underline">
            {pick(course, 'title', language)}
          </Link>
        </h2>
        <p className="text-sm text-slate-600">{t`Starts ${formatDate(course.start_date, language)}`}</p>
        <StatusBadge status={status} />
        {status === 'enrolled' && enrolment.refusal_reason && (
          <p className="text-sm text-slate-700">{t`Your withdrawal was refused: ${enrolment.refusal_reason}`}</p>
        )}
        {status === 'withdrawal_requested' && (
          <p className="text-sm text-slate-700">{t`Waiting for the administration's decision.`}</p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        {status === 'awaiting_payment' && (
          <Link href={paths.checkoutCourse(course.id)} className={button()}>
            {t`Complete your payment`}
          </Link>
        )}
        {status === 'enrolled' && (
          <>
            <Link href={paths.courseLectures(course.id)} className={button()}>
              {t`Go to course`}
            </Link>
            <Withdraw enrolment={enrolment} onSent={onChange} />
          </>
        )}
        {enrolment.receipt_number !== null && enrolment.payment_id && (
          <Link href={paths.receipt(enrolment.payment_id)} className={button('secondary')}>
            {t`View receipt`}
          </Link>
        )}
      </div>
    </li>
  );
}

/** /enrolled-courses: the trainee's enrolments, each with its status and the way in or out. */
export default function EnrolledCoursesPage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  // A decision of the administration or a confirmed payment arrives live: read the list again.
  useLiveNotices(reload);
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <PageTitle className="mb-8">{i18n._(title)}</PageTitle>
      <EnrolmentList key={version} onChange={reload} empty={t`You have not enrolled in a course yet.`} />
    </section>
  );
}

function EnrolmentList({ onChange, empty }: { onChange: () => void; empty: string }) {
  const { t } = useLingui();
  const enrolments = useResource(() => listEnrolments(api, { page: 1, limit: 50 }));
  return (
    <ResourceView
      state={enrolments}
      loading={
        <div className="flex flex-col gap-4">
          <Placeholder className="h-36" />
          <Placeholder className="h-36" />
        </div>
      }
    >
      {(page) =>
        page.results.length ? (
          <ul className="flex flex-col gap-4">
            {page.results.map((enrolment) => (
              <EnrolmentRow key={enrolment.course.id} enrolment={enrolment} onChange={onChange} />
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6">
            <p className="text-slate-700">{empty}</p>
            <Link href={paths.catalogue()} className={button()}>
              {t`Browse courses`}
            </Link>
          </div>
        )
      }
    </ResourceView>
  );
}
