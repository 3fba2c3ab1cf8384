import type { UploadResponse } from '@contract/wire/learning';
import { fromPromise } from 'xstate';
import type { ApiClient } from './client';
import { uploadFile } from './learning';

/**
 * `uploadFile` as the `upload` actor of the upload machine: the machine's state aborts it, and
 * `onProgress` hands the share sent back to the machine.
 */
export function uploadActor(api: ApiClient, onProgress: (share: number) => void) {
  return fromPromise<UploadResponse, { file: Blob; name: string }>(({ input, signal }) =>
    uploadFile(api, input.file, input.name, { signal, onProgress }),
  );
}
