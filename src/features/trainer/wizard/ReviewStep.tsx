import { toArabicIndicDigits, toLatinDigits } from '@contract/domain/digits';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WizardFormView } from '@machines/courseWizard.connect';
import { halalasOf, routineDays, type Step } from '@machines/courseWizard.form';
import type { ReactNode } from 'react';
import {
  DAY_LABELS,
  LANGUAGE_LABELS,
  SKILL_LEVEL_LABELS,
  STEP_LABELS,
} from '@/features/trainer/wizard/labels';
import { Section } from '@/features/trainer/wizard/Section';
import { formatDate } from '@/i18n/dates';
import { formatMoney, formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';

/** Everything the course will be sent with, each part with a way back to its step. */
export function ReviewStep({ view }: { view: WizardFormView }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const { values } = view;
  const none = t`None`;
  const category = view.categories.find((item) => String(item.id) === values.category);
  const survey = (stage: 'pre' | 'post') => {
    const found = view.surveys[stage].find((item) => String(item.id) === values.surveys[stage]);
    return found ? pick(found, 'name', language) : none;
  };
  const halalas = halalasOf(values.price);
  const amount = (value: string) => Number(toLatinDigits(value.trim())) || 0;
  const comma = language === 'ar' ? '، ' : ', ';
  const digits = (text: string) => (language === 'ar' ? toArabicIndicDigits(text) : text);
  const languages = (list: readonly ('Arabic' | 'English')[]) =>
    list.length ? list.map((item) => i18n._(LANGUAGE_LABELS[item])).join(comma) : none;
  const level = values.skill_level as keyof typeof SKILL_LEVEL_LABELS;
  const date = (value: string) => (value ? formatDate(value, language) : none);
  const part = (step: Step, rows: ReactNode) => (
    <Section
      title={
        <span className="flex flex-wrap items-center justify-between gap-2">
          {i18n._(STEP_LABELS[step])}
          <button
            type="button"
            onClick={() => view.goTo(step)}
            className="min-h-11 rounded-lg px-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            <Trans>Change {i18n._(STEP_LABELS[step])}</Trans>
          </button>
        </span>
      }
    >
      <dl className="grid gap-4 sm:grid-cols-2">{rows}</dl>
    </Section>
  );
  return (
    <div className="flex flex-col gap-4">
      {part(
        'basics',
        <>
          <Row label={t`Course title`}>
            <bdi>{values.title}</bdi>
          </Row>
          <Row label={t`Arabic course title`}>
            <span dir="rtl" lang="ar">
              {values.title_ar}
            </span>
          </Row>
          <Row label={t`Subtitle`}>
            <bdi>{values.subtitle || none}</bdi>
          </Row>
          <Row label={t`Arabic subtitle`}>{values.subtitle_ar || none}</Row>
          <Row label={t`Category`}>{category ? pick(category, 'name', language) : none}</Row>
          <Row label={t`Skill level`}>
            {SKILL_LEVEL_LABELS[level] ? i18n._(SKILL_LEVEL_LABELS[level]) : none}
          </Row>
          <Row label={t`Languages`}>{languages(values.languages)}</Row>
          <Row label={t`Captions`}>{languages(values.captions)}</Row>
          <Row label={t`Female Only`}>{values.female_only ? t`Yes` : t`No`}</Row>
          <Row label={t`Price`}>
            {halalas === 0
              ? t`Free`
              : typeof halalas === 'number'
                ? formatMoney(halalas, language)
                : values.price}
          </Row>
          <Row label={t`Cover picture`}>
            {view.cover.preview ? (
              <img
                src={view.cover.preview}
                alt={t`The course cover as it will be shown`}
                className="mt-1 w-48 rounded-lg"
              />
            ) : (
              none
            )}
          </Row>
        </>,
      )}
      {part(
        'about',
        <>
          <Row label={t`Description`} wide>
            <span dir="auto" className="block whitespace-pre-line">
              {values.description}
            </span>
          </Row>
          <Row label={t`Arabic description`} wide>
            <span dir="rtl" lang="ar" className="whitespace-pre-line">
              {values.description_ar || none}
            </span>
          </Row>
        </>,
      )}
      {part(
        'syllabus',
        <Row label={t`Syllabus`} wide>
          <ol className="flex flex-col gap-1">
            {values.weeks.map((week, index) => {
              const number = formatNumber(index + 1, language);
              const planned = [
                i18n._(
                  msg({ message: plural(amount(week.lectures), { one: '# lecture', other: '# lectures' }) }),
                ),
                i18n._(msg({ message: plural(amount(week.quizzes), { one: '# quiz', other: '# quizzes' }) })),
                i18n._(
                  msg({
                    message: plural(amount(week.assignments), {
                      one: '# assignment',
                      other: '# assignments',
                    }),
                  }),
                ),
              ].join(language === 'ar' ? '، ' : ', ');
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a week is its position in the syllabus
                <li key={index}>
                  {t`Week ${number}`}: <bdi>{week.syllabus_title}</bdi>{' '}
                  <span className="text-slate-600">({planned})</span>
                </li>
              );
            })}
          </ol>
        </Row>,
      )}
      {part(
        'surveys',
        <>
          <Row label={t`Pre-course evaluation`}>{survey('pre')}</Row>
          <Row label={t`Post-course evaluation`}>{survey('post')}</Row>
        </>,
      )}
      {part(
        'routine',
        <>
          <Row label={t`Start date`}>{date(values.start_date)}</Row>
          <Row label={t`End date`}>{date(values.end_date)}</Row>
          <Row label={t`Class routine`} wide>
            <ul className="flex flex-col gap-1">
              {routineDays(values).map((day) => (
                <li key={day}>
                  {i18n._(DAY_LABELS[day])}:{' '}
                  <bdi className="ltr-whole">
                    {digits(values.routine[day].start)}–{digits(values.routine[day].end)}
                  </bdi>
                </li>
              ))}
            </ul>
          </Row>
        </>,
      )}
      {part(
        'facilitators',
        <Row label={t`Facilitators`} wide>
          {values.facilitators.length
            ? values.facilitators.map((person) => person.full_name).join(comma)
            : none}
        </Row>,
      )}
    </div>
  );
}

function Row({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}
