/**
 * Compression and caching headers (server/compression.ts, server/precompress.ts, server/spa.ts,
 * server/courses/public-answers.ts): Brotli or gzip as the client takes them, build files compressed
 * once, `Vary: Accept-Encoding`, a year for hashed assets and revalidation for the page, 304s, and
 * nothing compressed or held back that streams.
 */
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { randomTokenSecret } from '../../server/auth/secret';
import { chooseEncoding, compressAnswers, etagMatches } from '../../server/compression';
import { listen } from '../../server/listen';
import { migrate } from '../../server/migrate';
import { precompressDir } from '../../server/precompress';
import { appContentSecurityPolicy } from '../../server/security-headers';
import { seed } from '../../server/seed';
import { openTestDatabase, type TestDatabase } from '../../server/test-database';
import { noDatabase } from './support/no-database';

const BROWSER = 'gzip, deflate, br, zstd';
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function bytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

/** The body as the client reads it once it undoes the Content-Encoding. */
async function decoded(response: Response): Promise<string> {
  const body = await bytes(response);
  const encoding = response.headers.get('Content-Encoding');
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  expect(encoding).toBeNull();
  return body.toString();
}

describe('choosing an encoding', () => {
  it('prefers Brotli, then gzip, by the q-values the client gives', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('deflate, identity')).toBeUndefined();
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeUndefined();
  });

  it('matches If-None-Match weakly, in a list, or as *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('the API', () => {
  let database: TestDatabase;
  let app: Hono;

  beforeAll(async () => {
    database = await openTestDatabase();
    await migrate(database.db);
    await seed(database.db, { generatedCourses: 0 });
    app = buildApp({ db: database.db, secret: randomTokenSecret() }).app as unknown as Hono;
  }, 60_000);

  afterAll(async () => {
    await database?.drop();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(`/api/v1${path}`, { headers });

  // The catalogue's kept answers (compressed once) and an answer compressed as it leaves (events).
  it.each([
    '/course/browse-course-list/?page=1&limit=25',
    '/course/search-result/?search=data',
    '/event/?page=1&limit=25',
  ])('compresses %s with Brotli, else gzip, else not at all', async (path) => {
    const plain = await get(path);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toMatch(/accept-encoding/i);
    const text = await plain.text();
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024);

    const br = await get(path, { 'Accept-Encoding': BROWSER });
    expect(br.status).toBe(200);
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(br.headers.get('Vary')).toMatch(/accept-encoding/i);
    const brBody = await bytes(br);
    expect(Number(br.headers.get('Content-Length'))).toBe(brBody.byteLength);
    expect(brBody.byteLength).toBeLessThan(Buffer.byteLength(text) / 2);
    expect(brotliDecompressSync(brBody).toString()).toBe(text);

    const gzip = await get(path, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(await decoded(gzip)).toBe(text);

    const none = await get(path, { 'Accept-Encoding': 'identity' });
    expect(none.headers.get('Content-Encoding')).toBeNull();
    expect(await none.text()).toBe(text);
  });

  it('leaves answers under 1 KB as they are, still saying they vary', async () => {
    const response = await get('/course/availability/', { 'Accept-Encoding': BROWSER });
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(await response.text())).toHaveLength(2);
  });

  it('keeps the security headers on compressed answers and on 304s', async () => {
    const path = '/course/browse-course-list/';
    const response = await get(path, { 'Accept-Encoding': BROWSER });
    expect(response.headers.get('Content-Encoding')).toBe('br');
    const etag = response.headers.get('ETag') ?? '';
    const unchanged = await get(path, { 'Accept-Encoding': BROWSER, 'If-None-Match': etag });
    expect(unchanged.status).toBe(304);
    for (const answer of [response, unchanged]) {
      expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(answer.headers.get('Content-Security-Policy')).toMatch(/^default-src 'none'/);
      expect(answer.headers.get('X-Frame-Options')).toBe('DENY');
    }
  });

  it('gives public JSON answers an ETag and answers 304 to a client that holds them', async () => {
    for (const path of ['/event/?page=1&limit=25', '/cms/hero-section/', '/course/availability/']) {
      const first = await get(path, { 'Accept-Encoding': BROWSER });
      const etag = first.headers.get('ETag');
      expect(etag, path).toMatch(/^W\/".+"$/);
      const again = await get(path, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag ?? '' });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('ETag')).toBe(etag);
      expect(await again.text()).toBe('');
      expect((await get(path, { 'If-None-Match': 'W/"other"' })).status).toBe(200);
    }
  });

  it('sends the same headers through the Node HTTP server', async () => {
    // @hono/node-server answers with a Response of its own, whose headers behave differently.
    const server = await listen(app as never, { port: 0, hostname: '127.0.0.1' });
    try {
      const raw = (path: string, headers: Record<string, string>) =>
        new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
          request(`http://127.0.0.1:${server.port}/api/v1${path}`, { headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks),
              }),
            );
          })
            .on('error', reject)
            .end();
        });
      for (const path of [
        '/event/?page=1&limit=25',
        '/course/browse-course-list/',
        '/course/availability/',
      ]) {
        const answer = await raw(path, { 'Accept-Encoding': BROWSER });
        expect(answer.status, path).toBe(200);
        expect(answer.headers.vary, path).toMatch(/accept-encoding/i);
        expect(answer.headers.etag, path).toMatch(/^W\/".+"$/);
        expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
        expect(Number(answer.headers['content-length']), path).toBe(answer.body.byteLength);
        const text =
          answer.headers['content-encoding'] === 'br'
            ? brotliDecompressSync(answer.body).toString()
            : answer.body.toString();
        expect(JSON.parse(text), path).toBeTruthy();
        const held = await raw(path, {
          'Accept-Encoding': BROWSER,
          'If-None-Match': String(answer.headers.etag),
        });
        expect(held.status, path).toBe(304);
        expect(held.headers['content-type'], path).toMatch(/^application\/json/);
        expect(held.headers.vary, path).toMatch(/accept-encoding/i);
      }
    } finally {
      await server.close();
    }
  });
});

