import { UPLOAD_FAILURE } from '@contract/messages/learning';
import { RESUMABLE_UPLOADS_PATH, type UploadResponse, uploadResponseSchema } from '@contract/wire/learning';
import { type DetailedError, type HttpRequest, Upload, type UploadOptions } from 'tus-js-client';
import { ApiError, httpError } from './errors';

/**
 * A file sent with the tus resumable-upload protocol to /api/v1/uploads/ (server/learning/resumable.ts):
 * in parts, each sent again from where the server got to after a failure, for several minutes of a
 * cut connection. The upload's address is kept in the browser (tus-js-client's URL storage, by the
 * file's name, size and date), so the same file chosen again after a pause, a failure or a reload
 * goes on from there. It ends with the stored file, as POST /upload/ answers.
 */

/**
 * Where uploads go and who sends them: the API's base address, the bearer token now, and the
 * session's one shared renewal (src/session/bearer.ts).
 */
export interface Bearer {
  baseURL: string;
  token(): string | null;
  renew(): Promise<void>;
}

/** Each part: one request, under a proxy's body limit (a cut part is taken up from what arrived). */
export const UPLOAD_CHUNK_BYTES = 16 * 1024 * 1024;

/** The waits before trying a failed part again: about five minutes in all, then the upload fails. */
export const UPLOAD_RETRY_DELAYS = [0, 1000, 2000, 4000, 8000, ...Array<number>(28).fill(10_000)];

export interface ResumableCallbacks {
  signal?: AbortSignal | undefined;
  /** The share of the file the server has, 0 to 1. */
  onProgress?: ((share: number) => void) | undefined;
  /** The upload's address, once the server has created it (or it was found again). */
  onAddress?: ((address: string) => void) | undefined;
  /** A request failed and the upload tries again (a cut connection, a busy server). */
  onStalled?: (() => void) | undefined;
  /** The waits before trying a failed request again; UPLOAD_RETRY_DELAYS unless given. */
  retryDelays?: number[] | undefined;
}

/** The options every request of an upload needs: the bearer token, renewed when it expired. */
function authorised(bearer: Bearer): Pick<UploadOptions, 'onBeforeRequest' | 'onShouldRetry'> & {
  renewal: () => Promise<void> | null;
} {
  let renewing: Promise<void> | null = null;
  return {
    renewal: () => renewing,
    async onBeforeRequest(request: HttpRequest) {
      if (renewing) await renewing.catch(() => {});
      const token = bearer.token();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onShouldRetry(error: DetailedError, attempt: number) {
      const status = error.originalResponse?.getStatus() ?? 0;
      if (status === 401) {
        // The access token expired during a long upload: renewed once, then the part is sent again.
        renewing = bearer.renew().finally(() => {
          renewing = null;
        });
        return attempt < 2;
      }
      return status === 0 || status >= 500 || status === 409 || status === 423;
    },
  };
}

/** The failure the app shows: the server's sentence, or the spec's 'Error uploading file'. */
function failureOf(error: Error | DetailedError): ApiError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return new ApiError(UPLOAD_FAILURE, 'network', 0);
  let body: unknown = response.getBody();
  try {
    body = JSON.parse(String(body));
  } catch {
    // Not the API's JSON: the status decides, with the fallback sentence.
  }
  return httpError(response.getStatus(), body, UPLOAD_FAILURE);
}

/** Sends `file` as `name`, resumably; stopping `signal` stops the requests (what was sent stays). */
export function resumableUpload(
  bearer: Bearer,
  file: Blob,
  name: string,
  callbacks: ResumableCallbacks = {},
): Promise<UploadResponse> {
  const { signal } = callbacks;
  return new Promise<UploadResponse>((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError(UPLOAD_FAILURE, 'network', 0));
    const { renewal: _renewal, ...auth } = authorised(bearer);
    const upload = new Upload(file, {
      endpoint: `${bearer.baseURL.replace(/\/$/, '')}${RESUMABLE_UPLOADS_PATH}`,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: callbacks.retryDelays ?? UPLOAD_RETRY_DELAYS,
      metadata: { filename: name },
      // The same file (name, size, date) continues its unfinished upload, by this browser.
      fingerprint: async () =>
        ['kfu-upload', name, file.size, (file as Partial<File>).lastModified ?? 0, file.type].join('/'),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      ...auth,
      onProgress(sent, total) {
        if (total > 0) callbacks.onProgress?.(sent / total);
      },
      onUploadUrlAvailable() {
        if (upload.url) callbacks.onAddress?.(upload.url);
      },
      onShouldRetry(error, attempt, options) {
        const again = auth.onShouldRetry?.(error, attempt, options) ?? false;
        if (again) callbacks.onStalled?.();
        return again;
      },
      onSuccess({ lastResponse }) {
        let body: unknown;
        try {
          body = JSON.parse(lastResponse.getBody());
        } catch {
          body = undefined;
        }
        const parsed = uploadResponseSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(UPLOAD_FAILURE, 'contract', lastResponse.getStatus(), body));
      },
      onError: (error) => reject(failureOf(error)),
    });
    signal?.addEventListener(
      'abort',
      () => {
        // Stops sending; the server keeps what it has, for Resume or Try again.
        void upload.abort(false);
        reject(new ApiError(UPLOAD_FAILURE, 'network', 0));
      },
      { once: true },
    );
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (signal?.aborted) return;
        const last = previous.sort((a, b) => (a.creationTime < b.creationTime ? 1 : -1))[0];
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch(() => upload.start());
  });
}

/** Cancel: the server forgets the part it has of the upload at `address` (a failure is let go). */
export async function abandonResumableUpload(bearer: Bearer, address: string): Promise<void> {
  const { renewal: _renewal, ...auth } = authorised(bearer);
  await Upload.terminate(address, { ...auth, retryDelays: [0, 1000] }).catch(() => {});
}
