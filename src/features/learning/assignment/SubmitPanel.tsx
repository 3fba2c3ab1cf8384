import { UPLOAD_MAX_BYTES, UPLOAD_MAX_VIDEO_BYTES } from '@contract/wire/learning';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HandInView } from '@machines/upload.connect';
import { useId, useRef } from 'react';
import { translateMessage } from '@/i18n/api-messages';
import { acceptedTypes, formatFileSize, formatPercent } from '@/i18n/files';
import { useLanguage } from '@/i18n/useLanguage';
import { ChosenFileRow, HiddenFileInput } from '@/ui/FileChoice';
import { AlertBox } from '@/ui/forms';
import { UploadProgress } from '@/ui/UploadProgress';

const button =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/** One file: chosen and checked, uploaded with its progress (Cancel), then submitted. */
export function SubmitPanel({ view }: { view: HandInView }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const types = acceptedTypes(language);
  const limit = formatFileSize(UPLOAD_MAX_BYTES, i18n);
  const videoLimit = formatFileSize(UPLOAD_MAX_VIDEO_BYTES, i18n);
  const percent = formatPercent(view.progress, language);
  const describedBy = [`${id}-hint`, view.problem ? `${id}-problem` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-4 border-t border-slate-200 pt-4">
      <div className="flex flex-col gap-1.5">
        <p id={`${id}-label`} className="text-sm font-semibold text-slate-800">
          <Trans>Your file</Trans>
        </p>
        <HiddenFileInput ref={input} onChoose={(file) => view.choose(file, file.name)} />
        <div>
          <button
            type="button"
            onClick={() => input.current?.click()}
            disabled={!view.canChoose}
            aria-labelledby={`${id}-label ${id}-choose`}
            aria-describedby={describedBy}
            className={`${button} border border-brand-700 text-brand-800 hover:bg-brand-50`}
          >
            <span id={`${id}-choose`}>
              {view.chosen ? <Trans>Choose another file</Trans> : <Trans>Choose a file</Trans>}
            </span>
          </button>
        </div>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t`One file. Accepted types: ${types}. At most ${limit}, a video at most ${videoLimit}.`}
        </p>
      </div>

      {view.chosen && (
        <ChosenFileRow
          label={<Trans>Chosen file:</Trans>}
          name={view.chosen.name}
          size={formatFileSize(view.chosen.size, i18n)}
          problem={view.problem ? translateMessage(view.problem, i18n) : null}
          problemId={`${id}-problem`}
        />
      )}

      {/* Space kept for the progress so the buttons do not move when the upload starts. */}
      <div className="min-h-12" aria-live="polite">
        {(view.step === 'uploading' || view.step === 'submitting') && (
          <UploadProgress
            id={id}
            label={
              view.step === 'submitting' ? (
                <Trans>Submitting…</Trans>
              ) : view.paused ? (
                <Trans>Upload paused</Trans>
              ) : view.stalled ? (
                <Trans>Connection lost. The upload goes on once it is back…</Trans>
              ) : (
                <Trans>Uploading…</Trans>
              )
            }
            percent={view.percent}
            percentText={percent}
          />
        )}
      </div>

      <AlertBox message={view.alert} />

      <div className="flex flex-wrap justify-end gap-2">
        {view.step === 'uploading' ? (
          <>
            <button
              type="button"
              onClick={view.paused ? view.resume : view.pause}
              className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50`}
            >
              {view.paused ? <Trans>Resume upload</Trans> : <Trans>Pause upload</Trans>}
            </button>
            <button
              type="button"
              onClick={view.cancel}
              className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50`}
            >
              <Trans>Cancel upload</Trans>
            </button>
          </>
        ) : view.step === 'failed' && view.canRetry ? (
          <button
            type="button"
            onClick={view.retry}
            className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
          >
            <Trans>Try again</Trans>
          </button>
        ) : (
          <button
            type="button"
            onClick={view.upload}
            disabled={!view.canUpload}
            aria-busy={view.busy || undefined}
            className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
          >
            {view.busy && (
              <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
            )}
            <Trans>Submit assignment</Trans>
          </button>
        )}
      </div>
    </div>
  );
}
