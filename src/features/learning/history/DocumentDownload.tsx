import { useLingui } from '@lingui/react/macro';
import { downloadMachine } from '@machines/download.machine';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { button } from '@/ui/button';
import { AlertBox } from '@/ui/forms';
import { saveFile } from '@/ui/save-file';

/**
 * A button that downloads a document the server prints (download machine): one download at a time;
 * when the server cannot print now it says so with Try again; another failure says why.
 * `onSaved` runs after the file was handed to the browser.
 */
export function DocumentDownload({
  label,
  fetchFile,
  fileName,
  onSaved,
  disabled = false,
  describedBy,
}: {
  label: string;
  fetchFile: () => Promise<Blob>;
  /** The file's name; the server's own name is the same. */
  fileName: () => string;
  onSaved?: () => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const { t } = useLingui();
  const [machine] = useState(() =>
    downloadMachine.provide({
      actors: { fetchFile: fromPromise(() => fetchFile()) },
      actions: {
        saveFile: (_, { file }) => {
          saveFile(file, fileName());
          onSaved?.();
        },
      },
    }),
  );
  const [state, send] = useMachine(machine);
  const busy = state.matches('downloading');
  return (
    <div className="flex flex-col gap-3">
      <div>
        <button
          type="button"
          onClick={() => send({ type: 'download' })}
          disabled={disabled || busy}
          aria-describedby={describedBy}
          className={`${button('primary', 'lg')} min-h-11`}
        >
          {busy ? t`Preparing the PDF…` : label}
        </button>
      </div>
      {state.matches('unavailable') && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p>{t`The document cannot be printed now.`}</p>
          <button
            type="button"
            onClick={() => send({ type: 'download' })}
            className="rounded-lg border border-amber-800 px-3 py-1.5 font-semibold text-amber-900 hover:bg-amber-100"
          >
            {t`Try again`}
          </button>
        </div>
      )}
      <AlertBox message={state.context.alert} />
    </div>
  );
}
