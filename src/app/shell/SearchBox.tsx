import { useLingui } from '@lingui/react/macro';
import { courseSuggestionsMachine } from '@machines/courseSuggestions.machine';
import { useMachine } from '@xstate/react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { CATALOGUE_PAGE_SIZE, searchCourses } from '@/api/courses';
import { api } from '@/api/http';
import type { CourseCard } from '@/contract/courses';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { SearchIcon } from '@/ui/icons';

/** Spec section 9: suggestion titles are cut at 30 characters. */
export const SUGGESTION_TITLE_LENGTH = 30;
/** How many suggestions the list shows at most. */
const SUGGESTIONS_SHOWN = 8;

export function cutTitle(title: string): string {
  const characters = [...title];
  return characters.length > SUGGESTION_TITLE_LENGTH
    ? `${characters.slice(0, SUGGESTION_TITLE_LENGTH).join('').trimEnd()}…`
    : title;
}

/**
 * Header course search. Expanded on home; on any other route it collapses and clears, and the
 * search button opens it again. Enter opens /search-result?search={text}.
 */
export function SearchBox({ alwaysOpen = false }: { alwaysOpen?: boolean }) {
  const { t } = useLingui();
  const [location, navigate] = useLocation();
  const onHome = location === '/';
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(alwaysOpen || onHome);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const language = useLanguage();
  const [machine] = useState(() =>
    courseSuggestionsMachine.provide({
      actors: {
        search: fromPromise(async ({ input: query }) => {
          const page = await searchCourses(api, { page: 1, limit: CATALOGUE_PAGE_SIZE, search: query.text });
          return page.results.slice(0, SUGGESTIONS_SHOWN);
        }),
      },
    }),
  );
  const [suggestionState, sendSuggestion] = useMachine(machine);
  const suggestions = suggestionState.matches('showing') ? suggestionState.context.suggestions : [];
  const [active, setActive] = useState(-1);
  const listId = `${id}-suggestions`;
  const open = suggestions.length > 0;

  useEffect(() => {
    if (!onHome) setText('');
    setExpanded(alwaysOpen || onHome);
    sendSuggestion({ type: 'search.close' });
  }, [onHome, alwaysOpen, sendSuggestion]);

  function type(value: string) {
    setText(value);
    setActive(-1);
    sendSuggestion({ type: 'search.type', text: value });
  }

  function choose(course: CourseCard) {
    sendSuggestion({ type: 'search.close' });
    navigate(paths.courseDetails(course.id, { title: pick(course, 'title', language) }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const picked = suggestions[active];
    if (picked) return choose(picked);
    sendSuggestion({ type: 'search.close' });
    if (text.trim()) navigate(paths.searchResults({ search: text }));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Cycles through the suggestions and back to the text itself (-1).
      const slots = suggestions.length + 1;
      setActive((current) => ((current + 1 + step + slots) % slots) - 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setActive(-1);
      sendSuggestion({ type: 'search.close' });
    }
  }

  if (!expanded) {
    return (
      <button
        type="button"
        onClick={() => {
          setExpanded(true);
          requestAnimationFrame(() => input.current?.focus());
        }}
        className="rounded-lg p-2 text-slate-700 hover:bg-brand-50 hover:text-brand-800"
      >
        <SearchIcon className="size-5" />
        <span className="sr-only">{t`Search courses`}</span>
      </button>
    );
  }

  return (
    <search className="relative w-full">
      <form onSubmit={submit}>
        <label htmlFor={id} className="sr-only">
          {t`Search courses`}
        </label>
        <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" />
        <input
          ref={input}
          id={id}
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 && open ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => sendSuggestion({ type: 'search.close' }), 150)}
          placeholder={t`Search courses`}
          autoComplete="off"
          className="w-full rounded-full border border-slate-300 bg-white py-2 ps-10 pe-4 text-sm placeholder:text-slate-500 focus:border-brand-600"
        />
      </form>
      <div
        id={listId}
        role="listbox"
        aria-label={t`Suggested courses`}
        className={`${open ? '' : 'hidden'} absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-xl`}
      >
        {suggestions.map((course, index) => (
          <div
            key={course.id}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(course)}
            onKeyDown={() => {}}
            className={`flex cursor-pointer items-center justify-between gap-3 px-4 py-2 text-sm ${
              index === active ? 'bg-brand-50' : 'hover:bg-slate-50'
            }`}
          >
            <span className="truncate font-medium text-slate-900">
              {cutTitle(pick(course, 'title', language))}
            </span>
            <span className="shrink-0 text-xs text-slate-500">{t`Course`}</span>
          </div>
        ))}
      </div>
    </search>
  );
}
