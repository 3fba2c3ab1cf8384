import { type FileLink, UPLOAD_MAX_BYTES, UPLOAD_MAX_VIDEO_BYTES } from '@contract/wire/learning';
import { Trans, useLingui } from '@lingui/react/macro';
import { connectFormFile, type FilePreview, type FormFileView } from '@machines/upload.connect';
import { type UploadEvent, uploadMachine } from '@machines/upload.machine';
import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { resumableUploadParts } from '@/api/upload-actor';
import { translateMessage } from '@/i18n/api-messages';
import { acceptedTypes, formatFileSize, formatPercent } from '@/i18n/files';
import { useLanguage } from '@/i18n/useLanguage';
import { sessionBearer } from '@/session/bearer';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { ChosenFileRow, HiddenFileInput } from '@/ui/FileChoice';
import { UploadProgress } from '@/ui/UploadProgress';

/** An object URL for a local file while it is shown, revoked afterwards. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** Whether this browser plays a video of this media type (else the video shows as a file card). */
function playable(type: string | null): boolean {
  if (!type || typeof document === 'undefined') return false;
  return document.createElement('video').canPlayType(type) !== '';
}

function FileCard({ preview, children }: { preview: FilePreview; children?: ReactNode }) {
  const { i18n } = useLingui();
  const size = formatFileSize(preview.size, i18n);
  const type = preview.extension.toUpperCase();
  return (
    <div
      data-file-card
      className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2.5"
    >
      <span
        aria-hidden="true"
        className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-[0.65rem] font-bold uppercase text-brand-800"
      >
        {type.slice(0, 4)}
      </span>
      <span className="flex min-w-0 flex-col">
        {children ?? (
          <span dir="auto" className="truncate font-semibold text-slate-900">
            {preview.name}
          </span>
        )}
        <span className="text-xs text-slate-600">
          <Trans>
            {type} file, {size}
          </Trans>
        </span>
      </span>
    </div>
  );
}

/** The form's file: a picture, a video the browser plays, or a file card (name, type and size). */
function Preview({ preview }: { preview: FilePreview }) {
  const { t } = useLingui();
  const local = useObjectUrl(preview.blob);
  const source = local ?? preview.url;
  if (preview.kind === 'image' && source) {
    return (
      <figure className="flex flex-col gap-2">
        <img
          src={source}
          alt={t`Preview of ${preview.name}`}
          className="max-h-64 w-full rounded-lg border border-slate-200 bg-slate-50 object-contain"
        />
        <FileCard preview={preview} />
      </figure>
    );
  }
  if (preview.kind === 'video' && source && playable(preview.videoType)) {
    return (
      <figure className="flex flex-col gap-2">
        {/* biome-ignore lint/a11y/useMediaCaption: a preview of the trainer's own upload, before captions exist */}
        <video
          src={source}
          controls
          preload="metadata"
          aria-label={t`Preview of ${preview.name}`}
          className="aspect-video w-full rounded-lg bg-slate-900"
        />
        <FileCard preview={preview} />
      </figure>
    );
  }
  return (
    <FileCard preview={preview}>
      {preview.url ? (
        <a
          href={preview.url}
          download={preview.name}
          dir="auto"
          className="truncate font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          {preview.name}
        </a>
      ) : undefined}
    </FileCard>
  );
}

/**
 * The upload widget (spec section 2): one file, of the types of spec section 5 and at most 25 MB
 * (checked before sending), uploaded at once with its progress and Cancel; the spec's toasts; a
 * preview of pictures and videos, a card for documents; in edit mode the stored file with Replace
 * and Remove. The form learns the file's address through `onChange`, and that an upload is under
 * way through `onBusyChange`.
 */
