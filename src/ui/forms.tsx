import { useLingui } from '@lingui/react/macro';
import {
  type AllHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { translateMessage } from '@/i18n/api-messages';

/** What every field has: its label, the message that refuses it and a hint. */
export interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
}

/**
 * A labelled control (`control`: input, textarea or select, given `className` beside the box every
 * field has) with its hint and its message below it. The label names the control; the message, in
 * the user's language, and the hint are tied to it by `aria-describedby`.
 */
export function Field({
  label,
  error,
  hint,
  control: Control,
  className,
  ...props
}: FieldProps & {
  control: 'input' | 'textarea' | 'select';
  className: string;
} & Omit<AllHTMLAttributes<HTMLElement>, 'label'>) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <Control
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`w-full rounded-lg border bg-white ${className} py-2.5 text-slate-900 placeholder:text-slate-400 ${
          error ? 'border-red-600' : 'border-slate-300 focus:border-brand-600'
        }`}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * A labelled input (see Field). E-mail addresses and phone numbers (and any input given
 * `dir="ltr"`, such as an id number) are typed left to right, their text still aligned to the start
 * of an Arabic page.
 */
export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const ltr = props.dir === 'ltr' || props.type === 'email' || props.type === 'tel';
  // Free text (a name, a title) runs in the direction of what is typed: English left to right on
  // an Arabic page. Numbers, codes and passwords keep the page's.
  const free = (!props.type || props.type === 'text' || props.type === 'search') && !props.inputMode;
  return (
    <Field
      control="input"
      className={ltr ? 'px-3.5 rtl:text-end' : 'px-3.5'}
      {...props}
      dir={ltr ? 'ltr' : (props.dir ?? (free ? 'auto' : undefined))}
    />
  );
}

/** A labelled multi-line field (see Field), in the direction of what is typed. */
export function TextAreaField(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <Field control="textarea" className="px-3.5" rows={4} dir="auto" {...props} />;
}

/** A field's message in the user's language, tied to its control by id; nothing without one. */
export function FieldMessage({ id, error }: { id: string; error?: string | null }) {
  const { i18n } = useLingui();
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {translateMessage(error, i18n)}
    </p>
  ) : null;
}

/** The alert box of spec section 8. */
export function AlertBox({ message }: { message: string | null }) {
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {translateMessage(message, i18n)}
    </p>
  );
}

export function SubmitButton({
  busy,
  children,
  disabled,
}: {
  busy?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {busy && <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
      {children}
    </button>
  );
}

export function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="font-semibold text-brand-700 underline-offset-2 hover:underline"
    >
      {children}
    </button>
  );
}

/** After a refused submit, moves focus to the first field marked invalid. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** A form whose submit goes to its machine; the browser's own validation bubbles are off. */
export function Form({
  onSubmit,
  className = 'flex flex-col gap-4',
  children,
  ref,
}: {
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLFormElement>;
}) {
  return (
    <form
      ref={ref}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className={className}
    >
      {children}
    </form>
  );
}
