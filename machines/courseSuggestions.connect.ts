import type { CourseCard } from '@contract/wire/courses';
import type { SnapshotFrom } from 'xstate';
import type { CourseSuggestionsEvent, courseSuggestionsMachine } from './courseSuggestions.machine';

/** Spec section 9: suggestion titles are cut at 30 characters. */
export const SUGGESTION_TITLE_LENGTH = 30;
/** How many suggestions the list shows at most. */
export const SUGGESTIONS_SHOWN = 8;

/** A title cut at 30 characters (not code units, so Arabic and emoji are not split), with '…'. */
export function cutTitle(title: string): string {
  const characters = [...title];
  return characters.length > SUGGESTION_TITLE_LENGTH
    ? `${characters.slice(0, SUGGESTION_TITLE_LENGTH).join('').trimEnd()}…`
    : title;
}

export interface SuggestionOption {
  id: number;
  /** The whole title in the current language: the course page is opened with it. */
  title: string;
  /** The title as listed, cut at 30 characters. */
  label: string;
}

export type SuggestionsStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface CourseSuggestionsView {
  /** The text field shows; otherwise only the button that expands it. */
  expanded: boolean;
  text: string;
  /** `loading` from the first pause in typing until the answer; `failed` shows nothing either. */
  status: SuggestionsStatus;
  /** Whether the list of suggestions shows. */
  listOpen: boolean;
  options: SuggestionOption[];
  type(text: string): void;
  /** Escape, a click elsewhere, focus leaving the box. */
  close(): void;
  /** Enter with no option highlighted: the results for the text. */
  submit(): void;
  choose(option: SuggestionOption): void;
  expand(): void;
}

export interface CourseSuggestionsConnectOptions {
  /** A course's title in the current language. */
  titleOf(course: CourseCard): string;
}

function statusOf(snapshot: SnapshotFrom<typeof courseSuggestionsMachine>): SuggestionsStatus {
  if (snapshot.matches('waiting') || snapshot.matches('searching')) return 'loading';
  if (snapshot.matches('showing')) return 'ready';
  return snapshot.context.failed ? 'failed' : 'idle';
}

/** The header search box's view model. */
export function connectCourseSuggestions(
  snapshot: SnapshotFrom<typeof courseSuggestionsMachine>,
  send: (event: CourseSuggestionsEvent) => void,
  { titleOf }: CourseSuggestionsConnectOptions,
): CourseSuggestionsView {
  const { context } = snapshot;
  const status = statusOf(snapshot);
  const options =
    status === 'ready'
      ? context.suggestions.slice(0, SUGGESTIONS_SHOWN).map((course) => {
          const title = titleOf(course);
          return { id: course.id, title, label: cutTitle(title) };
        })
      : [];
  return {
    expanded: context.expanded,
    text: context.text,
    status,
    listOpen: options.length > 0,
    options,
    type: (text) => send({ type: 'search.type', text }),
    close: () => send({ type: 'search.close' }),
    submit: () => send({ type: 'search.submit' }),
    choose: (option) => send({ type: 'suggestion.pick', id: option.id, title: option.title }),
    expand: () => send({ type: 'search.expand' }),
  };
}
