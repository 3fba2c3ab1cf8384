import { checkCertificateCode, type VerificationValidationMessage } from '@contract/forms/verification';
import { assertEvent, assign, setup } from 'xstate';

export interface CertificateCodeFormInput {
  /** What the field starts with: the code being shown, so a mistyped one can be corrected. */
  text?: string;
}

export interface CertificateCodeFormContext {
  text: string;
  /** Why the last submit was refused (an English sentence the view translates), or null. */
  error: VerificationValidationMessage | null;
}

export type CertificateCodeFormEvent = { type: 'code.type'; text: string } | { type: 'code.submit' };

/**
 * The "Certificate code" form of /verify. The code is read as people type it (lower case, any
 * spacing, Arabic-Indic digits: `readCertificateCode`); a text that cannot be a code is refused at
 * the field, keeping what was typed, until it changes. A readable one opens the code's page
 * (`open`, provided by the view) in the canonical spelling.
 */
export const certificateCodeFormMachine = setup({
  types: {
    context: {} as CertificateCodeFormContext,
    events: {} as CertificateCodeFormEvent,
    input: {} as CertificateCodeFormInput | undefined,
  },
  actions: {
    /** Goes to `/verify/{code}`. */
    open: (_, _params: { code: string }) => {},
    keepText: assign(({ event }) => {
      assertEvent(event, 'code.type');
      return { text: event.text, error: null };
    }),
    refuse: assign((_, params: { error: VerificationValidationMessage | null }) => ({ error: params.error })),
  },
  guards: {
    readable: ({ context }) => 'code' in checkCertificateCode(context.text),
  },
}).createMachine({
  id: 'certificateCodeForm',
  context: ({ input }) => ({ text: input?.text ?? '', error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'code.type': { actions: 'keepText' },
        'code.submit': [
          {
            guard: 'readable',
            actions: {
              type: 'open',
              params: ({ context }) => {
                const checked = checkCertificateCode(context.text);
                return { code: 'code' in checked ? checked.code : context.text };
              },
            },
          },
          {
            target: 'refused',
            actions: {
              type: 'refuse',
              params: ({ context }) => {
                const checked = checkCertificateCode(context.text);
                return { error: 'error' in checked ? checked.error : null };
              },
            },
          },
        ],
      },
    },
    /** The field says what is wrong, until the text changes. */
    refused: {
      on: {
        'code.type': { target: 'editing', actions: 'keepText' },
      },
    },
  },
});
