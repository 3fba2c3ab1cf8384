import { useLingui } from '@lingui/react/macro';
import type { WizardFormView } from '@machines/courseWizard.connect';
import { Section } from '@/features/trainer/wizard/Section';
import { TextAreaField } from '@/ui/forms';

/** About: the course's description in English and Arabic. */
export function AboutStep({ view }: { view: WizardFormView }) {
  const { t } = useLingui();
  return (
    <Section>
      <TextAreaField
        label={t`Description`}
        rows={8}
        dir="auto"
        maxLength={5000}
        value={view.values.description}
        error={view.errors.description}
        onChange={(event) => view.change('description', event.target.value)}
      />
      <TextAreaField
        label={t`Arabic description`}
        rows={8}
        dir="rtl"
        lang="ar"
        maxLength={5000}
        value={view.values.description_ar}
        error={view.errors.description_ar}
        onChange={(event) => view.change('description_ar', event.target.value)}
      />
    </Section>
  );
}
