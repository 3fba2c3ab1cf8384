import { useLingui } from '@lingui/react/macro';
import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { translateMessage } from '@/i18n/api-messages';

/** A labelled select with its message beside it (aria-invalid, aria-describedby), as TextField does. */
export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const { i18n } = useLingui();
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 disabled:bg-slate-100 disabled:text-slate-600 ${
          error ? 'border-red-600' : 'border-slate-300 focus:border-brand-600'
        }`}
        {...select}
      >
        {children}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {translateMessage(error, i18n)}
        </p>
      )}
    </div>
  );
}
