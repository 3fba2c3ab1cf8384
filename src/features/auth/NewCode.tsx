import { Trans } from '@lingui/react/macro';
import { LinkButton } from '@/ui/forms';

/** 'Send a new code' under a code step of the sign-up or the password reset. */
export function NewCode({ resending, onResend }: { resending: boolean; onResend: () => void }) {
  return (
    <p className="text-center text-sm text-slate-700" aria-live="polite">
      {resending ? (
        <Trans>Sending a new code…</Trans>
      ) : (
        <Trans>
          Didn't get the code, or did it expire? <LinkButton onClick={onResend}>Send a new code</LinkButton>
        </Trans>
      )}
    </p>
  );
}
