import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '@/routing/paths';
import { useSignedIn } from '@/session';
import { MenuIcon } from '@/ui/icons';
import { mainNav } from '../menus';
import { AuthButtons } from './AuthButtons';
import { LanguageToggle } from './LanguageSwitcher';
import { NavLinks } from './NavLinks';
import { SearchBox } from './SearchBox';

// Menus built on Headless UI load when first needed, keeping it out of a visitor's first download.
const ProfileMenu = lazy(() => import('./ProfileMenu'));
const SideMenu = lazy(() => import('./SideMenu'));
// The bell and its live channel load once someone signs in.
const NotificationBell = lazy(() => import('@/features/notifications/NotificationBell'));
// Chat: the Messages link and its live channel load once someone signs in, as the bell does.
const MessagesLink = lazy(() => import('@/features/messages/MessagesLink'));

const navLinkClass = (active: boolean) =>
  `whitespace-nowrap rounded-lg px-2.5 py-2 text-sm font-semibold ${active ? 'text-brand-800 bg-brand-50' : 'text-slate-700 hover:text-brand-800'}`;

export function Logo() {
  const { t } = useLingui();
  return (
    <img src="/brand/logo.svg" alt={t`KFU Training Centre`} width={148} height={40} className="h-10 w-auto" />
  );
}

export function Header() {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link href={paths.home()} className="shrink-0 rounded-lg">
          <Logo />
          <span className="sr-only">
            <Trans>Home</Trans>
          </span>
        </Link>
        <nav aria-label={t`Main`} className="hidden shrink-0 lg:block">
          <NavLinks links={mainNav} className="flex items-center gap-1" linkClassName={navLinkClass} />
        </nav>
        <div className="ms-auto hidden w-full min-w-0 max-w-xs justify-end lg:flex">
          <SearchBox />
        </div>
        <div className="ms-auto flex shrink-0 items-center gap-2 lg:ms-0">
          <div className="hidden lg:block">
            <LanguageToggle />
          </div>
          {signedIn && (
            <Suspense fallback={<span className="inline-block size-11" />}>
              <MessagesLink />
            </Suspense>
          )}
          {signedIn && (
            <Suspense fallback={<span className="inline-block size-11" />}>
              <NotificationBell />
            </Suspense>
          )}
          <div className="hidden lg:block">
            {signedIn ? (
              <Suspense fallback={<span className="inline-block size-11" />}>
                <ProfileMenu />
              </Suspense>
            ) : (
              <AuthButtons />
            )}
          </div>
          <button
            type="button"
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
            aria-expanded={menuOpen}
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          >
            <MenuIcon className="size-6" />
            <span className="sr-only">
              <Trans>Open menu</Trans>
            </span>
          </button>
        </div>
      </div>
      {menuLoaded && (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
