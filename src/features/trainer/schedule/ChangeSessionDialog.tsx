import { useLingui } from '@lingui/react/macro';
import type { ChangeDialogView, ChangeFieldView } from '@machines/schedule.connect';
import type { Ref } from 'react';
import { formatDate, formatTime } from '@/i18n/dates';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { button } from '@/ui/button';
import { AlertBox, Form, SubmitButton, TextAreaField, TextField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';

/**
 * Cancelling or moving one session: a reason, and for a move the new date and times (typed as
 * YYYY-MM-DD and HH:MM; Arabic-Indic digits are accepted). A refusal keeps what was typed and says
 * what is wrong next to the field.
 */
export function ChangeSessionDialog({
  dialog,
  formRef,
}: {
  dialog: ChangeDialogView;
  formRef: Ref<HTMLFormElement>;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const { session, action } = dialog;
  const title = pick(session, 'title', language);
  const date = formatDate(session.date, language);
  const times = `${formatTime(session.start_time, language)}–${formatTime(session.end_time, language)}`;
  const field = (name: ChangeFieldView['name']) => dialog.fields.find((candidate) => candidate.name === name);
  const reason = field('reason');
  const newDate = field('new_date');
  const start = field('start_time');
  const end = field('end_time');
  return (
    <Modal
      title={action === 'cancelled' ? t`Cancel this session?` : t`Move this session`}
      onClose={dialog.busy ? undefined : dialog.close}
    >
      <Form ref={formRef} onSubmit={dialog.submit}>
        <p className="text-slate-700">
          <span dir="auto" className="font-semibold text-slate-900">
            {title}
          </span>
          <br />
          {t`${date}, ${times}`} <span className="text-sm text-slate-600">({t`Riyadh time`})</span>
        </p>
        <p className="text-sm text-slate-700">{t`The enrolled trainees are notified at once.`}</p>
        <AlertBox message={dialog.alert} />
        {reason && (
          <TextAreaField
            label={t`Reason`}
            name="reason"
            rows={3}
            value={reason.value}
            error={reason.error}
            onChange={(event) => reason.change(event.target.value)}
          />
        )}
        {newDate && (
          <TextField
            label={t`New date`}
            name="new_date"
            dir="ltr"
            inputMode="numeric"
            autoComplete="off"
            placeholder="YYYY-MM-DD"
            hint={t`Between ${formatDate(session.course_start, language)} and ${formatDate(session.course_end, language)}, for example 2026-11-25`}
            value={newDate.value}
            error={newDate.error}
            onChange={(event) => newDate.change(event.target.value)}
          />
        )}
        {start && end && (
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t`Starts at`}
              name="start_time"
              dir="ltr"
              inputMode="numeric"
              autoComplete="off"
              placeholder="HH:MM"
              value={start.value}
              error={start.error}
              onChange={(event) => start.change(event.target.value)}
            />
            <TextField
              label={t`Ends at`}
              name="end_time"
              dir="ltr"
              inputMode="numeric"
              autoComplete="off"
              placeholder="HH:MM"
              value={end.value}
              error={end.error}
              onChange={(event) => end.change(event.target.value)}
            />
          </div>
        )}
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <SubmitButton busy={dialog.busy}>
            {action === 'cancelled' ? t`Cancel session` : t`Move session`}
          </SubmitButton>
          <button
            type="button"
            onClick={dialog.close}
            disabled={dialog.busy}
            className={button('secondary', 'block')}
          >
            {t`Keep it`}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
