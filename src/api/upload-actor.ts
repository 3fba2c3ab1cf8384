import type { UploadResponse } from '@contract/wire/learning';
import { fromPromise } from 'xstate';
import { abandonResumableUpload, type Bearer, type ResumableCallbacks, resumableUpload } from './resumable';

/**
 * `resumableUpload` as the `upload` actor of the upload machine: leaving the machine's sending state
 * stops the requests (what the server has stays, for Resume), and the callbacks hand the progress,
 * the upload's address and a lost connection back to the machine.
 */
export function uploadActor(bearer: Bearer, callbacks: Omit<ResumableCallbacks, 'signal'>) {
  return fromPromise<UploadResponse, { file: Blob; name: string }>(({ input, signal }) =>
    resumableUpload(bearer, input.file, input.name, { ...callbacks, signal }),
  );
}

/**
 * The upload machine's `upload` actor and `abandonUpload` action for the app: `send` reaches the
 * machine (set once it runs) with the progress, the upload's address and a lost connection.
 */
export function resumableUploadParts(
  bearer: Bearer,
  send: () => (
    event:
      | { type: 'upload.progress'; share: number }
      | { type: 'upload.address'; address: string }
      | { type: 'upload.stalled' },
  ) => void,
) {
  return {
    upload: uploadActor(bearer, {
      onProgress: (share) => send()({ type: 'upload.progress', share }),
      onAddress: (address) => send()({ type: 'upload.address', address }),
      onStalled: () => send()({ type: 'upload.stalled' }),
    }),
    abandonUpload: (_: unknown, { address }: { address: string | null }) => {
      if (address) void abandonResumableUpload(bearer, address);
    },
  };
}
