import { type Profile, STOCK_AVATAR } from '@contract/wire/profile';
import { Trans, useLingui } from '@lingui/react/macro';
import { connectProfilePhoto } from '@machines/profilePhoto.connect';
import { profilePhotoMachine } from '@machines/profilePhoto.machine';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { removePhoto, uploadPhoto } from '@/api/profile';
import { showToast } from '@/stores/toasts';
import { AlertBox } from '@/ui/forms';

const ACCEPTED = 'image/jpeg,image/png,image/webp';

/** The photo with its preview: choose, upload or drop the choice, remove (the stock avatar returns). */
export function PhotoCard({
  profile,
  onChanged,
}: {
  profile: Profile;
  onChanged: (profile: Profile) => void;
}) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const latest = useRef(onChanged);
  latest.current = onChanged;
  const [machine] = useState(() =>
    profilePhotoMachine.provide({
      actors: {
        uploadPhoto: fromPromise(({ input: file }) => uploadPhoto(api, file)),
        removePhoto: fromPromise(() => removePhoto(api)),
      },
      actions: {
        photoChanged: (_, { profile: changed }) => latest.current(changed),
        announceUploaded: () => showToast(t`File has been uploaded successfully`),
        announceRemoved: () => showToast(t`Your photo has been removed`),
        announceUploadFailed: () => showToast(t`Error uploading file`, 'error'),
      },
    }),
  );
  const [state, send] = useMachine(machine);
  const view = connectProfilePhoto(state, send, { image: profile.image, stock: STOCK_AVATAR });

  // A preview's object URL is let go once it is no longer shown.
  const preview = state.context.chosen?.preview;
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const button =
    'rounded-lg px-4 py-2.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';
  return (
    <section
      aria-label={t`Photo`}
      className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
    >
      <img
        src={view.shown}
        alt={view.previewing ? t`Preview of your new photo` : t`Your photo`}
        width={160}
        height={160}
        className="size-40 rounded-full bg-brand-50 object-cover ring-4 ring-brand-50"
      />
      <p dir="auto" className="text-lg font-bold text-slate-900">
        {profile.full_name}
      </p>
      <div className="w-full text-start">
        <AlertBox message={view.alert} />
      </div>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) view.choose(file, URL.createObjectURL(file));
        }}
      />
      {view.previewing ? (
        <div className="flex w-full flex-col gap-2">
          <button
            type="button"
            onClick={view.upload}
            disabled={view.busy}
            aria-busy={view.busy || undefined}
            className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
          >
            <Trans>Upload photo</Trans>
          </button>
          <button
            type="button"
            onClick={view.cancel}
            disabled={view.busy}
            className={`${button} border border-slate-300 text-slate-700 hover:bg-slate-50`}
          >
            <Trans>Cancel</Trans>
          </button>
        </div>
      ) : (
        <div className="flex w-full flex-col gap-2">
          <button
            type="button"
            onClick={() => input.current?.click()}
            disabled={view.busy}
            aria-describedby={hintId}
            className={`${button} border border-brand-700 text-brand-800 hover:bg-brand-50`}
          >
            <Trans>Choose a photo</Trans>
          </button>
          {view.canRemove && (
            <button
              type="button"
              onClick={view.remove}
              disabled={view.busy}
              className={`${button} text-red-700 hover:bg-red-50`}
            >
              <Trans>Remove photo</Trans>
            </button>
          )}
        </div>
      )}
      <p id={hintId} className="text-xs text-slate-600">
        <Trans>JPEG, PNG or WebP, at most 2 MB.</Trans>
      </p>
    </section>
  );
}
