/** The look of the course page's "Invite friends" button (its placeholder takes the same room). */
export const INVITE_BUTTON =
  'rounded-lg border border-white/70 px-5 py-2.5 font-semibold text-white hover:bg-white/10';
