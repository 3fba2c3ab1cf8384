import { OTP_LENGTH } from '@contract/forms/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { translateMessage } from '@/i18n/api-messages';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { AlertBox, Form, LinkButton, SubmitButton } from '@/ui/forms';

/** The OTP dialog body: one accessible numeric field that takes typing, pasting and autofill. */
export function OtpStep({
  destination,
  code,
  error,
  complete,
  alert,
  busy,
  onChange,
  onSubmit,
  onBack,
  backLabel,
  newCode,
}: {
  destination: string;
  /** The digits typed so far, written 0–9 (Arabic-Indic digits are read as these). */
  code: string;
  /** What is wrong with the code (English; translated here), or null. */
  error: string | null;
  /** The code has all its digits and can be sent. */
  complete: boolean;
  alert: string | null;
  busy: boolean;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onBack: () => void;
  backLabel: ReactNode;
  /** The way to ask for a new code, where the flow has one. */
  newCode?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const length = formatNumber(OTP_LENGTH, language);
  const id = useId();
  return (
    <Form onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        <Trans>
          Enter the {length}-digit code we sent to <bdi className="ltr-whole font-bold">{destination}</bdi>.
        </Trans>
      </p>
      <AlertBox message={alert} />
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        <Trans>Verification code</Trans>
      </label>
      <input
        id={id}
        name="otp_code"
        value={code}
        onChange={(event) => onChange(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        dir="ltr"
        data-autofocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        className={`w-full rounded-lg border bg-white px-4 py-3 text-center font-mono text-2xl tracking-[0.5em] ${
          error ? 'border-red-600' : 'border-slate-300 focus:border-brand-600'
        }`}
      />
      <p id={`${id}-hint`} className="-mt-2 text-xs text-slate-600">
        {t`${formatNumber(code.length, language)} of ${length} digits`}
      </p>
      {/* Announced as it appears: the code is too long the moment one digit too many is typed. */}
      <p id={`${id}-error`} aria-live="polite" className="-mt-2 min-h-5 text-sm text-red-700">
        {error ? translateMessage(error, i18n) : null}
      </p>
      <SubmitButton busy={busy} disabled={!complete}>
        <Trans>Confirm</Trans>
      </SubmitButton>
      {newCode}
      <p className="text-center text-sm">
        <LinkButton onClick={onBack}>{backLabel}</LinkButton>
      </p>
    </Form>
  );
}
