import { Trans } from '@lingui/react/macro';
import { openDialog } from '@/stores/dialogs';

/** `onChoose` lets the side menu close itself as the dialog opens. */
export function AuthButtons({ stacked = false, onChoose }: { stacked?: boolean; onChoose?: () => void }) {
  const base =
    'rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2';
  return (
    <div className={stacked ? 'flex flex-col gap-2' : 'flex items-center gap-2'}>
      <button
        type="button"
        onClick={() => {
          onChoose?.();
          openDialog('login');
        }}
        className={`${base} border border-brand-700 text-brand-800 hover:bg-brand-50`}
      >
        <Trans>Log In</Trans>
      </button>
      <button
        type="button"
        onClick={() => {
          onChoose?.();
          openDialog('registration');
        }}
        className={`${base} bg-brand-700 text-white hover:bg-brand-800`}
      >
        <Trans>Sign Up</Trans>
      </button>
    </div>
  );
}
