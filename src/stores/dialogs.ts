import { createStore } from '@xstate/store';
import { useSelector } from '@xstate/store/react';

/** The modal dialogs of spec section 2 that the shell can open; at most one is open at a time. */
export type DialogName =
  | 'login'
  | 'registration'
  | 'forgotPassword'
  | 'otp'
  | 'resetPassword'
  | 'registrationSuccess'
  | 'trainerRegistration'
  | 'trainerLogin'
  | 'trainerForgotPassword'
  | 'trainerOtp';

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