describe('what streams', () => {
  it('passes server-sent events through at once, uncompressed', async () => {
    const app = new Hono();
    app.use('*', compressAnswers());
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/events', (c) =>
      streamSSE(c, async (stream) => {
        await stream.writeSSE({ data: 'x'.repeat(4096) });
        // The rest waits for the client to have read the first event: an answer held back until
        // it ends would never arrive.
        await released;
        await stream.writeSSE({ data: 'end' });
      }),
    );
    const response = await app.request('/events', { headers: { 'Accept-Encoding': BROWSER } });
    expect(response.headers.get('Content-Encoding')).toBeNull();
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain(`data: ${'x'.repeat(100)}`);
    release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(rest).toContain('data: end');
  });

  it('leaves an answer marked no-transform as it is', async () => {
    const app = new Hono();
    app.use('*', compressAnswers());
    app.get('/raw', (c) => c.json({ text: 'y'.repeat(4096) }, 200, { 'Cache-Control': 'no-transform' }));
    const response = await app.request('/raw', { headers: { 'Accept-Encoding': BROWSER } });
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(((await response.json()) as { text: string }).text).toHaveLength(4096);
  });
});

describe('the built web app', () => {
  const FIRST_PAINT = "document.documentElement.lang = 'ar';";
  const INDEX = `<!doctype html><html><head><script>${FIRST_PAINT}</script><script type="module" src="/assets/index-9f8e7d.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
  const SCRIPT = `export const greeting = ${JSON.stringify('مرحبا '.repeat(400))};\n`.repeat(4);
  const STYLE = `.card { color: #123456; padding: 1rem; }\n`.repeat(100);
  const SMALL = 'console.log("small")';
  let dist: string;

  const app = () => buildApp({ db: noDatabase, secret: randomTokenSecret(), distDir: dist }).app;
  const get = (path: string, headers: Record<string, string> = {}) => app().request(path, { headers });

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'kfu-compressed-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'assets', 'index-9f8e7d.js'), SCRIPT);
    await writeFile(join(dist, 'assets', 'index-5c4b3a.css'), STYLE);
    await writeFile(join(dist, 'assets', 'tiny-000111.js'), SMALL);
    await writeFile(join(dist, 'assets', 'photo-222333.png'), Buffer.alloc(4096, 7));
  });

  afterAll(async () => {
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  it('compresses the text files of a build once, at build time', async () => {
    expect(await precompressDir(dist)).toBe(6);
    for (const file of ['index.html', 'assets/index-9f8e7d.js', 'assets/index-5c4b3a.css']) {
      const original = await readFile(join(dist, file));
      expect(brotliDecompressSync(await readFile(join(dist, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(await readFile(join(dist, `${file}.gz`)))).toEqual(original);
    }
    // Too small to gain anything, or compressed already.
    await expect(stat(join(dist, 'assets', 'tiny-000111.js.br'))).rejects.toThrow();
    await expect(stat(join(dist, 'assets', 'photo-222333.png.br'))).rejects.toThrow();
    // Nothing to do a second time; a file changed since is compressed again.
    expect(await precompressDir(dist)).toBe(0);
    const later = new Date(Date.now() + 5_000);
    await utimes(join(dist, 'assets', 'index-5c4b3a.css'), later, later);
    expect(await precompressDir(dist)).toBe(2);
  });

  it('serves hashed assets compressed as the client takes them, cached for a year', async () => {
    for (const [path, content] of [
      ['/assets/index-9f8e7d.js', SCRIPT],
      ['/assets/index-5c4b3a.css', STYLE],
    ] as const) {
      const br = await get(path, { 'Accept-Encoding': BROWSER });
      expect(br.status).toBe(200);
      expect(br.headers.get('Content-Encoding')).toBe('br');
      expect(br.headers.get('Cache-Control')).toBe(IMMUTABLE);
      expect(br.headers.get('Vary')).toBe('Accept-Encoding');
      expect(br.headers.get('Content-Type')).toMatch(path.endsWith('.js') ? /javascript/ : /^text\/css/);
      const brBody = await bytes(br);
      expect(brBody).toEqual(await readFile(join(dist, `${path}.br`)));
      expect(brotliDecompressSync(brBody).toString()).toBe(content);

      const gzip = await get(path, { 'Accept-Encoding': 'gzip' });
      expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
      expect(await decoded(gzip)).toBe(content);

      const plain = await get(path);
      expect(plain.headers.get('Content-Encoding')).toBeNull();
      expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
      expect(await plain.text()).toBe(content);
    }
  });

  it('serves small and binary files as they are', async () => {
    const tiny = await get('/assets/tiny-000111.js', { 'Accept-Encoding': BROWSER });
    expect(tiny.headers.get('Content-Encoding')).toBeNull();
    expect(await tiny.text()).toBe(SMALL);
    const photo = await get('/assets/photo-222333.png', { 'Accept-Encoding': BROWSER });
    expect(photo.headers.get('Content-Encoding')).toBeNull();
    expect(photo.headers.get('Vary')).toBeNull();
    expect(photo.headers.get('Cache-Control')).toBe(IMMUTABLE);
  });

  it('serves the page on every route compressed, revalidated by its ETag, with its own policy', async () => {
    const policy = appContentSecurityPolicy(INDEX);
    let etag: string | null = null;
    for (const path of ['/', '/index.html', '/course-details/12', '/about-us?x=1']) {
      const response = await get(path, { 'Accept-Encoding': BROWSER });
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Encoding')).toBe('br');
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      expect(response.headers.get('Vary')).toBe('Accept-Encoding');
      expect(response.headers.get('Content-Security-Policy')).toBe(policy);
      expect(await decoded(response)).toBe(INDEX);
      etag ??= response.headers.get('ETag');
      expect(response.headers.get('ETag')).toBe(etag);
    }
    expect(etag).toMatch(/^W\/".+"$/);

    for (const path of ['/', '/course-details/12']) {
      const unchanged = await get(path, { 'Accept-Encoding': BROWSER, 'If-None-Match': etag ?? '' });
      expect(unchanged.status).toBe(304);
      expect(await unchanged.text()).toBe('');
      expect(unchanged.headers.get('ETag')).toBe(etag);
      expect(unchanged.headers.get('Cache-Control')).toBe('no-cache');
      expect(unchanged.headers.get('Content-Type')).toMatch(/^text\/html/);
      // The browser updates the kept page's headers from the 304: it must carry the page's policy
      // (with the first-paint script's hash), not the API's, which allows nothing.
      expect(unchanged.headers.get('Content-Security-Policy')).toBe(policy);
    }

    // A new build changes the ETag, and the compressed forms follow it.
    const changed = INDEX.replace('<div id="root">', '<div id="root" data-build="2">');
    await writeFile(join(dist, 'index.html'), changed);
    const stale = await get('/', { 'Accept-Encoding': BROWSER, 'If-None-Match': etag ?? '' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('ETag')).not.toBe(etag);
    // Its old compressed form is older than the page, so it is not served until compressed again.
    expect(await decoded(stale)).toBe(changed);
    await precompressDir(dist);
    const fresh = await get('/', { 'Accept-Encoding': BROWSER });
    expect(fresh.headers.get('Content-Encoding')).toBe('br');
    expect(await decoded(fresh)).toBe(changed);
  });
});
