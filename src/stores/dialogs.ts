import { createStore } from '@xstate/store';
import { useSelector } from '@xstate/store/react';

/**
 * The identity dialogs of spec section 2 that can be opened directly; at most one is open at a time.
 * OTP, reset-password and success dialogs are later steps of the registration and reset flows.
 */
export type DialogName =
  | 'login'
  | 'registration'
  | 'forgotPassword'
  | 'trainerLogin'
  | 'trainerRegistration'
  | 'trainerForgotPassword';

export const dialogStore = createStore({
  context: { open: null as DialogName | null },
  on: {
    open: (_, event: { name: DialogName }) => ({ open: event.name }),
    close: () => ({ open: null }),
  },
});

export function openDialog(name: DialogName): void {
  dialogStore.trigger.open({ name });
}

export function closeDialog(): void {
  dialogStore.trigger.close();
}

export function useOpenDialog(): DialogName | null {
  return useSelector(dialogStore, (state) => state.context.open);
}
