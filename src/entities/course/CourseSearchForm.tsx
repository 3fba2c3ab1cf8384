import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { SearchIcon } from '@/ui/icons';

/** A course search box with its button; `text` follows the page's current search. */
export function CourseSearchForm({
  text: current = '',
  onSearch,
  className = '',
}: {
  text?: string;
  onSearch: (text: string) => void;
  className?: string;
}) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState(current);
  useEffect(() => {
    setText(current);
  }, [current]);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <search className={className}>
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {t`Find a course`}
        </label>
        <input
          id={id}
          type="search"
          dir="auto"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t`Find a course`}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-4 py-2.5"
        />
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          <SearchIcon className="size-5" />
          {t`Search`}
        </button>
      </form>
    </search>
  );
}
