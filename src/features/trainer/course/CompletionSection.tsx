import type { CompletionSettings } from '@contract/wire/records';
import { useLingui } from '@lingui/react/macro';
import { connectCloseCourse } from '@machines/closeCourse.connect';
import { closeCourseMachine } from '@machines/closeCourse.machine';
import { connectCompletionRule } from '@machines/completionRule.connect';
import { completionRuleMachine } from '@machines/completionRule.machine';
import { useMachine } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { closeCourse, getCompletionSettings, saveCompletionRule } from '@/api/records';
import { RuleSentence } from '@/features/trainer/history/figures';
import { translateMessage } from '@/i18n/api-messages';
import { formatDate } from '@/i18n/dates';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { AlertBox, Form, focusFirstInvalid, TextField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import { Placeholder } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';

/** The rule: a sentence, and for the course's trainer a form to change it until the course ends. */
function RuleEditor({ settings }: { settings: CompletionSettings }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const form = useRef<HTMLFormElement>(null);
  const [machine] = useState(() =>
    completionRuleMachine.provide({
      actors: {
        save: fromPromise(({ input }) => saveCompletionRule(api, input.courseId, input.values)),
      },
      actions: {
        focusFirstInvalid: () => focusFirstInvalid(form.current),
        announceSaved: (_, { reply }) => showToast(translateMessage(reply.message, i18n)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: {
      courseId: settings.course_id,
      rule: settings.rule,
      arabicDigits: language === 'ar',
      fallback: 'Something went wrong',
    },
  });
  const view = connectCompletionRule(snapshot, send);
  const [attendance, grade] = view.fields;
  if (!view.editing) {
    return (
      <div className="flex flex-col items-start gap-3">
        <RuleSentence rule={view.rule} />
        {settings.can_edit_rule && (
          <button type="button" onClick={view.edit} className={button('secondary')}>
            {t`Change the completion rule`}
          </button>
        )}
      </div>
    );
  }
  return (
    <Form ref={form} onSubmit={view.submit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {attendance && (
          <TextField
            label={t`Minimum attendance (per cent)`}
            inputMode="numeric"
            autoComplete="off"
            value={attendance.value}
            error={attendance.error}
            onChange={(event) => attendance.change(event.target.value)}
          />
        )}
        {grade && (
          <TextField
            label={t`Minimum average grade (out of 10)`}
            inputMode="decimal"
            autoComplete="off"
            value={grade.value}
            error={grade.error}
            onChange={(event) => grade.change(event.target.value)}
          />
        )}
      </div>
      <AlertBox message={view.alert} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={view.busy} aria-busy={view.busy || undefined} className={button()}>
          {view.busy ? t`Saving…` : t`Save the rule`}
        </button>
        <button type="button" onClick={view.cancel} disabled={view.busy} className={button('secondary')}>
          {t`Cancel`}
        </button>
      </div>
    </Form>
  );
}

/** Close course, asked first in a dialog that says what closing means. */
function CloseCourse({ courseId, onClosed }: { courseId: number; onClosed: () => void }) {
  const { t, i18n } = useLingui();
  const [machine] = useState(() =>
    closeCourseMachine.provide({
      actors: { close: fromPromise(({ input }) => closeCourse(api, input.courseId)) },
      actions: {
        announceClosed: (_, { reply }) => {
          showToast(translateMessage(reply.message, i18n));
          onClosed();
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { courseId, fallback: 'Something went wrong' } });
  const view = connectCloseCourse(snapshot, send);
  return (
    <>
      <button type="button" onClick={view.ask} aria-haspopup="dialog" className={button('dangerOutline')}>
        {t`Close course`}
      </button>
      {view.open && (
        <Modal title={t`Close this course?`} onClose={view.busy ? undefined : view.cancel}>
          <div className="flex flex-col gap-4 text-slate-700">
            <p>{t`Closing ends the course today, before its end date:`}</p>
            <ul className="list-disc space-y-1 ps-5">
              <li>{t`No more sessions are held, and trainees can no longer open its lectures.`}</li>
              <li>{t`It moves to your course history.`}</li>
              <li>
                {t`Each trainee's completion is decided now by the completion rule, on the sessions held so far and the grades given.`}
              </li>
            </ul>
            <p className="font-semibold text-slate-900">{t`This cannot be undone.`}</p>
            <AlertBox message={view.alert} />
            <div className="flex flex-wrap justify-end gap-3">
              <button
                type="button"
                onClick={view.cancel}
                disabled={view.busy}
                className={button('secondary')}
              >
                {t`Keep it open`}
              </button>
              <button
                type="button"
                onClick={view.confirm}
                disabled={view.busy}
                aria-busy={view.busy || undefined}
                className={button('danger')}
              >
                {view.busy ? t`Closing…` : t`Close course`}
              </button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}

function Settings({ settings, onClosed }: { settings: CompletionSettings; onClosed: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-4">
      <RuleEditor settings={settings} />
      {settings.stage === 'ended' && settings.ended_on && (
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
          <p className="text-slate-700">
            {settings.closed_at
              ? t`You closed this course on ${formatDate(settings.ended_on, language)}.`
              : t`This course ended on ${formatDate(settings.ended_on, language)}.`}
          </p>
          <Link href={paths.completedCourseDetails(settings.course_id)} className={button('secondary')}>
            {t`See how trainees finished`}
          </Link>
        </div>
      )}
      {settings.can_close && (
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
          <p className="text-slate-700">{t`The course ends on its end date. You can also end it earlier.`}</p>
          <CloseCourse courseId={settings.course_id} onClosed={onClosed} />
        </div>
      )}
      {settings.role === 'trainer' && settings.stage === 'upcoming' && (
        <p className="border-t border-slate-200 pt-4 text-sm text-slate-600">
          {t`The course can be closed early once it has started.`}
        </p>
      )}
    </div>
  );
}

function Loaded({ courseId, onClosed }: { courseId: number; onClosed: () => void }) {
  const settings = useResource(() => getCompletionSettings(api, courseId));
  if (settings.status === 'loading') return <Placeholder className="h-24" />;
  if (settings.status === 'failed') {
    return (
      <Failure
        error={settings.error}
        retry={settings.retry}
        className="rounded-xl bg-red-50 p-4 text-red-800"
      />
    );
  }
  if (settings.status === 'missing') return null;
  return <Settings settings={settings.data} onClosed={onClosed} />;
}

/**
 * The course's completion on the trainer's course page: the rule (changed by its trainer until the
 * course ends), closing it early, and once ended a link to how its trainees finished.
 */
export function CompletionSection({ courseId, onClosed }: { courseId: number; onClosed: () => void }) {
  const { t } = useLingui();
  const headingId = useId();
  // Closing reads the setting again (a new load): the section shows the ended course.
  const [round, setRound] = useState(0);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="mb-3 text-lg font-bold text-slate-900">
        {t`Completion`}
      </h2>
      <Loaded
        key={round}
        courseId={courseId}
        onClosed={() => {
          setRound((value) => value + 1);
          onClosed();
        }}
      />
    </section>
  );
}
