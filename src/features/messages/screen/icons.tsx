import { type IconProps, Outline } from '@/ui/icons';

/** The chat screen's small icons (outline, hidden from assistive technology). */
export const ClockIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Outline>
);
export const CheckIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Outline>
);
export const DoubleCheckIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="m2 12.5 4.5 4.5L16 7.5" />
    <path d="m11.5 16.5.5.5L21.5 7.5" />
  </Outline>
);
export const AlertIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </Outline>
);
export const BackIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M15 5l-7 7 7 7" />
  </Outline>
);
export const SendIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M4 12 20 4l-4 16-4-7-8-1z" />
    <path d="m12 13 8-9" />
  </Outline>
);
export const PenIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16v4z" />
    <path d="m13.5 6.5 4 4" />
  </Outline>
);
export const PeopleIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5" />
    <path d="M15.5 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.9.8 3.1 2.5 3.5 5.2" />
  </Outline>
);
