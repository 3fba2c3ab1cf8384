import type { CourseCard } from '@contract/wire/courses';
import { assign, fromPromise, setup } from 'xstate';

/** Typing pauses this long before a search goes out, so each keystroke does not cost a request. */
export const SUGGESTION_DELAY = 250;
/** Suggestions start from this many characters. */
export const SUGGESTION_MIN_LENGTH = 2;

export interface CourseSuggestionsInput {
  /** Whether the page is home, where the box starts expanded. */
  atHome?: boolean;
  /** A pinned box (the side menu's) never collapses. */
  pinned?: boolean;
}

export interface CourseSuggestionsContext {
  text: string;
  suggestions: CourseCard[];
  /** The last search failed (nothing is shown for it). */
  failed: boolean;
  /** The text field shows; collapsed, only the button that expands it does. */
  expanded: boolean;
  pinned: boolean;
}

export type CourseSuggestionsEvent =
  | { type: 'search.type'; text: string }
  /** Escape, a click elsewhere, or focus leaving the box: the suggestions close, the text stays. */
  | { type: 'search.close' }
  /** Enter with no suggestion highlighted. */
  | { type: 'search.submit' }
  /** `title`: the course title as the visitor sees it, in the current language. */
  | { type: 'suggestion.pick'; id: number; title: string }
  /** The search button of a collapsed box. */
  | { type: 'search.expand' }
  /** The route changed (sent on every navigation). */
  | { type: 'route.changed'; atHome: boolean };

/**
 * The header search box (spec section 2). Expanded on home; on any other route it collapses and
 * clears, and its button expands it again. After a pause in typing the catalogue is searched for the
 * text; the matches show until the text changes or the list is closed. A failed search shows nothing
 * (the visitor can still press Enter for the full results page). Enter opens the results for the text,
 * picking a suggestion opens that course: both lead off home, so the box clears and collapses at once.
 */
export const courseSuggestionsMachine = setup({
  types: {
    context: {} as CourseSuggestionsContext,
    events: {} as CourseSuggestionsEvent,
    input: {} as CourseSuggestionsInput | undefined,
  },
  actors: {
    search: fromPromise<CourseCard[], { text: string }>(async () => {
      throw new Error('search is supplied by the view');
    }),
  },
  delays: { pause: SUGGESTION_DELAY },
  guards: {
    searchable: ({ event }) =>
      event.type === 'search.type' && event.text.trim().length >= SUGGESTION_MIN_LENGTH,
    hasText: ({ context }) => context.text.trim().length > 0,
    atHome: ({ event }) => event.type === 'route.changed' && event.atHome,
  },
  actions: {
    keepText: assign((_, params: { text: string }) => ({ text: params.text })),
    clearText: assign({ text: '' }),
    keepSuggestions: assign((_, params: { suggestions: CourseCard[] }) => ({
      suggestions: params.suggestions,
      failed: false,
    })),
    clearSuggestions: assign({ suggestions: [], failed: false }),
    noteFailure: assign({ suggestions: [], failed: true }),
    expand: assign({ expanded: true }),
    collapse: assign({ expanded: ({ context }) => context.pinned }),
    /** Moves the focus into the text field once it shows. */
    focusInput: () => {},
    /** Opens the search results page for the text. */
    openResults: (_, _params: { search: string }) => {},
    /** Opens the course's page. */
    openCourse: (_, _params: { id: number; title: string }) => {},
  },
}).createMachine({
  id: 'courseSuggestions',
  context: ({ input }) => {
    const pinned = input?.pinned ?? false;
    return { text: '', suggestions: [], failed: false, pinned, expanded: pinned || (input?.atHome ?? true) };
  },
  initial: 'idle',
  on: {
    'search.type': [
      {
        guard: 'searchable',
        target: '.waiting',
        reenter: true,
        actions: { type: 'keepText', params: ({ event }) => ({ text: event.text }) },
      },
      {
        target: '.idle',
        actions: [{ type: 'keepText', params: ({ event }) => ({ text: event.text }) }, 'clearSuggestions'],
      },
    ],
    'search.close': { target: '.idle', actions: 'clearSuggestions' },
    'search.submit': [
      {
        guard: 'hasText',
        target: '.idle',
        actions: [
          'clearSuggestions',
          { type: 'openResults', params: ({ context }) => ({ search: context.text }) },
          'clearText',
          'collapse',
        ],
      },
      { target: '.idle', actions: 'clearSuggestions' },
    ],
    'suggestion.pick': {
      target: '.idle',
      actions: [
        'clearSuggestions',
        { type: 'openCourse', params: ({ event }) => ({ id: event.id, title: event.title }) },
        'clearText',
        'collapse',
      ],
    },
    'search.expand': { actions: ['expand', 'focusInput'] },
    'route.changed': [
      { guard: 'atHome', target: '.idle', actions: ['clearSuggestions', 'expand'] },
      { target: '.idle', actions: ['clearText', 'clearSuggestions', 'collapse'] },
    ],
  },
  states: {
    idle: {},
    waiting: {
      after: { pause: 'searching' },
    },
    searching: {
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ text: context.text.trim() }),
        onDone: {
          target: 'showing',
          actions: { type: 'keepSuggestions', params: ({ event }) => ({ suggestions: event.output }) },
        },
        onError: { target: 'idle', actions: 'noteFailure' },
      },
    },
    showing: {},
  },
});
