import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { randomTokenSecret } from '../../server/auth/secret';
import { noDatabase } from './support/no-database';

const INDEX = '<!doctype html><title>KFU Training</title><div id="root"></div>';

describe('serving the built SPA', () => {
  let dist: string;
  let parent: string;

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'kfu-spa-'));
    dist = join(parent, 'dist');
    await mkdir(join(dist, 'assets'), { recursive: true });
    await mkdir(join(dist, 'brand'), { recursive: true });
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'assets', 'index-3f2a9c.js'), 'console.log("app")');
    await writeFile(join(dist, 'brand', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(parent, 'secret.txt'), 'outside dist');
  });

  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  const app = () => createApp({ db: noDatabase, secret: randomTokenSecret(), distDir: dist });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await app().request('/assets/index-3f2a9c.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/javascript/);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("app")');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const response = await app().request('/assets/index-000000.js');
    expect(response.status).toBe(404);
  });

  it('serves other static files, revalidated', async () => {
    const response = await app().request('/brand/logo.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('answers client-side routes with index.html', async () => {
    for (const path of ['/', '/course-details/12?title=Data', '/ongoing-courses/3/9', '/about-us']) {
      const response = await app().request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('never serves a file outside dist', async () => {
    for (const path of ['/..%2Fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2F..%2Fsecret.txt']) {
      const response = await app().request(path);
      expect(await response.text()).not.toContain('outside dist');
    }
  });

  it('leaves /api to the API: unknown paths get JSON 404, not the page', async () => {
    const response = await app().request('/api/v1/unknown/');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not found' });
  });

  it('serves no page without distDir', async () => {
    const response = await createApp({ db: noDatabase, secret: randomTokenSecret() }).request('/about-us');
    expect(response.status).toBe(404);
  });
});
