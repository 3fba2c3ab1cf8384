import { createStore } from '@xstate/store';

/** Spec section 8: toasts appear at bottom centre for 4000 ms. */
export const TOAST_DURATION_MS = 4000;

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

let nextId = 1;

export const toastStore = createStore({
  context: {
    toasts: [] as Toast[],
    /**
     * Modal dialogs open now. A modal makes the rest of the page inert and hidden from assistive
     * technology, so while one is open the toasts are drawn inside it instead, where they are heard.
     */
    modals: 0,
  },
  on: {
    modalOpened: (context) => ({ ...context, modals: context.modals + 1 }),
    modalClosed: (context) => ({ ...context, modals: Math.max(0, context.modals - 1) }),
    show: (context, event: { text: string; tone: ToastTone }, enq) => {
      const id = nextId++;
      enq.effect(() => {
        setTimeout(() => toastStore.trigger.dismiss({ id }), TOAST_DURATION_MS);
      });
      return { ...context, toasts: [...context.toasts, { id, text: event.text, tone: event.tone }] };
    },
    dismiss: (context, event: { id: number }) => ({
      ...context,
      toasts: context.toasts.filter((toast) => toast.id !== event.id),
    }),
  },
});

/** `text` is already translated. */
export function showToast(text: string, tone: ToastTone = 'success'): void {
  toastStore.trigger.show({ text, tone });
}
