import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { SearchIcon } from '@/ui/icons';

export function searchResultPath(text: string): string {
  return `/search-result?search=${encodeURIComponent(text.trim())}`;
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

  useEffect(() => {
    if (!onHome) setText('');
    setExpanded(alwaysOpen || onHome);
  }, [onHome, alwaysOpen]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) navigate(searchResultPath(text));
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
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t`Search courses`}
          autoComplete="off"
          className="w-full rounded-full border border-slate-300 bg-white py-2 ps-10 pe-4 text-sm placeholder:text-slate-500 focus:border-brand-600"
        />
      </form>
    </search>
  );
}
