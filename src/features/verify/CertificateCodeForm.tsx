import { useLingui } from '@lingui/react/macro';
import { connectCertificateCodeForm } from '@machines/certificateCodeForm.connect';
import { certificateCodeFormMachine } from '@machines/certificateCodeForm.machine';
import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { paths } from '@/routing/paths';
import { Form, focusFirstInvalid, SubmitButton, TextField } from '@/ui/forms';
import '@/features/verify/known-messages';

/** The "Certificate code" form: opens `/verify/{code}` for a readable code, refuses others at the field. */
export function CertificateCodeForm({ text }: { text?: string }) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [machine] = useState(() =>
    certificateCodeFormMachine.provide({
      actions: { open: (_, { code }) => navigate(paths.verifyCertificate(code)) },
    }),
  );
  const [state, send] = useMachine(machine, { input: { text } });
  const view = connectCertificateCodeForm(state, send);
  return (
    <Form
      ref={form}
      onSubmit={() => {
        view.submit();
        focusFirstInvalid(form.current);
      }}
      className="flex flex-col gap-4"
    >
      <TextField
        label={t`Certificate code`}
        name="certificate-code"
        dir="ltr"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="KFU-XXXX-XXXX-XXXX-XXXX"
        value={view.text}
        error={view.error}
        onChange={(event) => view.type(event.target.value)}
      />
      <div className="sm:w-56">
        <SubmitButton>{t`Check the certificate`}</SubmitButton>
      </div>
    </Form>
  );
}
