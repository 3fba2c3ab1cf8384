import { useLingui } from '@lingui/react/macro';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useId } from 'react';
import { translateMessage } from '@/i18n/api-messages';

/** A field's message, announced and tied to its control by id. */
export function FieldMessage({ id, error }: { id: string; error?: string | null }) {
  const { i18n } = useLingui();
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {translateMessage(error, i18n)}
    </p>
  );
}

/** A labelled select with its message beside it. */
export function SelectField({
  label,
  error,
  children,
  ...select
}: {
  label: ReactNode;
  error?: string | null;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 ${
          error ? 'border-red-600' : 'border-slate-300 focus:border-brand-600'
        }`}
        {...select}
      >
        {children}
      </select>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/** A group of checkboxes under one legend, its message tied to each of them. */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  chosen,
  error,
  onToggle,
}: {
  legend: ReactNode;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  error?: string | null;
  onToggle: (value: T, on: boolean) => void;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="inline-flex min-h-11 items-center gap-2 text-slate-900">
            <input
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={chosen.includes(option.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => onToggle(option.value, event.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessage id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** A card holding one group of the step's fields. */
export function Section({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      {title && <h3 className="text-lg font-semibold text-slate-900">{title}</h3>}
      {children}
    </section>
  );
}
