import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WizardFormView } from '@machines/courseWizard.connect';
import { Section } from '@/features/trainer/wizard/Section';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { SelectField } from '@/ui/choice-fields';

/** The optional evaluation surveys before and after the course ('None' for none). */
export function SurveysStep({ view }: { view: WizardFormView }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const stages = [
    { stage: 'pre' as const, label: t`Pre-course evaluation` },
    { stage: 'post' as const, label: t`Post-course evaluation` },
  ];
  return (
    <Section>
      <p className="text-slate-700">
        <Trans>Both are optional: trainees answer them before the course starts and after it ends.</Trans>
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {stages.map(({ stage, label }) => (
          <SelectField
            key={stage}
            label={label}
            value={view.values.surveys[stage]}
            error={view.errors[`surveys.${stage}`] ?? (stage === 'pre' ? view.errors.surveys : undefined)}
            onChange={(event) => view.changeSurvey(stage, event.target.value)}
            empty={t`None`}
            options={view.surveys[stage].map((survey) => ({
              value: String(survey.id),
              label: `${pick(survey, 'name', language)} (${i18n._(
                msg({
                  message: plural(survey.question_count, { one: '# question', other: '# questions' }),
                }),
              )})`,
            }))}
          />
        ))}
      </div>
    </Section>
  );
}
