import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { INVITE_BUTTON } from '@/features/invitations/invite-button';
import { withScreenCatalogue } from '@/i18n/screen-catalogue';
import { useProfile, useSessionRole, useSignedIn } from '@/session';
import { askToSignIn, useOpenDialog } from '@/stores/dialogs';

// The dialog, its machine and its sentences (the signed-in screens' catalogue) load when the button
// is pressed.
const InviteDialog = lazy(() =>
  withScreenCatalogue('account', import('@/features/invitations/InviteDialog')),
);

/**
 * "Invite friends" on a course page: a signed-in trainee opens the dialog; a signed-out visitor is
 * asked to sign in, and the dialog opens once they have (as a trainee); closing the sign-in without
 * signing in forgets it. Trainers see nothing.
 */
export default function InviteFriends({ courseId, className }: { courseId: number; className?: string }) {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  const role = useSessionRole();
  const profile = useProfile();
  const identityDialog = useOpenDialog();
  const [open, setOpen] = useState(false);
  const [afterSignIn, setAfterSignIn] = useState(false);
  useEffect(() => {
    if (!afterSignIn) return;
    if (signedIn) {
      setAfterSignIn(false);
      if (role === 'TRAINEE') setOpen(true);
    } else if (identityDialog === null) setAfterSignIn(false);
  }, [afterSignIn, signedIn, role, identityDialog]);
  if (signedIn && role !== 'TRAINEE') return null;
  return (
    <>
      <button
        type="button"
        onClick={() => {
          if (signedIn) setOpen(true);
          else {
            setAfterSignIn(true);
            askToSignIn();
          }
        }}
        className={className ?? INVITE_BUTTON}
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
