import { CHAT_BODY_MAX } from '@contract/wire/chat';
import { useLingui } from '@lingui/react/macro';
import type { ThreadView } from '@machines/chat.view';
import { type KeyboardEvent, useId } from 'react';
import { SendIcon } from '@/features/messages/screen/icons';
import { translateMessage } from '@/i18n/api-messages';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';

/** The count shows once this few characters are left. */
const COUNT_FROM = CHAT_BODY_MAX - 500;

/** The message field: Enter sends, Shift+Enter starts a new line; it grows to a few lines. */
export function Composer({ thread }: { thread: ThreadView }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const id = useId();
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const { draft, draftError } = thread;
  const length = draft.trim().length;
  const showCount = length >= COUNT_FROM;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An input method composing a word (Arabic, Japanese …) uses Enter to confirm it.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229)
      return;
    event.preventDefault();
    thread.send();
  };

  return (
    <form
      className="flex items-end gap-2 px-3 pb-3"
      onSubmit={(event) => {
        event.preventDefault();
        thread.send();
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {t`Message`}
        </label>
        <textarea
          id={id}
          rows={1}
          dir="auto"
          value={draft}
          onChange={(event) => thread.setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t`Write a message…`}
          aria-invalid={draftError ? true : undefined}
          aria-describedby={
            [draftError ? errorId : null, showCount ? countId : null].filter(Boolean).join(' ') || undefined
          }
          className={`field-sizing-content block max-h-40 min-h-11 w-full resize-none rounded-2xl border bg-white px-4 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 ${
            draftError ? 'border-red-600' : 'border-slate-300'
          }`}
        />
        {(draftError || showCount) && (
          <div className="mt-1 flex items-start justify-between gap-3 px-2 text-sm">
            {draftError ? (
              <p id={errorId} className="text-red-700">
                {translateMessage(draftError, i18n)}
              </p>
            ) : (
              <span />
            )}
            {showCount && (
              <p
                id={countId}
                className={`shrink-0 ${length > CHAT_BODY_MAX ? 'font-semibold text-red-700' : 'text-slate-600'}`}
              >
                {t`${formatNumber(length, language)} of ${formatNumber(CHAT_BODY_MAX, language)} characters`}
              </p>
            )}
          </div>
        )}
      </div>
      <button
        type="submit"
        className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
      >
        <SendIcon className="size-5 rtl:-scale-x-100" />
        <span className="sr-only">{t`Send`}</span>
      </button>
    </form>
  );
}