export function UploadWidget({
  label,
  existing,
  error,
  onChange,
  onBusyChange,
}: {
  label: ReactNode;
  existing: { address: string; link: FileLink } | null;
  /** The form's message for the file (English; translated here). */
  error?: string | undefined;
  onChange: (address: string | null) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useLingui();
  const changed = useRef(onChange);
  changed.current = onChange;
  const busyChanged = useRef(onBusyChange);
  busyChanged.current = onBusyChange;
  const sendRef = useRef<(event: UploadEvent) => void>(() => {});
  const [machine] = useState(() => {
    const parts = resumableUploadParts(sessionBearer, () => sendRef.current);
    return uploadMachine.provide({
      actors: {
        upload: parts.upload,
      },
      actions: {
        abandonUpload: parts.abandonUpload,
        fileChanged: (_, { address }) => changed.current(address),
        busyChanged: (_, { busy }) => busyChanged.current?.(busy),
        announceUploaded: () => showToast(t`File has been uploaded successfully`),
        announceUploadFailed: () => showToast(t`Error uploading file`, 'error'),
      },
    });
  });
  const [state, send] = useMachine(machine, { input: { mode: 'form', existing } });
  sendRef.current = send;
  return <UploadWidgetView view={connectFormFile(state, send)} label={label} error={error} />;
}

function UploadWidgetView({
  view,
  label,
  error,
}: {
  view: FormFileView;
  label: ReactNode;
  error: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const types = acceptedTypes(language);
  const limit = formatFileSize(UPLOAD_MAX_BYTES, i18n);
  const videoLimit = formatFileSize(UPLOAD_MAX_VIDEO_BYTES, i18n);
  const percent = formatPercent(view.progress, language);
  const problem = view.problem ?? null;
  const describedBy = [`${id}-hint`, problem ? `${id}-problem` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  const hasFile = view.preview !== null;
  return (
    <fieldset
      aria-describedby={describedBy}
      aria-invalid={error || problem ? true : undefined}
      className="flex min-w-0 flex-col gap-3"
    >
      <legend className="mb-1.5 text-sm font-semibold text-slate-800">{label}</legend>
      <HiddenFileInput ref={input} onChoose={(file) => view.choose(file, file.name)} />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {t`One file. Accepted types: ${types}. At most ${limit}, a video at most ${videoLimit}.`}
      </p>

      {view.preview && view.step !== 'uploading' && <Preview preview={view.preview} />}

      {view.chosen && view.step !== 'showing' && (
        <ChosenFileRow
          label={<Trans>Chosen file:</Trans>}
          name={view.chosen.name}
          size={formatFileSize(view.chosen.size, i18n)}
          problem={problem ? translateMessage(problem, i18n) : null}
          problemId={`${id}-problem`}
          alert={view.alert ? translateMessage(view.alert, i18n) : null}
        />
      )}

      {view.step === 'uploading' && (
        <UploadProgress
          id={id}
          label={
            view.paused ? (
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

      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {translateMessage(error, i18n)}
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        {view.step === 'uploading' ? (
          <>
            <button
              type="button"
              onClick={view.paused ? view.resume : view.pause}
              className={button('outline', 'sm')}
            >
              {view.paused ? <Trans>Resume upload</Trans> : <Trans>Pause upload</Trans>}
            </button>
            <button type="button" onClick={view.cancel} className={button('secondary', 'sm')}>
              <Trans>Cancel upload</Trans>
            </button>
          </>
        ) : (
          <>
            <button type="button" onClick={() => input.current?.click()} className={button('outline', 'sm')}>
              {hasFile ? <Trans>Replace file</Trans> : <Trans>Choose a file</Trans>}
            </button>
            {view.step === 'failed' && view.canRetry && (
              <button type="button" onClick={view.retry} className={button('secondary', 'sm')}>
                <Trans>Try again</Trans>
              </button>
            )}
            {(view.step === 'failed' || view.step === 'invalid') && (
              <button type="button" onClick={view.discard} className={button('secondary', 'sm')}>
                <Trans>Discard this file</Trans>
              </button>
            )}
            {view.step === 'showing' && (
              <button type="button" onClick={view.remove} className={button('secondary', 'sm')}>
                <Trans>Remove file</Trans>
              </button>
            )}
          </>
        )}
      </div>
    </fieldset>
  );
}
