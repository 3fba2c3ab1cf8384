import { Trans, useLingui } from '@lingui/react/macro';
import type { WizardFormView } from '@machines/courseWizard.connect';
import { STEPS } from '@machines/courseWizard.form';
import { type RefObject, useEffect, useRef } from 'react';
import { useParams } from 'wouter';
import '@/features/trainer/known-messages';
import { AboutStep } from '@/features/trainer/wizard/AboutStep';
import { BasicsStep } from '@/features/trainer/wizard/BasicsStep';
import { useCourseWizard } from '@/features/trainer/wizard/courseWizard.live';
import { FacilitatorsStep } from '@/features/trainer/wizard/FacilitatorsStep';
import { STATUS_LABELS, STEP_LABELS } from '@/features/trainer/wizard/labels';
import { ReviewStep } from '@/features/trainer/wizard/ReviewStep';
import { RoutineStep } from '@/features/trainer/wizard/RoutineStep';
import { SurveysStep } from '@/features/trainer/wizard/SurveysStep';
import { SyllabusStep } from '@/features/trainer/wizard/SyllabusStep';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import type { RouteView } from '@/routing/route-view';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { AlertBox, Form } from '@/ui/forms';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder } from '@/ui/ResourceView';

/** The course wizard: /add-new-course, and /edit-course/{id} over a saved course. */
export default function CourseWizardPage({ title }: RouteView) {
  const { i18n } = useLingui();
  const params = useParams<{ id?: string }>();
  const courseId = params.id ? Number(params.id) : null;
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      <PageTitle>{i18n._(title)}</PageTitle>
      <Wizard key={courseId ?? 'add'} courseId={courseId} />
    </section>
  );
}

function Wizard({ courseId }: { courseId: number | null }) {
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const view = useCourseWizard(courseId, { form, heading });

  if (view.phase === 'loading' || view.phase === 'done')
    return (
      <div aria-busy="true" className="mt-6 flex flex-col gap-6">
        <Placeholder className="h-12" />
        <Placeholder className="h-96" />
      </div>
    );
  if (view.phase === 'failed')
    return (
      <Failure error={view.error} retry={view.retry} className="mt-6 rounded-xl bg-red-50 p-4 text-red-800" />
    );
  if (view.phase === 'draftChoice')
    return (
      <div className="mt-6 flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">
          <Trans>You have changes to this course that were not sent</Trans>
        </h2>
        <p className="text-slate-800">
          <Trans>Keep working on them, or discard them and start from the course as it was last saved.</Trans>
        </p>
        <div className="flex flex-wrap gap-3">
          <button type="button" onClick={view.keep} className={`${button()} min-h-11`}>
            <Trans>Keep my changes</Trans>
          </button>
          <button
            type="button"
            onClick={view.discard}
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-4 font-semibold text-slate-900"
          >
            <Trans>Discard them</Trans>
          </button>
        </div>
      </div>
    );
  return <WizardForm view={view} formRef={form} headingRef={heading} />;
}

function WizardForm({
  view,
  formRef,
  headingRef,
}: {
  view: WizardFormView;
  formRef: RefObject<HTMLFormElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const position = formatNumber(view.position, language);
  const total = formatNumber(view.total, language);
  const stepName = i18n._(STEP_LABELS[view.step]);
  const atReview = view.step === 'review';
  const current = useRef<HTMLLIElement>(null);
  // On a phone the step list scrolls sideways: the current step stays in sight.
  useEffect(() => {
    if (view.step) current.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [view.step]);
  return (
    <div className="mt-6 flex flex-col gap-6">
      {view.status && <StatusBanner status={view.status} reason={view.rejectionReason} />}
      <nav aria-label={t`Steps of the course wizard`}>
        <ol className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:px-0">
          {view.steps.map((entry, index) => (
            <li key={entry.step} ref={entry.current ? current : undefined} className="shrink-0">
              <button
                type="button"
                aria-current={entry.current ? 'step' : undefined}
                disabled={!entry.open}
                onClick={() => view.goTo(entry.step)}
                className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-3 text-sm font-semibold ${
                  entry.current
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600 disabled:cursor-not-allowed disabled:text-slate-500'
                }`}
              >
                <span aria-hidden="true">{formatNumber(index + 1, language)}</span>
                {i18n._(STEP_LABELS[entry.step])}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <Form ref={formRef} onSubmit={atReview ? view.submit : view.next} className="flex flex-col gap-6">
        <div>
          <p className="text-sm text-slate-600">
            <Trans>
              Step {position} of {total}
            </Trans>
          </p>
          <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
            {stepName}
          </h2>
        </div>
        <AlertBox message={view.alert} />
        {view.step === 'basics' && <BasicsStep view={view} />}
        {view.step === 'about' && <AboutStep view={view} />}
        {view.step === 'syllabus' && <SyllabusStep view={view} />}
        {view.step === 'surveys' && <SurveysStep view={view} />}
        {view.step === 'routine' && <RoutineStep view={view} />}
        {view.step === 'facilitators' && <FacilitatorsStep view={view} />}
        {atReview && <ReviewStep view={view} />}
        <div className="flex flex-wrap-reverse items-center justify-between gap-3 border-t border-slate-200 pt-4">
          {view.step === STEPS[0] ? (
            <span />
          ) : (
            <button
              type="button"
              onClick={view.back}
              disabled={view.busy}
              className={`${button('secondary', 'lg')} min-h-11`}
            >
              <Trans>Back</Trans>
            </button>
          )}
          <button
            type="submit"
            disabled={view.busy}
            aria-busy={view.busy || undefined}
            className={`${button('primary', 'lg')} min-h-11`}
          >
            {view.busy && (
              <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
            )}
            {!atReview ? (
              <Trans>Next</Trans>
            ) : view.submitKind === 'resend' ? (
              <Trans>Send again for approval</Trans>
            ) : view.submitKind === 'save' ? (
              <Trans>Save changes</Trans>
            ) : (
              <Trans>Submit</Trans>
            )}
          </button>
        </div>
      </Form>
    </div>
  );
}

/** Edit mode: where the course stands, and the admin's reason when it was rejected. */
function StatusBanner({ status, reason }: { status: keyof typeof STATUS_LABELS; reason: string | null }) {
  const { i18n } = useLingui();
  const statusName = i18n._(STATUS_LABELS[status]);
  const rejected = status === 'Rejected';
  return (
    <div
      className={`flex flex-col gap-1 rounded-xl border p-4 ${
        rejected ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-slate-50 text-slate-900'
      }`}
    >
      <p className="font-semibold">
        <Trans>Status: {statusName}</Trans>
      </p>
      {rejected && reason && (
        <div>
          <p className="font-semibold">
            <Trans>The admin's reason:</Trans>
          </p>
          <p dir="auto" className="wrap-anywhere">
            {reason}
          </p>
        </div>
      )}
      {rejected && (
        <p className="text-sm">
          <Trans>Make the changes, then send the course again for approval.</Trans>
        </p>
      )}
    </div>
  );
}
