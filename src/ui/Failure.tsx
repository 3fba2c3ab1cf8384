import { useLingui } from '@lingui/react/macro';
import { errorText } from '@/i18n/api-messages';

/** What every failed read shows: the reason and, unless trying again cannot help, a retry. */
export function Failure({
  error,
  message,
  retry,
  className = '',
}: {
  error: unknown;
  /** What to say instead of the error's own sentence (a screen that knows better what failed). */
  message?: string;
  /** Absent: no retry (what was read does not exist). */
  retry?: () => void;
  className?: string;
}) {
  const { t, i18n } = useLingui();
  return (
    <div role="alert" className={`flex flex-wrap items-center gap-3 ${className}`}>
      <span>{message ?? errorText(error, i18n)}</span>
      {retry && (
        <button
          type="button"
          onClick={retry}
          className="rounded-lg border border-current px-3 py-1 text-sm font-semibold hover:opacity-80"
        >
          {t`Try again`}
        </button>
      )}
    </div>
  );
}
