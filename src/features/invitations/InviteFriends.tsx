import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { withScreenCatalogue } from '@/i18n/screen-catalogue';
import { useProfile, useSessionRole, useSignedIn } from '@/session';
import { askToSignIn } from '@/stores/dialogs';

// The dialog, its machine and its sentences (the signed-in screens' catalogue) load when the button
// is pressed.
const InviteDialog = lazy(() =>
  withScreenCatalogue('account', import('@/features/invitations/InviteDialog')),
);

/**
 * "Invite friends" on a course page: a signed-in trainee opens the dialog; a signed-out visitor is
 * asked to sign in and comes back to the page. Trainers see nothing.
 */
export default function InviteFriends({ courseId, className }: { courseId: number; className?: string }) {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  const role = useSessionRole();
  const profile = useProfile();
  const [open, setOpen] = useState(false);
  if (signedIn && role !== 'TRAINEE') return null;
  return (
    <>
      <button
        type="button"
        onClick={() => (signedIn ? setOpen(true) : askToSignIn())}
        className={
          className ??
          'rounded-lg border border-white/70 px-5 py-2.5 font-semibold text-white hover:bg-white/10'
        }
      >
        {t`Invite friends`}
      </button>
      {open && (
        <Suspense fallback={null}>
          <InviteDialog courseId={courseId} ownEmail={profile?.email ?? ''} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
