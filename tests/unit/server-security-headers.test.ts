import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { randomTokenSecret } from '../../server/auth/secret';
import { migrate } from '../../server/migrate';
import { inlineScriptHashes } from '../../server/security-headers';
import { seed } from '../../server/seed';
import { openTestDatabase, type TestDatabase } from '../../server/test-database';

const FIRST_PAINT = "document.documentElement.dir = 'rtl';";
const INDEX = `<!doctype html><html><head><script>${FIRST_PAINT}</script></head><body><div id="root"></div><script type="module" src="/assets/index-1a2b.js"></script></body></html>`;

let database: TestDatabase;
let dist: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrate(database.db);
  await seed(database.db, { generatedCourses: 0 });
  dist = await mkdtemp(join(tmpdir(), 'kfu-headers-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-1a2b.js'), 'console.log(1)');
}, 60_000);

afterAll(async () => {
  await database?.drop();
  if (dist) await rm(dist, { recursive: true, force: true });
});

function app(trustProxy = false) {
  return buildApp({ db: database.db, secret: randomTokenSecret(), distDir: dist, trustProxy }).app;
}

function directives(policy: string | null): Map<string, string> {
  return new Map(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('security headers', () => {
  it('gives the web app a policy with no inline script but the hashed first-paint one, and no framing', async () => {
    const response = await app().request('/course-details/1');
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    const policy = directives(response.headers.get('Content-Security-Policy'));
    const hash = `'sha256-${createHash('sha256').update(FIRST_PAINT).digest('base64')}'`;
    expect(policy.get('script-src')).toBe(`'self' ${hash}`);
    expect(policy.get('script-src')).not.toContain('unsafe-inline');
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('object-src')).toBe("'none'");
    // The upload widgets preview the chosen picture or video from a local copy.
    expect(policy.get('media-src')).toBe("'self' blob:");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(inlineScriptHashes(INDEX)).toEqual([hash]);
  });

  it('sends nosniff, a referrer policy, a permissions policy and no framing on every answer', async () => {
    for (const path of [
      '/',
      '/assets/index-1a2b.js',
      '/api/v1/course/browse-course-list/',
      '/api/v1/nothing',
    ]) {
      const response = await app().request(path);
      expect(response.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      expect(response.headers.get('Referrer-Policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('Permissions-Policy'), path).toContain('camera=()');
      expect(response.headers.get('X-Frame-Options'), path).toBe('DENY');
      expect(response.headers.get('Content-Security-Policy'), path).toContain("frame-ancestors 'none'");
    }
  });

  it('gives API answers a policy that allows nothing', async () => {
    const response = await app().request('/api/v1/course/browse-course-list/');
    expect(response.headers.get('Content-Security-Policy')).toMatch(/^default-src 'none'/);
  });

  it('sends HSTS over https only, and believes X-Forwarded-Proto only behind a trusted proxy', async () => {
    const forwarded = { 'X-Forwarded-Proto': 'https' };
    expect(
      (await app(false).request('/', { headers: forwarded })).headers.get('Strict-Transport-Security'),
    ).toBe(null);
    expect((await app(false).request('/')).headers.get('Strict-Transport-Security')).toBe(null);
    expect(
      (await app(true).request('/', { headers: forwarded })).headers.get('Strict-Transport-Security'),
    ).toMatch(/^max-age=\d{8}; includeSubDomains$/);
    const plain = await app(true).request('/', { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(plain.headers.get('Strict-Transport-Security')).toBe(null);
  });
});
