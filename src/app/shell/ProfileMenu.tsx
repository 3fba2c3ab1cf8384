import { STOCK_AVATAR } from '@contract/wire/profile';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { signOut, useProfile, useSessionRole } from '@/session';
import { ChevronDownIcon, LogoutIcon } from '@/ui/icons';
import { profileMenus } from '../profile-menus';
import { staffCount } from './StaffCount';

/** Spec section 2: learner or trainer profile menu, 347 px wide. */
export default function ProfileMenu() {
  const { i18n } = useLingui();
  const role = useSessionRole();
  const profile = useProfile();
  if (!role) return null;
  return (
    <Menu>
      <MenuButton className="inline-flex items-center gap-2 rounded-full py-1 ps-1 pe-2 text-sm font-semibold text-slate-700 hover:bg-brand-50">
        <span className="grid size-9 place-items-center overflow-hidden rounded-full bg-brand-100 text-brand-800">
          {/* Spec section 3: the stock avatar when there is no photo. */}
          <img
            src={profile?.image || STOCK_AVATAR}
            alt=""
            width={36}
            height={36}
            className="size-full object-cover"
          />
        </span>
        {/* From 1024 to 1279 px the header has room for the photo only; the name stays the button's name. */}
        <span className="sr-only xl:not-sr-only">
          <span dir="auto" className="block max-w-40 truncate">
            {profile?.full_name ?? <Trans>My account</Trans>}
          </span>
        </span>
        <ChevronDownIcon className="size-4" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-2 w-[347px] rounded-xl border border-slate-200 bg-white p-2 shadow-xl focus:outline-none"
      >
        {profile && (
          <div className="border-b border-slate-100 px-3 pt-1 pb-3">
            <p dir="auto" className="font-semibold text-slate-900">
              {profile.full_name}
            </p>
            <p className="truncate text-sm text-slate-600">{profile.email}</p>
          </div>
        )}
        {profileMenus[role].map((entry) => (
          <MenuItem key={entry.path}>
            <Link
              href={entry.path}
              className="block rounded-lg px-3 py-2 text-sm text-slate-700 data-focus:bg-brand-50 data-focus:text-brand-800"
            >
              {i18n._(entry.title)}
              {role === 'ADMIN' && staffCount(entry)}
            </Link>
          </MenuItem>
        ))}
        <MenuItem>
          <button
            type="button"
            onClick={signOut}
            className="mt-1 flex w-full items-center gap-2 rounded-lg border-t border-slate-100 px-3 py-2 text-start text-sm text-red-700 data-focus:bg-red-50"
          >
            <LogoutIcon className="size-4" />
            <Trans>Log Out</Trans>
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
