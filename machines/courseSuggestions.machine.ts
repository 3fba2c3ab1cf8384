import { assign, fromPromise, setup } from 'xstate';
import type { CourseCard } from '../src/contract/courses';

/** Typing pauses this long before a search goes out, so each keystroke does not cost a request. */
export const SUGGESTION_DELAY = 250;
/** Suggestions start from this many characters. */
export const SUGGESTION_MIN_LENGTH = 2;

export interface CourseSuggestionsContext {
  text: string;
  suggestions: CourseCard[];
}

export type CourseSuggestionsEvent = { type: 'search.type'; text: string } | { type: 'search.close' };

/**
 * The header search's suggestions: after a pause in typing, the catalogue is searched for the text;
 * the matches show until the text changes or the list is closed. A failed search shows nothing (the
 * visitor can still press Enter for the full results page).
 */
export const courseSuggestionsMachine = setup({
  types: {
    context: {} as CourseSuggestionsContext,
    events: {} as CourseSuggestionsEvent,
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
  },
  actions: {
    keepText: assign({ text: ({ event }) => (event.type === 'search.type' ? event.text : '') }),
    keepSuggestions: assign({
      suggestions: ({ event }) => (event as { output?: CourseCard[] }).output ?? [],
    }),
    clearSuggestions: assign({ suggestions: [] }),
  },
}).createMachine({
  id: 'courseSuggestions',
  context: { text: '', suggestions: [] },
  initial: 'idle',
  on: {
    'search.type': [
      { guard: 'searchable', target: '.waiting', reenter: true, actions: 'keepText' },
      { target: '.idle', actions: ['keepText', 'clearSuggestions'] },
    ],
    'search.close': { target: '.idle', actions: 'clearSuggestions' },
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
        onDone: { target: 'showing', actions: 'keepSuggestions' },
        onError: { target: 'idle', actions: 'clearSuggestions' },
      },
    },
    showing: {},
  },
});
