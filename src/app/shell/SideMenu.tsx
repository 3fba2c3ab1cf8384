import { STOCK_AVATAR } from '@contract/wire/profile';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { signOut, useProfile, useSessionRole, useSignedIn } from '@/session';
import { CloseIcon, LogoutIcon } from '@/ui/icons';
import { ModalToaster } from '@/ui/Toaster';
import { mainNav } from '../menus';
import { profileMenus } from '../profile-menus';
import { AuthButtons } from './AuthButtons';
import { LanguageSelect } from './LanguageSwitcher';
import { NavLinks } from './NavLinks';
import { SearchBox } from './SearchBox';
import { staffCount } from './StaffCount';

// The live notifications load once someone signs in.
const NotificationList = lazy(() => import('@/features/notifications/NotificationList'));

const linkClass = (active: boolean) =>
  `block rounded-lg px-3 py-2.5 font-semibold ${active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`;

/** Below the lg breakpoint: the same links, a search box, a language select and the auth buttons. */
export default function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [location] = useLocation();
  const signedIn = useSignedIn();
  const role = useSessionRole();
  const profile = useProfile();

  // Closes on route change.
  const shownAt = useRef(location);
  useEffect(() => {
    if (shownAt.current === location) return;
    shownAt.current = location;
    onClose();
  }, [location, onClose]);

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 lg:hidden">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <DialogPanel
        transition
        className="fixed inset-y-0 start-0 flex w-80 max-w-[85vw] flex-col gap-5 overflow-y-auto bg-white p-5 shadow-xl transition duration-200 ease-out data-closed:-translate-x-full rtl:data-closed:translate-x-full"
      >
        <div className="flex items-center justify-between">
          <DialogTitle className="text-lg font-bold text-slate-900">
            <Trans>Menu</Trans>
          </DialogTitle>
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon className="size-5" />
            <span className="sr-only">
              <Trans>Close menu</Trans>
            </span>
          </button>
        </div>
        <SearchBox alwaysOpen />
        <nav aria-label={t`Main`}>
          <NavLinks links={mainNav} className="flex flex-col gap-1" linkClassName={linkClass} />
        </nav>
        {signedIn && role && (
          <nav aria-labelledby="side-account-heading" className="border-t border-slate-200 pt-4">
            <h2
              id="side-account-heading"
              className="mb-2 px-3 text-xs font-bold tracking-wide text-slate-500 uppercase"
            >
              <Trans>My account</Trans>
            </h2>
            {profile && (
              <div className="mb-2 flex items-center gap-3 px-3">
                <img
                  src={profile.image || STOCK_AVATAR}
                  alt=""
                  width={40}
                  height={40}
                  className="size-10 shrink-0 rounded-full bg-brand-100 object-cover"
                />
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">{profile.full_name}</p>
                  <p className="ltr-text truncate text-sm text-slate-600">{profile.email}</p>
                </div>
              </div>
            )}
            <NavLinks
              links={profileMenus[role]}
              className="flex flex-col gap-1"
              linkClassName={linkClass}
              after={role === 'ADMIN' ? staffCount : undefined}
            />
          </nav>
        )}
        {signedIn && (
          <Suspense fallback={null}>
            <NotificationList className="max-h-80 shrink-0 rounded-xl border border-slate-200" />
          </Suspense>
        )}
        <LanguageSelect />
        <div className="mt-auto border-t border-slate-200 pt-4">
          {signedIn ? (
            <button
              type="button"
              onClick={signOut}
              className="flex w-full items-center justify-center gap-2 rounded-lg border border-red-200 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
            >
              <LogoutIcon className="size-4" />
              <Trans>Log Out</Trans>
            </button>
          ) : (
            <AuthButtons stacked onChoose={onClose} />
          )}
        </div>
      </DialogPanel>
      <ModalToaster />
    </Dialog>
  );
}
