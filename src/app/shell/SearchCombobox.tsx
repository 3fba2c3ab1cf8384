import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useLingui } from '@lingui/react/macro';
import type { CourseSuggestionsView, SuggestionOption } from '@machines/courseSuggestions.connect';
import { type KeyboardEvent, type RefObject, useEffect } from 'react';
import { SearchIcon } from '@/ui/icons';

/**
 * The option standing for the text itself. Headless UI's combobox makes its first option active as
 * soon as the list opens; this hidden one comes first, so no suggestion is highlighted until the
 * arrow keys or the pointer reach it, and Enter then searches for the text.
 */
const TYPED_TEXT = 'typed-text';
type Choice = SuggestionOption | typeof TYPED_TEXT;

/**
 * The expanded header search with suggestions: Headless UI's combobox gives the keyboard, pointer
 * and ARIA behaviour. Loaded when someone first reaches the box, so a visitor's first download does
 * not carry Headless UI; `focus`: the plain box it replaces had the focus.
 */
export default function SearchCombobox({
  view,
  input,
  focus,
}: {
  view: CourseSuggestionsView;
  input: RefObject<HTMLInputElement | null>;
  focus: boolean;
}) {
  const { t } = useLingui();
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus, input]);

  return (
    <search className="relative w-full">
      <Combobox
        value={null}
        onChange={(choice: Choice | null) => {
          // The text itself is submitted on Enter (below); a Tab past it chooses nothing.
          if (choice && choice !== TYPED_TEXT) view.choose(choice);
        }}
        onClose={view.close}
        // Taking over a focused plain field, it opens as the field would have on typing.
        immediate={focus}
      >
        {({ activeOption }) => (
          <>
            <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" />
            <ComboboxInput
              ref={input}
              type="search"
              dir="auto"
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
                  <span dir="auto" className="truncate font-medium text-slate-900">
                    {option.label}
                  </span>
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
