/** The course page's Enroll Now button, and the box that stands for it while its flow loads. */
export const ENROL_BUTTON =
  'inline-block rounded-lg bg-gold-500 px-6 py-3 font-semibold text-brand-900 hover:bg-gold-400';
