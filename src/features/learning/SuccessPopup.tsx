import { useLingui } from '@lingui/react/macro';
import { button } from '@/ui/button';
import { Modal } from '@/ui/Modal';

/**
 * The spec's success popup (section 2): confirms a submission (an assignment, a quiz, a survey)
 * with its sentence; OK closes it.
 */
export function SuccessPopup({
  title,
  message,
  onClose,
}: {
  title: string;
  message: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal title={title} onClose={onClose}>
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="grid size-12 shrink-0 place-items-center rounded-full bg-emerald-100"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-7 text-emerald-700"
            fill="none"
            stroke="currentColor"
            strokeWidth={2.5}
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <p className="text-slate-700">{message}</p>
      </div>
      <div className="mt-6 flex justify-end">
        <button type="button" onClick={onClose} className={button()}>
          {t`OK`}
        </button>
      </div>
    </Modal>
  );
}
