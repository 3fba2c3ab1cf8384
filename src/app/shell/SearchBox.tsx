import { useLingui } from '@lingui/react/macro';
import { connectCourseSuggestions } from '@machines/courseSuggestions.connect';
import { courseSuggestionsMachine } from '@machines/courseSuggestions.machine';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { CATALOGUE_PAGE_SIZE, searchCourses } from '@/api/courses';
import { api } from '@/api/http';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { SearchIcon } from '@/ui/icons';

// Headless UI's combobox loads when someone first reaches the box (focus, pointer): until then a
// plain search field that looks the same searches on Enter, and no suggestion shows. It stays
// mounted until the combobox is there, which takes its place (and the focus, if it had it).
type SearchComboboxView = typeof import('./SearchCombobox').default;

const fieldClass =
  'w-full rounded-full border border-slate-300 bg-white py-2 ps-10 pe-4 text-sm placeholder:text-slate-500 focus:border-brand-600';

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
  const [loaded, setLoaded] = useState<{ Combobox: SearchComboboxView; focus: boolean } | null>(null);
  const loading = useRef(false);
  const reach = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    import('./SearchCombobox').then(
      (module) => setLoaded({ Combobox: module.default, focus: document.activeElement === input.current }),
      // Offline for a moment: the plain field keeps working, and the next visit to it tries again.
      () => {
        loading.current = false;
      },
    );
  }, []);
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

  // The side menu's box is reached as it opens; the header's when someone goes to it.
  useEffect(() => {
    if (alwaysOpen) reach();
  }, [alwaysOpen, reach]);

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

  const plain = (
    <search className="relative w-full">
      <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" />
      <input
        ref={input}
        type="search"
        dir="auto"
        // The same control before and after the suggestions load: a combobox, closed until then.
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="list"
        aria-label={t`Search courses`}
        placeholder={t`Search courses`}
        autoComplete="off"
        enterKeyHint="search"
        value={view.text}
        onFocus={reach}
        onPointerEnter={reach}
        onChange={(event) => view.type(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) view.submit();
        }}
        className={fieldClass}
      />
    </search>
  );
  if (!loaded) return plain;
  return <loaded.Combobox view={view} input={input} focus={loaded.focus} />;
}
