import type { UploadResponse } from '@contract/wire/learning';
import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { ApiClient, UploadOptions } from '@/api/client';
import { uploadActor } from '@/api/upload-actor';

const stored: UploadResponse = { file: 'uploads/7c1e.pdf', name: 'Report.PDF', size: 3 };

/** An API client whose upload waits until the test answers it, keeping what it was given. */
function uploadingClient() {
  const calls: Array<{ path: string; options: UploadOptions }> = [];
  let answer: (value: UploadResponse) => void = () => {};
  const authedUpload = vi.fn((_schema: unknown, path: string, options: UploadOptions) => {
    calls.push({ path, options });
    return new Promise<UploadResponse>((resolve) => {
      answer = resolve;
    });
  });
  const api = { authedUpload } as unknown as ApiClient;
  return { api, calls, answer: (value: UploadResponse) => answer(value) };
}

describe('uploadActor', () => {
  it('posts the file under its name, hands the progress on, and ends with the stored file', async () => {
    const client = uploadingClient();
    const shares: number[] = [];
    const file = new Blob(['abc'], { type: 'application/pdf' });
    const actor = createActor(
      uploadActor(client.api, (share) => shares.push(share)),
      { input: { file, name: 'Report.PDF' } },
    ).start();
    const [call] = client.calls;
    expect(call?.path).toBe('/upload/');
    const sent = call?.options.body.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('Report.PDF');
    call?.options.onProgress?.(0.25);
    expect(shares).toEqual([0.25]);
    client.answer(stored);
    await expect(toPromise(actor)).resolves.toEqual(stored);
  });

  it('aborts the request when the actor is stopped (the machine left the uploading state)', () => {
    const client = uploadingClient();
    const actor = createActor(
      uploadActor(client.api, () => {}),
      { input: { file: new Blob(['abc']), name: 'a.pdf' } },
    ).start();
    const signal = client.calls[0]?.options.signal;
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });
});
