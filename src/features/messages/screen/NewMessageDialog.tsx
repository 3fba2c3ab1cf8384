import { useLingui } from '@lingui/react/macro';
import type { ChatView, ContactView } from '@machines/chat.view';
import { useEffect } from 'react';
import { initials, roleName } from '@/features/messages/screen/chat-text';
import { useLatest } from '@/features/messages/screen/use-latest';
import { translateMessage } from '@/i18n/api-messages';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { Failure } from '@/ui/Failure';
import { Modal } from '@/ui/Modal';
import { Placeholder } from '@/ui/ResourceView';

const ROW = 'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start';

function ContactRow({
  contact,
  onChoose,
  busy,
}: {
  contact: ContactView;
  onChoose: () => void;
  busy: boolean;
}) {
  const { i18n } = useLingui();
  const language = useLanguage();
  const { person } = contact;
  const courses = contact.courses
    .map((course) => pick(course, 'title', language))
    .join(language === 'ar' ? '، ' : ', ');
  return (
    <li>
      <button
        type="button"
        onClick={onChoose}
        disabled={busy}
        className={`${ROW} hover:bg-brand-50 disabled:opacity-60`}
      >
        {person.image ? (
          <img src={person.image} alt="" className="size-11 shrink-0 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800"
          >
            {initials(person.name)}
          </span>
        )}
        <span className="flex min-w-0 flex-1 flex-col">
          <span dir="auto" className="truncate font-semibold text-slate-900">
            {person.name}
            <span className="font-normal text-slate-600"> · {roleName(person.role, i18n)}</span>
          </span>
          <span className="truncate text-sm text-slate-600">{courses}</span>
        </span>
      </button>
    </li>
  );
}

/** "New message": the people the user may write to, with the courses they share; choosing one opens it. */
export function NewMessageDialog({
  view,
  onClose,
  onOpened,
}: {
  view: ChatView;
  onClose: () => void;
  /** The conversation with the chosen person is open (its id). */
  onOpened: (conversationId: number) => void;
}) {
  const { t, i18n } = useLingui();
  const latest = useLatest(view);

  // The people are read each time the dialog opens.
  useEffect(() => latest.current.loadContacts(), [latest]);

  // A conversation that exists opens at once; a new one opens once the machine has started it
  // (it then shows it, and the screen closes this dialog).
  const choose = (contact: ContactView) => {
    if (contact.conversationId !== null) onOpened(contact.conversationId);
    else view.start(contact.person.id);
  };

  return (
    <Modal title={t`New message`} onClose={onClose}>
      <div
        aria-busy={view.contactsStatus === 'loading' || view.starting}
        className="max-h-[60dvh] overflow-y-auto"
      >
        {(view.contactsStatus === 'loading' || view.contactsStatus === 'idle') && (
          <ul aria-hidden="true">
            {['a', 'b', 'c'].map((slot) => (
              <li key={slot} className={ROW}>
                <Placeholder className="size-11 shrink-0 rounded-full" />
                <span className="flex flex-1 flex-col gap-1.5">
                  <Placeholder className="h-5 w-1/2" />
                  <Placeholder className="h-4 w-3/4" />
                </span>
              </li>
            ))}
          </ul>
        )}
        {view.contactsStatus === 'failed' && (
          <Failure
            error={null}
            message={t`The people you can message could not be loaded.`}
            retry={view.loadContacts}
            className="px-3 text-slate-700"
          />
        )}
        {view.contactsStatus === 'ready' &&
          (view.contacts.length === 0 ? (
            <p className="px-3 text-slate-700">
              {t`No one to message yet: enrol in a course, or wait for trainees to enrol in yours.`}
            </p>
          ) : (
            <>
              <p className="mb-2 px-3 text-sm text-slate-600">{t`The trainers and trainees of your courses:`}</p>
              <ul>
                {view.contacts.map((contact) => (
                  <ContactRow
                    key={contact.person.id}
                    contact={contact}
                    busy={view.starting}
                    onChoose={() => choose(contact)}
                  />
                ))}
              </ul>
            </>
          ))}
      </div>
      {view.startError && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {translateMessage(view.startError, i18n)}
        </p>
      )}
    </Modal>
  );
}
