import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** A 24-unit outline icon in the text's colour and size, hidden from assistive technology. */
export function Outline({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      width="1em"
      height="1em"
      {...props}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Outline>
);
export const CloseIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Outline>
);
export const SearchIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Outline>
);
export const GlobeIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Outline>
);
export const ChevronDownIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M6 9l6 6 6-6" />
  </Outline>
);
export const UserIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Outline>
);
export const LogoutIcon = (p: IconProps) => (
  <Outline {...p} className={`rtl:-scale-x-100 ${p.className ?? ''}`}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" />
  </Outline>
);
export const MapPinIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
    <circle cx="12" cy="10" r="2.5" />
  </Outline>
);
export const PhoneIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
  </Outline>
);
export const MailIcon = (p: IconProps) => (
  <Outline {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </Outline>
);

function Solid({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      width="1em"
      height="1em"
      {...props}
    >
      {children}
    </svg>
  );
}

export const FacebookIcon = (p: IconProps) => (
  <Solid {...p}>
    <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4a21 21 0 0 0-2.3-.1c-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21h3.1z" />
  </Solid>
);
export const XIcon = (p: IconProps) => (
  <Solid {...p}>
    <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z" />
  </Solid>
);
export const LinkedInIcon = (p: IconProps) => (
  <Solid {...p}>
    <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4V21H3V9.75zM9.5 9.75h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4V9.75z" />
  </Solid>
);
export const BellIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Outline>
);
