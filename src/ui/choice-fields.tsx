import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { Field, FieldMessage, type FieldProps } from './forms';

/**
 * Fields that choose among options, built on the fields of `forms.tsx`. A module of its own: the
 * public pages' forms do not use them, so they do not carry them.
 */

/** One option of a SelectField or a CheckboxGroup. */
export interface Choice<T extends string = string> {
  value: T;
  label: string;
}

/**
 * A labelled select (see Field) of its options, after `empty`, the option of value '' that chooses
 * nothing ("Choose a category", "None"), when given.
 */
export function SelectField({
  empty,
  options,
  ...select
}: FieldProps & { empty?: string; options: readonly Choice[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field control="select" className="px-3 disabled:bg-slate-100 disabled:text-slate-600" {...select}>
      {empty !== undefined && <option value="">{empty}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Field>
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
  options: readonly Choice<T>[];
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
