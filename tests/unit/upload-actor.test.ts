import { UPLOAD_MESSAGES } from '@contract/messages/learning';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { Bearer } from '@/api/resumable';
import { resumableUploadParts } from '@/api/upload-actor';
import { signedInTrainee, startTestServer, type TestServer } from '../../server/testing';

/**
 * The upload machine's actor against the reference server: the file goes by the tus protocol in
 * parts, with its progress and address; stopping the actor stops the requests and leaves what the
 * server has; an expired token is renewed once; a refusal carries the server's sentence.
 */

let server: TestServer;
const MB = 1024 * 1024;

beforeAll(async () => {
  server = await startTestServer();
}, 90_000);

afterAll(async () => {
  await server?.close();
});

/**
 * A file for tus-js-client's Node build, which reads Buffers (its browser build, the app's, reads
 * Blobs): the bytes with the size and type a Blob has.
 */
function nodeFile(bytes: Buffer, type: string): Blob {
  return Object.assign(bytes, { size: bytes.length, type }) as unknown as Blob;
}

function pdfOf(size: number): Blob {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('\nstartxref\n0\n%%EOF\n');
  return nodeFile(
    Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 65), tail]),
    'application/pdf',
  );
}

async function clientOf(tokens: string[]) {
  let refreshed = 0;
  const api: Bearer = {
    baseURL: `${server.url}/api/v1`,
    token: () => tokens[Math.min(refreshed, tokens.length - 1)] ?? null,
    renew: async () => {
      refreshed += 1;
    },
  };
  return { api, refreshes: () => refreshed };
}

type Reported =
  | { type: 'upload.progress'; share: number }
  | { type: 'upload.address'; address: string }
  | { type: 'upload.stalled' };

describe('the upload actor', () => {
  it('sends the file in parts with its progress and address, and ends with the stored file', async () => {
    const trainee = await signedInTrainee(server, 'actor');
    const { api } = await clientOf([trainee.token]);
    const reported: Reported[] = [];
    const parts = resumableUploadParts(api, () => (event) => reported.push(event));
    const file = pdfOf(20 * MB);
    const actor = createActor(parts.upload, { input: { file, name: 'Week 1.pdf' } }).start();
    const stored = await toPromise(actor);
    expect(stored).toMatchObject({ name: 'Week 1.pdf', size: file.size });
    expect(stored.file).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}$/);
    const addresses = reported.filter((event) => event.type === 'upload.address');
    expect(addresses).toHaveLength(1);
    expect(addresses[0]?.address).toContain(stored.file.split('/').pop());
    const shares = reported.flatMap((event) => (event.type === 'upload.progress' ? [event.share] : []));
    expect(shares.at(-1)).toBe(1);
    expect(shares.some((share) => share > 0 && share < 1)).toBe(true);
  });

  it('stops sending when stopped, and the server keeps the part it has; Cancel lets it go', async () => {
    const trainee = await signedInTrainee(server, 'stopper');
    const { api } = await clientOf([trainee.token]);
    let address = '';
    const parts = resumableUploadParts(api, () => (event) => {
      if (event.type === 'upload.address') address = event.address;
    });
    // A video may be larger than other files; this one is never finished, so never read as one.
    const video = nodeFile(Buffer.alloc(40 * MB, 1), 'video/mp4');
    const actor = createActor(parts.upload, { input: { file: video, name: 'long.mp4' } }).start();
    const offsetOf = async () =>
      (
        await fetch(new URL(address, server.url), {
          method: 'HEAD',
          headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${trainee.token}` },
        })
      ).headers.get('Upload-Offset');
    // Stopped once the server has the first part (16 MB) of three.
    await expect
      .poll(async () => (address ? Number(await offsetOf()) : 0), { interval: 20 })
      .toBeGreaterThanOrEqual(16 * MB);
    actor.stop();
    // The part under way when stopped may still land; nothing after it does.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const offset = Number(await offsetOf());
    expect(offset).toBeGreaterThanOrEqual(16 * MB);
    expect(offset).toBeLessThan(40 * MB);
    parts.abandonUpload(undefined, { address });
    await expect.poll(offsetOf, { timeout: 5000 }).toBeNull();
    const { rows } = await server.db.query('SELECT 1 FROM resumable_uploads WHERE owner_id = $1', [
      trainee.user.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('renews an expired token once and goes on', async () => {
    const trainee = await signedInTrainee(server, 'renewer');
    const { api, refreshes } = await clientOf(['expired-token', trainee.token]);
    const parts = resumableUploadParts(api, () => () => {});
    const actor = createActor(parts.upload, { input: { file: pdfOf(MB), name: 'a.pdf' } }).start();
    await expect(toPromise(actor)).resolves.toMatchObject({ name: 'a.pdf' });
    expect(refreshes()).toBe(1);
  });

  it('fails with the server’s sentence when the complete file is refused', async () => {
    const trainee = await signedInTrainee(server, 'refused');
    const { api } = await clientOf([trainee.token]);
    const parts = resumableUploadParts(api, () => () => {});
    const fake = nodeFile(Buffer.alloc(5000, 7), 'video/mp4');
    const actor = createActor(parts.upload, { input: { file: fake, name: 'lecture.mp4' } }).start();
    await expect(toPromise(actor)).rejects.toMatchObject({
      message: UPLOAD_MESSAGES.uploadType,
      status: 400,
    });
  });
});
