import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useLingui } from '@lingui/react/macro';
import { connectCourseSuggestions, type SuggestionOption } from '@machines/courseSuggestions.connect';
import { courseSuggestionsMachine } from '@machines/courseSuggestions.machine';
import { useMachine } from '@xstate/react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { CATALOGUE_PAGE_SIZE, searchCourses } from '@/api/courses';
import { api } from '@/api/http';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { SearchIcon } from '@/ui/icons';

/**
 * The option standing for the text itself. Headless UI's combobox makes its first option active as
 * soon as the list opens; this hidden one comes first, so no suggestion is highlighted until the
 * arrow keys or the pointer reach it, and Enter then searches for the text.
 */
const TYPED_TEXT = 'typed-text';
type Choice = SuggestionOption | typeof TYPED_TEXT;

/**
 * Header course search (spec section 2), drawn from the suggestions machine's view model: the
 * machine decides when the box is expanded, what the text is, which suggestions show and where Enter
 * or a pick leads; Headless UI's combobox gives the keyboard, pointer and ARIA behaviour. `alwaysOpen`:
 * the side menu's box, which never collapses.
 */
export function SearchBox({ alwaysOpen = false }: { alwaysOpen?: boolean }) {
  const { t } = useLingui();
  const [location, navigate] = useLocation();
  const language = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const go = useRef(navigate);
  go.current = navigate;
  const [machine] = useState(() =>
    courseSuggestionsMachine.provide({
      actors: {
        search: fromPromise(async ({ input: query }) => {
          const page = await searchCourses(api, { page: 1, limit: CATALOGUE_PAGE_SIZE, search: query.text });
          return page.results;
        }),
      },
      actions: {
        // The field shows on the next render.
        focusInput: () => requestAnimationFrame(() => input.current?.focus()),
        openResults: (_, { search }) => go.current(paths.searchResults({ search })),
        openCourse: (_, { id, title }) => go.current(paths.courseDetails(id, { title })),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: { atHome: location === paths.home(), pinned: alwaysOpen },
  });
  const view = useMemo(
    () => connectCourseSuggestions(snapshot, send, { titleOf: (course) => pick(course, 'title', language) }),
    [snapshot, send, language],
  );

  useEffect(() => {
    send({ type: 'route.changed', atHome: location === paths.home() });
  }, [location, send]);

  if (!view.expanded) {
    return (
      <button
        type="button"
        onClick={view.expand}
        className="rounded-lg p-2 text-slate-700 hover:bg-brand-50 hover:text-brand-800"
      >
        <SearchIcon className="size-5" />
        <span className="sr-only">{t`Search courses`}</span>
      </button>
    );
  }

  return (
    <search className="relative w-full">
      <Combobox
        value={null}
        onChange={(choice: Choice | null) => {
          // The text itself is submitted on Enter (below); a Tab past it chooses nothing.
          if (choice && choice !== TYPED_TEXT) view.choose(choice);
        }}
        onClose={view.close}
      >
        {({ activeOption }) => (
          <>
            <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" />
            <ComboboxInput
              ref={input}
              type="search"
              aria-label={t`Search courses`}
              placeholder={t`Search courses`}
              autoComplete="off"
              enterKeyHint="search"
              value={view.text}
              displayValue={() => view.text}
              onChange={(event) => view.type(event.target.value)}
              onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
                // Enter on a highlighted suggestion is the combobox's pick (onChange); otherwise it submits.
                const suggestion = activeOption !== null && activeOption !== TYPED_TEXT;
                if (event.key === 'Enter' && !suggestion && !event.nativeEvent.isComposing) view.submit();
              }}
              className="w-full rounded-full border border-slate-300 bg-white py-2 ps-10 pe-4 text-sm placeholder:text-slate-500 focus:border-brand-600"
            />
            {/* Not modal: the page stays scrollable and usable while suggestions show. */}
            <ComboboxOptions
              modal={false}
              aria-label={t`Suggested courses`}
              aria-busy={view.status === 'loading'}
              className={`${view.listOpen ? '' : 'hidden'} absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-xl`}
            >
              <ComboboxOption value={TYPED_TEXT} className="hidden">
                {view.text}
              </ComboboxOption>
              {view.options.map((option) => (
                <ComboboxOption
                  key={option.id}
                  value={option}
                  className="flex cursor-pointer items-center justify-between gap-3 px-4 py-2 text-sm hover:bg-slate-50 data-focus:bg-brand-50"
                >
                  <span className="truncate font-medium text-slate-900">{option.label}</span>
                  <span className="shrink-0 text-xs text-slate-500">{t`Course`}</span>
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          </>
        )}
      </Combobox>
    </search>
  );
}
