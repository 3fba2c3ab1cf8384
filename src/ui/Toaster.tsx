import { useSelector } from '@xstate/store/react';
import { useEffect } from 'react';
import { type Toast, toastStore } from '@/stores/toasts';

const toneClass = {
  success: 'bg-brand-800 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-slate-800 text-white',
} as const;

const NONE: readonly Toast[] = [];

/**
 * Toasts at bottom centre (spec section 8), announced to screen readers. The page's toaster stays
 * mounted (a live region must exist before what it announces) and is empty while a modal is open;
 * the modal draws its own (`inModal`), inside the part of the page that is not inert.
 */
export function Toaster({ inModal = false }: { inModal?: boolean }) {
  const toasts = useSelector(toastStore, (state) =>
    inModal || state.context.modals === 0 ? state.context.toasts : NONE,
  );
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-6 z-[60] flex flex-col items-center gap-2 px-4"
    >
      {toasts.map((toast) => (
        <output
          key={toast.id}
          data-toast={toast.tone}
          className={`pointer-events-auto rounded-xl px-5 py-3 text-sm font-semibold shadow-lg ${toneClass[toast.tone]}`}
        >
          {toast.text}
        </output>
      ))}
    </div>
  );
}

/**
 * The toaster of an open modal dialog: put inside the dialog, it takes the toasts over from the
 * page's toaster, which the dialog makes inert, until the dialog closes.
 */
export function ModalToaster() {
  useEffect(() => {
    toastStore.trigger.modalOpened();
    return () => toastStore.trigger.modalClosed();
  }, []);
  return <Toaster inModal />;
}
