import { COURSE_LANGUAGES, SKILL_LEVELS } from '@contract/forms/authoring';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WizardFormView } from '@machines/courseWizard.connect';
import { COVER_ACCEPT } from '@machines/courseWizard.machine';
import { useId } from 'react';
import { coverPreview } from '@/features/trainer/wizard/cover-preview';
import { LANGUAGE_LABELS, SKILL_LEVEL_LABELS } from '@/features/trainer/wizard/labels';
import { Section } from '@/features/trainer/wizard/Section';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { button } from '@/ui/button';
import { CheckboxGroup, SelectField } from '@/ui/choice-fields';
import { FieldMessage, TextField } from '@/ui/forms';

/** Basic info: titles, category, cover, level, languages, captions, Female Only and the price. */
export function BasicsStep({ view }: { view: WizardFormView }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const { values, errors } = view;
  const text = (name: 'title' | 'title_ar' | 'subtitle' | 'subtitle_ar') => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => view.change(name, event.target.value),
  });
  const languages = COURSE_LANGUAGES.map((value) => ({ value, label: i18n._(LANGUAGE_LABELS[value]) }));
  return (
    <div className="flex flex-col gap-6">
      <Section>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label={t`Course title`} dir="auto" maxLength={150} {...text('title')} />
          <TextField
            label={t`Arabic course title`}
            dir="rtl"
            lang="ar"
            maxLength={150}
            {...text('title_ar')}
          />
          <TextField label={t`Subtitle`} dir="auto" maxLength={200} {...text('subtitle')} />
          <TextField
            label={t`Arabic subtitle`}
            dir="rtl"
            lang="ar"
            maxLength={200}
            {...text('subtitle_ar')}
          />
          <SelectField
            label={t`Category`}
            value={values.category}
            error={errors.category}
            onChange={(event) => view.change('category', event.target.value)}
            empty={t`Choose a category`}
            options={view.categories.map((category) => ({
              value: String(category.id),
              label: pick(category, 'name', language),
            }))}
          />
          <SelectField
            label={t`Skill level`}
            value={values.skill_level}
            error={errors.skill_level}
            onChange={(event) => view.change('skill_level', event.target.value)}
            empty={t`Choose a skill level`}
            options={SKILL_LEVELS.map((level) => ({
              value: level,
              label: i18n._(SKILL_LEVEL_LABELS[level]),
            }))}
          />
        </div>
      </Section>
      <CoverField view={view} />
      <Section>
        <div className="grid gap-6 md:grid-cols-2">
          <CheckboxGroup
            legend={t`Languages`}
            options={languages}
            chosen={values.languages}
            error={errors.languages}
            onToggle={(value, on) => view.toggleLanguage('languages', value, on)}
          />
          <CheckboxGroup
            legend={t`Captions`}
            options={languages}
            chosen={values.captions}
            error={errors.captions}
            onToggle={(value, on) => view.toggleLanguage('captions', value, on)}
          />
          <label className="inline-flex min-h-11 items-center gap-2 font-semibold text-slate-900">
            <input
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={values.female_only}
              onChange={(event) => view.changeFemaleOnly(event.target.checked)}
            />
            <Trans>Female Only</Trans>
          </label>
          <TextField
            label={t`Price (riyals)`}
            inputMode="decimal"
            autoComplete="off"
            value={values.price}
            error={errors.price}
            hint={view.free ? t`Free` : t`Before VAT. 0 makes the course free.`}
            onChange={(event) => view.change('price', event.target.value)}
          />
        </div>
      </Section>
    </div>
  );
}

/** The cover picture: choose a PNG or JPEG, see it at once, watch it upload, replace it. */
function CoverField({ view }: { view: WizardFormView }) {
  const { t } = useLingui();
  const id = useId();
  const { cover } = view;
  const error = view.errors.cover;
  const describedBy = [error ? `${id}-error` : null, cover.alert ? `${id}-alert` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Section title={t`Cover picture`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="aspect-video w-full shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 sm:w-64">
          {cover.preview ? (
            <img
              src={cover.preview}
              alt={t`The course cover as it will be shown`}
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center p-4 text-center text-sm text-slate-600">
              <Trans>No cover picture yet</Trans>
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <label htmlFor={id} className="text-sm font-semibold text-slate-800">
            {view.values.cover ? (
              <Trans>Replace the cover picture</Trans>
            ) : (
              <Trans>Choose a cover picture</Trans>
            )}
          </label>
          <input
            id={id}
            type="file"
            accept={COVER_ACCEPT}
            disabled={cover.phase === 'uploading'}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || `${id}-hint`}
            className="block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              cover.choose(file, file.name, await coverPreview(file));
            }}
          />
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            <Trans>PNG or JPEG, at most 25 MB.</Trans>
          </p>
          {cover.phase === 'uploading' && (
            <div className="flex flex-col gap-2">
              <progress
                max={100}
                value={cover.percent}
                aria-label={t`Uploading ${cover.name ?? ''}`}
                className="h-2 w-full accent-brand-700"
              />
              <button
                type="button"
                onClick={cover.cancel}
                className={`${button('secondary', 'sm')} self-start`}
              >
                <Trans>Cancel upload</Trans>
              </button>
            </div>
          )}
          {cover.phase === 'failed' && (
            <button type="button" onClick={cover.retry} className={`${button('secondary', 'sm')} self-start`}>
              <Trans>Try the upload again</Trans>
            </button>
          )}
          <FieldMessage id={`${id}-alert`} error={cover.alert} />
          <FieldMessage id={`${id}-error`} error={error} />
        </div>
      </div>
    </Section>
  );
}
