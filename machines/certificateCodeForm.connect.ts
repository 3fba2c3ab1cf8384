import type { SnapshotFrom } from 'xstate';
import type { CertificateCodeFormEvent, certificateCodeFormMachine } from './certificateCodeForm.machine';

/** What the certificate code form shows, and what it can do. */
export interface CertificateCodeFormView {
  text: string;
  /** The field's message (English; the view translates it), or null. */
  error: string | null;
  type(text: string): void;
  submit(): void;
}

export function connectCertificateCodeForm(
  snapshot: SnapshotFrom<typeof certificateCodeFormMachine>,
  send: (event: CertificateCodeFormEvent) => void,
): CertificateCodeFormView {
  return {
    text: snapshot.context.text,
    error: snapshot.matches('refused') ? snapshot.context.error : null,
    type: (text) => send({ type: 'code.type', text }),
    submit: () => send({ type: 'code.submit' }),
  };
}
