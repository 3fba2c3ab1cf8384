import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readlink, truncate } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { fileAddress, signedFileUrl } from '../../server/learning/files';
import { startTestServer, type TestServer } from '../../server/testing';
import { createUploadStore, type UploadStore } from '../../server/uploads';
import { findUserByEmail } from '../../server/users';
import { testClient } from '../support/test-client';

let server: TestServer;
let store: UploadStore;
let trainerId: number;
let trainerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  store = createUploadStore(server.uploadsDir);
  const trainer = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
  if (!trainer) throw new Error('The demo trainer is not seeded');
  trainerId = trainer.id;
  trainerToken = (await server.tokens.issue('access', trainer)).token;
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const { call } = testClient(() => server);

/** A file of the trainer's in the store and its uploads row; answers its id and signed address. */
async function storedFile(bytes: Uint8Array | number, extension = 'mp4', contentType = 'video/mp4') {
  const id = randomUUID();
  const path = `files/${id}.${extension}`;
  const size = typeof bytes === 'number' ? bytes : bytes.length;
  if (typeof bytes === 'number') {
    // A sparse file: written in an instant, whatever its size.
    await store.put(path, new Uint8Array());
    await truncate(join(server.uploadsDir, path), size);
  } else await store.put(path, bytes);
  await server.db.query(
    `INSERT INTO uploads (id, owner_id, path, name, extension, content_type, size)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, trainerId, path, `lecture.${extension}`, extension, contentType, size],
  );
  return { id, path, url: `${server.url}${signedFileUrl(server.secret, id)}` };
}

describe('a stored file (GET /api/v1/files/{uuid})', () => {
  const bytes = randomBytes(100_000);
  let file: Awaited<ReturnType<typeof storedFile>>;
  beforeAll(async () => {
    file = await storedFile(bytes);
  });

  it('answers 200 with its length, a strong ETag, Last-Modified and the headers files have', async () => {
    const whole = await call(file.url);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(bytes)).toBe(true);
    expect(whole.headers.get('Content-Length')).toBe(String(bytes.length));
    expect(whole.headers.get('ETag')).toMatch(/^"[\w-]+"$/);
    expect(new Date(whole.headers.get('Last-Modified') ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes');
    expect(whole.headers.get('Content-Type')).toBe('video/mp4');
    expect(whole.headers.get('Content-Disposition')).toBe(
      `inline; filename="lecture.mp4"; filename*=UTF-8''lecture.mp4`,
    );
    expect(whole.headers.get('Cache-Control')).toBe('private, max-age=3600, no-transform');
    expect(whole.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(whole.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(whole.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'self'");
    // The same file by token answers the same validator.
    const byToken = await call(`${server.url}${fileAddress(file.id)}`, { token: trainerToken });
    expect(byToken.headers.get('ETag')).toBe(whole.headers.get('ETag'));
  });

  it('answers each form of one range with 206, and a range past the end with 416', async () => {
    const size = bytes.length;
    const range = (value: string) => call(file.url, { headers: { Range: value } });
    const closed = await range('bytes=10-19');
    expect(closed.status).toBe(206);
    expect(closed.headers.get('Content-Range')).toBe(`bytes 10-19/${size}`);
    expect(closed.headers.get('Content-Length')).toBe('10');
    expect(closed.bytes.equals(bytes.subarray(10, 20))).toBe(true);
    const open = await range('bytes=99000-');
    expect(open.status).toBe(206);
    expect(open.headers.get('Content-Range')).toBe(`bytes 99000-${size - 1}/${size}`);
    expect(open.bytes.equals(bytes.subarray(99_000))).toBe(true);
    const suffix = await range('bytes=-300');
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('Content-Range')).toBe(`bytes ${size - 300}-${size - 1}/${size}`);
    expect(suffix.bytes.equals(bytes.subarray(size - 300))).toBe(true);
    // An end past the file stops at its last byte.
    const long = await range(`bytes=${size - 5}-${size + 1000}`);
    expect(long.headers.get('Content-Range')).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
    expect(long.bytes.length).toBe(5);

    const beyond = await range(`bytes=${size}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('Content-Range')).toBe(`bytes */${size}`);
    expect(beyond.bytes.length).toBe(0);
  });

  it('answers the whole file to several ranges or a malformed one', async () => {
    for (const value of ['bytes=0-9,20-29', 'bytes=abc', 'pages=1-2', 'bytes=-', 'bytes=9-2']) {
      const answer = await call(file.url, { headers: { Range: value } });
      expect(answer.status, value).toBe(200);
      expect(answer.bytes.equals(bytes), value).toBe(true);
    }
  });

  it('answers 304 without a body to If-None-Match and to If-Modified-Since', async () => {
    const first = await call(file.url);
    const etag = first.headers.get('ETag') ?? '';
    const lastModified = first.headers.get('Last-Modified') ?? '';
    const byTag = await call(file.url, { headers: { 'If-None-Match': etag } });
    expect(byTag.status).toBe(304);
    expect(byTag.bytes.length).toBe(0);
    expect(byTag.headers.get('ETag')).toBe(etag);
    expect(byTag.headers.get('Cache-Control')).toBe('private, max-age=3600, no-transform');
    // The copy a browser keeps stays allowed in the app's frame.
    expect(byTag.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect((await call(file.url, { headers: { 'If-None-Match': `"other", ${etag}` } })).status).toBe(304);
    const byDate = await call(file.url, { headers: { 'If-Modified-Since': lastModified } });
    expect(byDate.status).toBe(304);
    expect(byDate.bytes.length).toBe(0);

    expect((await call(file.url, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await call(file.url, { headers: { 'If-Modified-Since': earlier } })).status).toBe(200);
    // If-None-Match wins over If-Modified-Since.
    const both = await call(file.url, {
      headers: { 'If-None-Match': '"other"', 'If-Modified-Since': lastModified },
    });
    expect(both.status).toBe(200);
  });

  it('answers the range to If-Range naming the file as it is, else the whole file', async () => {
    const first = await call(file.url);
    const etag = first.headers.get('ETag') ?? '';
    const lastModified = first.headers.get('Last-Modified') ?? '';
    const ask = (ifRange: string) => call(file.url, { headers: { Range: 'bytes=0-9', 'If-Range': ifRange } });
    const byTag = await ask(etag);
    expect(byTag.status).toBe(206);
    expect(byTag.bytes.equals(bytes.subarray(0, 10))).toBe(true);
    expect((await ask(lastModified)).status).toBe(206);
    for (const stale of ['"other"', `W/${etag}`, new Date(Date.parse(lastModified) - 1000).toUTCString()]) {
      const whole = await ask(stale);
      expect(whole.status, stale).toBe(200);
      expect(whole.bytes.equals(bytes), stale).toBe(true);
    }
  });

  it('answers HEAD with the headers GET has and no body', async () => {
    const head = await call(file.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers.get('Content-Length')).toBe(String(bytes.length));
    expect(head.headers.get('ETag')).toMatch(/^"/);
    expect(head.headers.get('Content-Type')).toBe('video/mp4');
    expect(head.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('keeps the signed link’s checks', async () => {
    const tampered = file.url.replace(/signature=./, (match) =>
      match.endsWith('A') ? 'signature=B' : 'signature=A',
    );
    expect((await call(tampered)).status).toBe(403);
    expect((await call(tampered, { method: 'HEAD' })).status).toBe(403);
    expect((await call(`${server.url}${fileAddress(file.id)}`)).status).toBe(401);
  });

  it('is never compressed, even when of a compressible type', async () => {
    const text = Buffer.from('name,score\n'.repeat(2000));
    const csv = await storedFile(text, 'csv', 'text/csv; charset=utf-8');
    const answer = await call(csv.url, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(answer.headers.get('Content-Encoding')).toBeNull();
    expect(answer.headers.get('Content-Length')).toBe(String(text.length));
    expect(answer.bytes.equals(text)).toBe(true);
  });

  it('answers 404 once the file is gone, even after it was served', async () => {
    const gone = await storedFile(randomBytes(1000));
    expect((await call(gone.url)).status).toBe(200);
    await store.remove(gone.path);
    expect((await call(gone.url)).status).toBe(404);
    expect((await call(gone.url, { method: 'HEAD' })).status).toBe(404);
    expect((await call(gone.url, { headers: { 'If-None-Match': '*' } })).status).toBe(404);
  });
});

describe('photos and covers', () => {
  it('serves a photo with an ETag, 304 and ranges', async () => {
    const name = `${randomUUID()}.png`;
    const bytes = randomBytes(5000);
    await store.put(`photos/${name}`, bytes);
    const photo = await call(`/user/photos/${name}`);
    expect(photo.status).toBe(200);
    expect(photo.bytes.equals(bytes)).toBe(true);
    expect(photo.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(photo.headers.get('Content-Type')).toBe('image/png');
    const etag = photo.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"/);
    expect((await call(`/user/photos/${name}`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const part = await call(`/user/photos/${name}`, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(bytes.subarray(0, 100))).toBe(true);
    expect((await call(`/user/photos/${randomUUID()}.png`)).status).toBe(404);
  });

  it('serves a cover with an ETag, 304 and ranges', async () => {
    const name = `${randomUUID()}.jpg`;
    const bytes = randomBytes(8000);
    await store.put(`covers/${name}`, bytes);
    const cover = await call(`/covers/${name}`);
    expect(cover.status).toBe(200);
    expect(cover.bytes.equals(bytes)).toBe(true);
    expect(cover.headers.get('Content-Type')).toBe('image/jpeg');
    expect(cover.headers.get('Content-Disposition')).toBe('inline');
    const modified = cover.headers.get('Last-Modified') ?? '';
    expect((await call(`/covers/${name}`, { headers: { 'If-Modified-Since': modified } })).status).toBe(304);
    const part = await call(`/covers/${name}`, { headers: { Range: 'bytes=-8' } });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(bytes.subarray(-8))).toBe(true);
  });
});

/** Reads an answer to the end without keeping it; samples the process's memory all along. */
function drain(
  url: string,
): Promise<{ status: number; received: number; peakBuffers: number; peakRss: number }> {
  return new Promise((resolve, reject) => {
    let peakBuffers = 0;
    let peakRss = 0;
    const sample = () => {
      const usage = process.memoryUsage();
      peakBuffers = Math.max(peakBuffers, usage.arrayBuffers);
      peakRss = Math.max(peakRss, usage.rss);
    };
    const timer = setInterval(sample, 2);
    get(url, { agent: new Agent() }, (response) => {
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        sample();
      });
      response.on('end', () => {
        clearInterval(timer);
        resolve({ status: response.statusCode ?? 0, received, peakBuffers, peakRss });
      });
      response.on('error', reject);
    }).on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
  });
}

describe('memory', () => {
  it('serves a 128 MB file without holding it in memory', async () => {
    const size = 128 * 1024 * 1024;
    const big = await storedFile(size);
    // Once, so that what a first request sets up is not counted.
    await drain(big.url.replace('?', '?warm=1&'));
    const before = process.memoryUsage();
    const served = await drain(big.url);
    expect(served.status).toBe(200);
    expect(served.received).toBe(size);
    // Reading the file whole would add its 128 MB to the buffers and to the process; chunks already
    // sent (the server's and the client's) wait for the garbage collector, which comes well before.
    const allowed = size / 2;
    expect(served.peakBuffers - before.arrayBuffers).toBeLessThan(allowed);
    expect(served.peakRss - before.rss).toBeLessThan(allowed);
  }, 60_000);

  it('closes the file when a viewer leaves in the middle of it', async () => {
    const big = await storedFile(64 * 1024 * 1024);
    const path = join(server.uploadsDir, big.path);
    /** The process's descriptors open on the file (Linux). */
    const openOnFile = async () => {
      let count = 0;
      for (const fd of await readdir('/proc/self/fd')) {
        if ((await readlink(`/proc/self/fd/${fd}`).catch(() => '')) === path) count += 1;
      }
      return count;
    };
    const agent = new Agent({ keepAlive: false });
    const started = await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          new Promise<() => void>((resolve, reject) => {
            const request = get(big.url, { agent }, (response) => {
              response.once('data', () => {
                response.pause();
                resolve(() => request.destroy());
              });
            });
            request.on('error', () => {});
            request.once('error', reject);
          }),
      ),
    );
    expect(await openOnFile()).toBe(5);
    for (const leave of started) leave();
    await expect.poll(openOnFile, { timeout: 5000 }).toBe(0);
  });
});
