import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { button } from '@/ui/button';
import { SubmitButton } from '@/ui/forms';

/**
 * A dialog form's buttons: its action, which submits the form, and the way back (Back, unless
 * named), both waiting while the action is sent. The action comes first on a phone and last on a
 * wider screen.
 */
export function DialogActions({
  submit,
  busy,
  onBack,
  back,
}: {
  submit: ReactNode;
  busy: boolean;
  onBack: () => void;
  back?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-3 sm:flex-row-reverse">
      <SubmitButton busy={busy}>{submit}</SubmitButton>
      <button type="button" disabled={busy} onClick={onBack} className={button('secondary', 'md')}>
        {back ?? t`Back`}
      </button>
    </div>
  );
}
