import { WEEKS_MAX } from '@contract/forms/authoring';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WizardFormView } from '@machines/courseWizard.connect';
import type { WeekFieldName } from '@machines/courseWizard.form';
import { Section } from '@/features/trainer/wizard/Section';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { button } from '@/ui/button';
import { FieldMessage, TextField } from '@/ui/forms';

/** The syllabus: weeks added, removed and reordered, each with its titles and planned counts. */
export function SyllabusStep({ view }: { view: WizardFormView }) {
  const { t } = useLingui();
  const language = useLanguage();
  const { weeks } = view.values;
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-4">
        {weeks.map((week, index) => {
          const number = formatNumber(index + 1, language);
          const field = (name: WeekFieldName) => ({
            value: week[name],
            error: view.errors[`weeks.${index}.${name}`],
            onChange: (event: { target: { value: string } }) =>
              view.changeWeek(index, name, event.target.value),
          });
          const count = (name: 'lectures' | 'quizzes' | 'assignments') => ({
            ...field(name),
            inputMode: 'numeric' as const,
            autoComplete: 'off',
          });
          return (
            // The weeks have no identity but their place: reordering moves their values.
            // biome-ignore lint/suspicious/noArrayIndexKey: a week is its position in the syllabus
            <li key={index}>
              <Section title={t`Week ${number}`}>
                <div className="grid gap-4 md:grid-cols-2">
                  <TextField
                    label={t`Week ${number} title`}
                    dir="auto"
                    maxLength={150}
                    {...field('syllabus_title')}
                  />
                  <TextField
                    label={t`Week ${number} Arabic title`}
                    dir="rtl"
                    lang="ar"
                    maxLength={150}
                    {...field('syllabus_title_ar')}
                  />
                </div>
                <div className="grid grid-cols-3 gap-3">
                  <TextField
                    label={t`Lectures`}
                    aria-label={t`Week ${number} lectures`}
                    {...count('lectures')}
                  />
                  <TextField
                    label={t`Quizzes`}
                    aria-label={t`Week ${number} quizzes`}
                    {...count('quizzes')}
                  />
                  <TextField
                    label={t`Assignments`}
                    aria-label={t`Week ${number} assignments`}
                    {...count('assignments')}
                  />
                </div>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={`${button('secondary', 'sm')} min-h-11`}
                    disabled={index === 0}
                    onClick={() => view.moveWeek(index, -1)}
                  >
                    <Trans>Move week {number} up</Trans>
                  </button>
                  <button
                    type="button"
                    className={`${button('secondary', 'sm')} min-h-11`}
                    disabled={index === weeks.length - 1}
                    onClick={() => view.moveWeek(index, 1)}
                  >
                    <Trans>Move week {number} down</Trans>
                  </button>
                  <button
                    type="button"
                    className={`${button('secondary', 'sm')} min-h-11`}
                    onClick={() => view.removeWeek(index)}
                  >
                    <Trans>Remove week {number}</Trans>
                  </button>
                </div>
              </Section>
            </li>
          );
        })}
      </ol>
      {view.errors.weeks && (
        <div data-invalid="true" tabIndex={-1}>
          <FieldMessage id="weeks-error" error={view.errors.weeks} />
        </div>
      )}
      <button
        type="button"
        disabled={weeks.length >= WEEKS_MAX}
        onClick={view.addWeek}
        className={`${button('outline', 'lg')} self-start`}
      >
        <Trans>Add a week</Trans>
      </button>
    </div>
  );
}
