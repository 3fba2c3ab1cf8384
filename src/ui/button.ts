/**
 * The product's one button look, for a `<button>` or a link that acts as one: what it does (its
 * kind) and how much room it takes (its size). Disabled, it fades and shows it cannot be pressed.
 */
export type ButtonKind =
  /** The screen's main action. */
  | 'primary'
  /** Another action beside it: Cancel, Back, Download. */
  | 'secondary'
  /** An action of the brand's colour that is not the main one. */
  | 'outline'
  /** What cannot be undone: Delete, Close the course. */
  | 'danger'
  /** A destructive action offered beside others. */
  | 'dangerOutline';

/**
 * xs: in a table's row; sm: in a card or a sidebar; md: in a page; lg: a page's call to action;
 * block: a form's or a dialog's, as wide as it is.
 */
export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg' | 'block';

const BASE =
  'inline-flex items-center justify-center gap-2 font-semibold disabled:cursor-not-allowed disabled:opacity-60';

const KINDS: Record<ButtonKind, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  outline: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  dangerOutline: 'border border-red-300 bg-white text-red-800 hover:bg-red-50',
};

const SIZES: Record<ButtonSize, string> = {
  xs: 'rounded-md px-2.5 py-1 text-xs',
  sm: 'rounded-lg px-3 py-1.5 text-sm',
  md: 'rounded-lg px-4 py-2',
  lg: 'rounded-lg px-5 py-2.5',
  block: 'w-full rounded-lg px-4 py-3',
};

/** The classes of a button of this kind and size. */
export function button(kind: ButtonKind = 'primary', size: ButtonSize = 'md'): string {
  return `${BASE} ${SIZES[size]} ${KINDS[kind]}`;
}
