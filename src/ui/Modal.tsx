import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons';
import { ModalToaster } from './Toaster';

/**
 * A centred modal dialog: focus is trapped, Escape and the backdrop close it (unless `onClose` is
 * absent), and the page behind does not scroll.
 */
export function Modal({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: ReactNode;
  /** Absent: the dialog cannot be dismissed. */
  onClose?: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Dialog open onClose={() => onClose?.()} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel
            className={`relative w-full ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-2xl bg-white p-6 shadow-2xl sm:p-8`}
          >
            <div className="mb-6 flex items-start justify-between gap-4">
              <DialogTitle className="text-2xl font-bold text-slate-900">{title}</DialogTitle>
              {onClose && (
                <button
                  type="button"
                  onClick={onClose}
                  className="-me-2 -mt-1 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
                >
                  <CloseIcon className="size-5" />
                  <span className="sr-only">{t`Close`}</span>
                </button>
              )}
            </div>
            {children}
          </DialogPanel>
        </div>
      </div>
      <ModalToaster />
    </Dialog>
  );
}
