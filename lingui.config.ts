import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The signed-in screens' sentences (learning, checkout, profile, enrolments) are a catalogue of
 * their own, and the trainer's screens' another, loaded with those screens (`withCatalogue` in src/i18n/index.ts): a visitor's pages
 * carry only the messages of the public site and the shell.
 */
const ACCOUNT_FEATURES = [
  ...['learning', 'checkout', 'profile', 'enrolments'].map(
    (feature) => `<rootDir>/src/features/${feature}/**`,
  ),
  // Invitations: the dialog, the profile card and the invitation page load with this catalogue; the
  // course page's "Invite friends" button (InviteFriends.tsx) stays with the public site's.
  ...['InviteDialog.tsx', 'InviteCard.tsx', 'InvitationPage.tsx', 'known-messages.ts'].map(
    (file) => `<rootDir>/src/features/invitations/${file}`,
  ),
  // Chat: the /messages screen; the header's Messages link (src/features/messages/MessagesLink.tsx)
  // stays with the public site's, beside the bell.
  '<rootDir>/src/features/messages/screen/**',
  // File sizes and upload texts: shown only on signed-in screens (the trainer's load this catalogue too).
  '<rootDir>/src/i18n/files.ts',
  // Sentences of payments, the profile and the admin's calls, registered by the screens that meet them.
  '<rootDir>/src/entities/account/known-messages.ts',
  // Whom a protected page is for: met only by a signed-in user of another role.
  '<rootDir>/src/app/WrongRolePage.tsx',
];

/**
 * Public pieces loaded after their page: the course page's reviews section and the certificate check
 * (src/features/verify), so a visitor's other pages do not carry their sentences.
 */
const COMMUNITY_FEATURES = ['<rootDir>/src/features/course/reviews/**', '<rootDir>/src/features/verify/**'];

/** The trainer's screens (src/features/trainer): loaded only by trainers. */
const TRAINER_FEATURES = ['<rootDir>/src/features/trainer/**'];

/** The back office (src/features/staff): loaded only by the centre's staff. */
const STAFF_FEATURES = ['<rootDir>/src/features/staff/**'];

/**
 * Each public route's own sentences, loaded with its view (src/app/routes.ts), and the sign-in,
 * sign-up and password-reset dialogs', loaded when one is first opened: the `messages` catalogue
 * every page loads keeps the shell's and the shared pieces' sentences only, so a new screen does
 * not add to it.
 */
export const ROUTE_CATALOGUES = {
  home: ['<rootDir>/src/features/home/**'],
  catalogue: ['<rootDir>/src/features/catalogue/**'],
  // The course page without its reviews (the community catalogue).
  course: ['<rootDir>/src/features/course/*.{ts,tsx}'],
  events: ['<rootDir>/src/features/events/**'],
  about: ['<rootDir>/src/features/about/**'],
  contact: ['<rootDir>/src/features/contact/**'],
  issues: ['<rootDir>/src/features/issues/**'],
  auth: ['<rootDir>/src/features/auth/**'],
} as const;
const ROUTE_FEATURES = Object.values(ROUTE_CATALOGUES).flat();

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        ...ACCOUNT_FEATURES,
        ...TRAINER_FEATURES,
        ...STAFF_FEATURES,
        ...COMMUNITY_FEATURES,
        ...ROUTE_FEATURES,
      ],
    },
    ...Object.entries(ROUTE_CATALOGUES).map(([name, include]) => ({
      path: `<rootDir>/src/i18n/locales/{locale}/${name}`,
      include: [...include],
    })),
    {
      path: '<rootDir>/src/i18n/locales/{locale}/community',
      include: COMMUNITY_FEATURES,
    },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/account',
      include: ACCOUNT_FEATURES,
    },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/trainer',
      include: TRAINER_FEATURES,
    },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/staff',
      include: STAFF_FEATURES,
    },
  ],
  // Origins without line numbers: catalogues change only when messages do.
  format: formatter({ lineNumbers: false }),
});
