import { FACILITATORS_MAX } from '@contract/forms/authoring';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WizardFormView } from '@machines/courseWizard.connect';
import { useId } from 'react';
import { Section } from '@/features/trainer/wizard/Section';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { button } from '@/ui/button';
import { FieldMessage } from '@/ui/forms';

/** Facilitators: approved trainers found by their e-mail address, at most five. */
export function FacilitatorsStep({ view }: { view: WizardFormView }) {
  const { t } = useLingui();
  const language = useLanguage();
  const id = useId();
  const { facilitator, values } = view;
  const max = formatNumber(FACILITATORS_MAX, language);
  if (!view.ownsFacilitators)
    return (
      <Section title={t`Facilitators of this course`}>
        <p className="text-slate-700">
          <Trans>Only the trainer who created the course changes its facilitators.</Trans>
        </p>
        <ul className="flex flex-col divide-y divide-slate-200">
          {values.facilitators.map((person) => (
            <li key={person.id} className="py-3">
              <p dir="auto" className="font-semibold text-slate-900">
                {person.full_name}
              </p>
              <p className="text-sm text-slate-600">
                <bdi className="ltr-whole">{person.email}</bdi>
              </p>
            </li>
          ))}
        </ul>
      </Section>
    );
  return (
    <div className="flex flex-col gap-6">
      <Section>
        <p className="text-slate-700">
          <Trans>
            Optional: approved trainers who may do what you do in this course, except delete it. At most {max}
            .
          </Trans>
        </p>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-semibold text-slate-800">
            <Trans>Facilitator's e-mail address</Trans>
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={id}
              type="email"
              dir="ltr"
              autoComplete="off"
              value={facilitator.email}
              aria-invalid={facilitator.message ? true : undefined}
              aria-describedby={facilitator.message ? `${id}-message` : undefined}
              onChange={(event) => facilitator.changeEmail(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  facilitator.search();
                }
              }}
              className="w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 rtl:text-end"
            />
            <button
              type="button"
              onClick={facilitator.search}
              disabled={facilitator.searching}
              aria-busy={facilitator.searching || undefined}
              className={`${button()} min-h-11 shrink-0`}
            >
              <Trans>Find and add</Trans>
            </button>
          </div>
          <FieldMessage id={`${id}-message`} error={facilitator.message} />
          <FieldMessage id={`${id}-error`} error={view.errors.facilitators} />
        </div>
      </Section>
      <Section title={t`Facilitators of this course`}>
        {values.facilitators.length === 0 ? (
          <p className="text-slate-600">
            <Trans>No facilitators yet.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200">
            {values.facilitators.map((person) => (
              <li key={person.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p dir="auto" className="font-semibold text-slate-900">
                    {person.full_name}
                  </p>
                  <p className="text-sm text-slate-600">
                    <bdi className="ltr-whole">{person.email}</bdi>
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => facilitator.remove(person.id)}
                  className={`${button('secondary', 'sm')} min-h-11`}
                >
                  <Trans>Remove {person.full_name}</Trans>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
