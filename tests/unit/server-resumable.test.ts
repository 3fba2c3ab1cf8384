import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_MESSAGES } from '@contract/messages/learning';
import { uploadResponseSchema } from '@contract/wire/learning';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../server/paths';
import { signedInTrainee, startTestServer, type TestServer } from '../../server/testing';

/**
 * Resumable uploads (server/learning/resumable.ts) through the tus protocol: what is sent survives
 * a cut, the complete file is checked and stored, and the limits of size, quota and uploads under
 * way hold, each with its sentence.
 */

let server: TestServer;
const MB = 1024 * 1024;

beforeAll(async () => {
  server = await startTestServer({
    uploadLimits: { maxVideoBytes: 8 * MB, quotaBytes: 40 * MB, inFlight: 2 },
  });
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const endpoint = () => `${server.url}/api/v1/uploads/`;

/** A PDF of `size` bytes: its header, filler and the trailer the signature check reads. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('\nstartxref\n0\n%%EOF\n');
  const filler = Buffer.alloc(size - head.length - tail.length);
  for (let index = 0; index < filler.length; index += 1) filler[index] = 97 + ((index * 7) % 26);
  return Buffer.concat([head, filler, tail]);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const encode = (value: string) => Buffer.from(value).toString('base64');

/** POST: creates an upload of `size` bytes named `name`; answers the response. */
function create(token: string | null, name: string, size: number): Promise<Response> {
  return fetch(endpoint(), {
    method: 'POST',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(size),
      'Upload-Metadata': `filename ${encode(name)}`,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
}

/** PATCH: sends `bytes` at `offset` of the upload at `location`. */
function send(
  token: string,
  location: string,
  offset: number,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Response> {
  return fetch(new URL(location, server.url), {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
      Authorization: `Bearer ${token}`,
    },
    body: bytes,
  });
}

/** The sentence of a refusal, which comes as the API's JSON error body. */
async function sentenceOf(response: Response): Promise<string | undefined> {
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  return ((await response.json()) as { details: { message: string }[] }).details[0]?.message;
}

/** Uploads `bytes` with tus-js-client, stopping it once after `stopAt` bytes and starting it again. */
function uploadWithCut(token: string, bytes: Buffer, name: string, stopAt: number) {
  return new Promise<{ body: string; stops: number }>((resolve, reject) => {
    let stops = 0;
    const options = {
      endpoint: endpoint(),
      chunkSize: MB,
      retryDelays: [],
      metadata: { filename: name },
      headers: { Authorization: `Bearer ${token}` },
      onProgress(sent: number) {
        if (stops === 0 && sent >= stopAt) {
          stops += 1;
          // A cut: the request is dropped, and a new client goes on from the server's offset.
          void upload.abort().then(() => {
            const resumed = new Upload(bytes, { ...options, uploadUrl: upload.url, onProgress: undefined });
            resumed.start();
          });
        }
      },
      onSuccess({ lastResponse }: { lastResponse: { getBody(): string } }) {
        resolve({ body: lastResponse.getBody(), stops });
      },
      onError: reject,
    };
    const upload = new Upload(bytes, options);
    upload.start();
  });
}

describe('resumable uploads', () => {
  it('stores a file sent in parts across a cut, with the same bytes, and answers its address', async () => {
    const trainee = await signedInTrainee(server, 'resumer');
    const bytes = pdfOf(5 * MB + 123);
    const { body, stops } = await uploadWithCut(trainee.token, bytes, 'notes ‮fdp.exe.pdf', 2 * MB);
    expect(stops).toBe(1);
    const answer = uploadResponseSchema.parse(JSON.parse(body));
    expect(answer).toMatchObject({ name: 'notes fdp.exe.pdf', size: bytes.length });
    const served = await fetch(new URL(answer.file, server.url), {
      headers: { Authorization: `Bearer ${trainee.token}` },
    });
    expect(served.status).toBe(200);
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes));
    const { rows } = await server.db.query(
      'SELECT id, name, created_at FROM resumable_uploads WHERE owner_id = $1',
      [trainee.user.id],
    );
    expect(rows).toEqual([]);
  });

  it('refuses, once complete, a file whose bytes are not of its kind, and keeps nothing of it', async () => {
    const trainee = await signedInTrainee(server, 'faker');
    const bytes = Buffer.alloc(3000, 1);
    const created = await create(trainee.token, 'lecture.mp4', bytes.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('Location') ?? '';
    const finished = await send(trainee.token, location, 0, bytes);
    expect(finished.status).toBe(400);
    expect(await sentenceOf(finished)).toBe(UPLOAD_MESSAGES.uploadType);
    const { rows } = await server.db.query<{ count: number }>(
      `SELECT (SELECT COUNT(*) FROM resumable_uploads WHERE owner_id = $1)::int
            + (SELECT COUNT(*) FROM uploads WHERE owner_id = $1)::int AS count`,
      [trainee.user.id],
    );
    expect(rows[0]?.count).toBe(0);
    const id = location.split('/').pop() ?? '';
    const incoming = await readdir(join(server.uploadsDir, 'incoming'));
    expect(incoming.filter((name) => name.startsWith(id))).toEqual([]);
  });

  it('reads a complete video: its length and poster frame are made once; a fake one is refused', async () => {
    const trainer = await signedInTrainee(server, 'filmer');
    const clip = await readFile(join(ROOT, 'tests', 'fixtures', 'clip.mp4'));
    const created = await create(trainer.token, 'clip.mp4', clip.length);
    const done = await send(trainer.token, created.headers.get('Location') ?? '', 0, new Uint8Array(clip));
    expect(done.status).toBe(200);
    const stored = uploadResponseSchema.parse(await done.json());
    const id = stored.file.split('/').pop();
    await expect
      .poll(
        async () =>
          (
            await server.db.query<{ duration_seconds: number | null; poster_id: string | null }>(
              'SELECT duration_seconds, poster_id FROM uploads WHERE id = $1',
              [id],
            )
          ).rows[0],
        { timeout: 20_000 },
      )
      .toMatchObject({ duration_seconds: expect.any(Number), poster_id: expect.any(String) });

    // The signature of an MP4, and nothing ffprobe can play.
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(4000, 3)]);
    const second = await create(trainer.token, 'lecture.mp4', fake.length);
    const refused = await send(trainer.token, second.headers.get('Location') ?? '', 0, new Uint8Array(fake));
    expect(refused.status).toBe(400);
    expect(await sentenceOf(refused)).toBe(UPLOAD_MESSAGES.uploadNotVideo);
  });

  it('refuses a kind it does not take, and a file larger than its kind allows, before any byte', async () => {
    const trainee = await signedInTrainee(server, 'sizer');
    const script = await create(trainee.token, 'run.exe', 100);
    expect(script.status).toBe(400);
    expect(await sentenceOf(script)).toBe(UPLOAD_MESSAGES.uploadType);
    const video = await create(trainee.token, 'lecture.mp4', 8 * MB + 1);
    expect(video.status).toBe(413);
    expect(await sentenceOf(video)).toBe(UPLOAD_MESSAGES.videoTooLarge);
    const sheet = await create(trainee.token, 'marks.pdf', 25 * MB + 1);
    expect(sheet.status).toBe(413);
    expect(await sentenceOf(sheet)).toBe(UPLOAD_MESSAGES.uploadTooLarge);
    // A video may be larger than other kinds.
    const large = await create(trainee.token, 'lecture.webm', 7 * MB);
    expect(large.status).toBe(201);
  });

  it('limits the uploads under way and the bytes each user holds', async () => {
    const trainee = await signedInTrainee(server, 'busy');
    expect((await create(trainee.token, 'a.mp4', 8 * MB)).status).toBe(201);
    expect((await create(trainee.token, 'b.mp4', 8 * MB)).status).toBe(201);
    const third = await create(trainee.token, 'c.mp4', MB);
    expect(third.status).toBe(429);
    expect(await sentenceOf(third)).toBe(UPLOAD_MESSAGES.uploadsInFlight);
    // Cancelling one frees its place.
    const other = await signedInTrainee(server, 'collector');
    const first = await create(other.token, 'a.mp4', 8 * MB);
    const cancelled = await fetch(new URL(first.headers.get('Location') ?? '', server.url), {
      method: 'DELETE',
      headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${other.token}` },
    });
    expect(cancelled.status).toBe(204);
    // 40 MB in all: five files of 8 MB reach it, the sixth byte over is refused.
    for (const name of ['1.mp4', '2.mp4']) {
      const created = await create(other.token, name, 8 * MB);
      expect(created.status).toBe(201);
      await server.db.query('DELETE FROM resumable_uploads WHERE owner_id = $1 AND name = $2', [
        other.user.id,
        name,
      ]);
    }
    await server.db.query(
      `INSERT INTO uploads (id, owner_id, path, name, extension, content_type, size)
       VALUES (gen_random_uuid(), $1, 'files/held-' || gen_random_uuid()::text || '.pdf', 'held.pdf', 'pdf', 'application/pdf', $2)`,
      [other.user.id, 35 * MB],
    );
    const over = await create(other.token, 'more.mp4', 6 * MB);
    expect(over.status).toBe(413);
    expect(await sentenceOf(over)).toBe(UPLOAD_MESSAGES.uploadQuotaFull);
    expect((await create(other.token, 'fits.mp4', 5 * MB)).status).toBe(201);
  });

  it('lets only the owner see or continue an upload, and only signed-in users start one', async () => {
    expect((await create(null, 'a.pdf', 100)).status).toBe(401);
    const owner = await signedInTrainee(server, 'owner');
    const stranger = await signedInTrainee(server, 'stranger');
    const created = await create(owner.token, 'a.pdf', 100);
    const location = created.headers.get('Location') ?? '';
    const head = await fetch(new URL(location, server.url), {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${stranger.token}` },
    });
    expect(head.status).toBe(404);
    expect((await send(stranger.token, location, 0, Buffer.alloc(10))).status).toBe(404);
    const own = await fetch(new URL(location, server.url), {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${owner.token}` },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('Upload-Offset')).toBe('0');
    // The bytes are never read back from the upload's address.
    const read = await fetch(new URL(location, server.url), {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(read.status).toBe(405);
  });

  it('removes after 24 hours the unfinished uploads and the finished ones nothing uses', async () => {
    const trainee = await signedInTrainee(server, 'leaver');
    const created = await create(trainee.token, 'half.pdf', 2000);
    const location = created.headers.get('Location') ?? '';
    expect((await send(trainee.token, location, 0, Buffer.alloc(1000, 65))).status).toBe(204);
    const id = location.split('/').pop() ?? '';
    const bytes = pdfOf(4000);
    const whole = await create(trainee.token, 'whole.pdf', bytes.length);
    const done = await send(trainee.token, whole.headers.get('Location') ?? '', 0, new Uint8Array(bytes));
    expect(done.status).toBe(200);
    const stored = uploadResponseSchema.parse(await done.json());
    const storedId = stored.file.split('/').pop();

    // A day later nothing is removed yet.
    expect(await server.resumable.prune(new Date(Date.now() + 23 * 3600_000))).toBe(0);
    await stat(join(server.uploadsDir, 'incoming', id));

    await server.resumable.prune(new Date(Date.now() + 25 * 3600_000));
    await expect(stat(join(server.uploadsDir, 'incoming', id))).rejects.toThrow();
    await expect(stat(join(server.uploadsDir, 'files', `${storedId}.pdf`))).rejects.toThrow();
    const { rows } = await server.db.query(
      `SELECT id FROM resumable_uploads WHERE owner_id = $1 UNION ALL SELECT id FROM uploads WHERE owner_id = $1`,
      [trainee.user.id],
    );
    expect(rows).toEqual([]);
    // The demo data's files are used by lectures and stay.
    const { rows: kept } = await server.db.query<{ count: number }>(
      'SELECT COUNT(*)::int AS count FROM uploads',
    );
    expect(kept[0]?.count).toBeGreaterThan(0);
  });
});
