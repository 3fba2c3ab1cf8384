import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { isCurrent } from '@/routing/paths';
import type { MenuLink } from '../menus';

/** A nav link is active when its path equals the current path (spec section 2). */
export function NavLinks({
  links,
  className,
  linkClassName,
  after,
}: {
  links: readonly MenuLink[];
  className?: string;
  linkClassName: (active: boolean) => string;
  /** What follows a link's title (a count), if anything. */
  after?: (link: MenuLink) => ReactNode;
}) {
  const { i18n } = useLingui();
  const [location] = useLocation();
  return (
    <ul className={className}>
      {links.map((link) => {
        const active = isCurrent(location, link.path);
        return (
          <li key={link.path}>
            <Link
              href={link.path}
              aria-current={active ? 'page' : undefined}
              className={linkClassName(active)}
            >
              {i18n._(link.title)}
              {after?.(link)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
