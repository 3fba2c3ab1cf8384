import { useSelector } from '@xstate/store/react';
import { toastStore } from '@/stores/toasts';

const toneClass = {
  success: 'bg-brand-800 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-slate-800 text-white',
} as const;

/** Toasts at bottom centre (spec section 8), announced to screen readers. */
export function Toaster() {
  const toasts = useSelector(toastStore, (state) => state.context.toasts);
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
