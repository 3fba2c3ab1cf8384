import { WEEKDAYS } from '@contract/wire/courses';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WizardFormView } from '@machines/courseWizard.connect';
import { DAY_LABELS } from '@/features/trainer/wizard/labels';
import { Section } from '@/features/trainer/wizard/Section';
import { FieldMessage, TextField } from '@/ui/forms';

/** The course's dates and its class routine, Saturday to Friday, with the times of each day. */
export function RoutineStep({ view }: { view: WizardFormView }) {
  const { t, i18n } = useLingui();
  const { values, errors } = view;
  return (
    <div className="flex flex-col gap-6">
      <Section>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Start date`}
            type="date"
            value={values.start_date}
            error={errors.start_date}
            onChange={(event) => view.change('start_date', event.target.value)}
          />
          <TextField
            label={t`End date`}
            type="date"
            min={values.start_date || undefined}
            value={values.end_date}
            error={errors.end_date}
            onChange={(event) => view.change('end_date', event.target.value)}
          />
        </div>
      </Section>
      <Section title={t`Class routine`}>
        <p className="text-sm text-slate-600">
          <Trans>Tick the days the class meets and give its times (Riyadh time).</Trans>
        </p>
        <ul className="flex flex-col divide-y divide-slate-200">
          {WEEKDAYS.map((day) => {
            const dayName = i18n._(DAY_LABELS[day]);
            const slot = values.routine[day];
            return (
              <li key={day} className="grid gap-3 py-3 sm:grid-cols-[10rem_1fr_1fr] sm:items-start">
                <label className="inline-flex min-h-11 items-center gap-2 font-semibold text-slate-900">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={slot.on}
                    onChange={(event) => view.toggleDay(day, event.target.checked)}
                  />
                  {dayName}
                </label>
                {slot.on && (
                  <>
                    <TextField
                      label={t`${dayName} start time`}
                      type="time"
                      value={slot.start}
                      error={errors[`routine.${day}.start_time`]}
                      onChange={(event) => view.changeTime(day, 'start', event.target.value)}
                    />
                    <TextField
                      label={t`${dayName} end time`}
                      type="time"
                      value={slot.end}
                      error={errors[`routine.${day}.end_time`]}
                      onChange={(event) => view.changeTime(day, 'end', event.target.value)}
                    />
                  </>
                )}
              </li>
            );
          })}
        </ul>
        {errors.routine && (
          <div data-invalid="true" tabIndex={-1}>
            <FieldMessage id="routine-error" error={errors.routine} />
          </div>
        )}
      </Section>
    </div>
  );
}
