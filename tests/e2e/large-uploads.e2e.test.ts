import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TrainerCourse } from '@contract/wire/authoring';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { ClassForm } from './pages/class-form';
import { CoursePlayer } from './pages/course-player';
import type { Visit } from './pages/visit';
import { expectNoAxeViolations } from './support/browser';
import { newLearner } from './support/learning';
import { accessToken, signInWithTokens } from './support/session';
import { AR_DESKTOP, AR_PHONE, EN_DESKTOP, named, type Setting } from './support/settings';
import { productSuite } from './support/suite';

/**
 * Lecture videos at real sizes (docs/files.md): sent resumably through a connection that drops, a
 * reload, a pause; read back by an enrolled trainee with seeking; a file that is no video refused.
 */

const suite = productSuite();
const CLOUD = 'Cloud Computing Fundamentals';
const MB = 1024 * 1024;

/**
 * A 20-second video made with ffmpeg, grown to about 60 MB with a `free` box (padding any MP4 may
 * end with): a recording's size, made in a second.
 */
function largeVideo(): string {
  const folder = mkdtempSync(join(tmpdir(), 'kfu-video-'));
  const file = join(folder, 'week-1-recording.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '20'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
  ]);
  const padding = 60 * MB - statSync(file).size;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(padding, 0);
  header.write('free', 4, 'latin1');
  appendFileSync(file, Buffer.concat([header, Buffer.alloc(padding - 8)]));
  return file;
}

let video: string | undefined;
function videoFile(): string {
  if (!video || !existsSync(video)) video = largeVideo();
  return video;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The demo trainer, signed in in a new tab, on the class form of the cloud course. */
async function classFormOf(
  setting: Setting,
): Promise<{ visit: Visit; form: ClassForm; token: string; courseId: number }> {
  const visit = await suite.open(setting);
  await signInWithTokens(suite.app, visit.context, DEMO_ACCOUNTS.trainer);
  const token = await accessToken(visit.context);
  const courses = await suite.read<{ results: TrainerCourse[] }>('/course/course-list-of-a-trainer/', {
    token,
  });
  const course = courses.results.find((candidate) => candidate.title === CLOUD);
  if (!course) throw new Error(`the demo trainer has no course “${CLOUD}”`);
  const form = new ClassForm(visit.tab);
  await form.openClass(course.id);
  await form.ready();
  return { visit, form, token, courseId: course.id };
}

/** Sends at most `bytesPerSecond` up, so that an upload lasts long enough to be cut. */
async function slowUplink(page: Page, bytesPerSecond: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await setOffline(cdp, false, bytesPerSecond);
  return cdp;
}

function setOffline(cdp: CDPSession, offline: boolean, bytesPerSecond: number) {
  return cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** The share the progress bar shows, 0 to 100 (or -1 while there is none). */
async function percentOf(form: ClassForm): Promise<number> {
  if ((await form.progressBar.count()) === 0) return -1;
  return Number((await form.progressBar.getAttribute('aria-valuenow')) ?? -1);
}

/** The Upload-Offset of each part the page sends, in order. */
function partOffsets(page: Page): number[] {
  const offsets: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/v1/uploads/')) {
      offsets.push(Number(request.headers()['upload-offset']));
    }
  });
  return offsets;
}

function creations(page: Page): string[] {
  const created: string[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/uploads/')) {
      created.push(response.headers().location ?? '');
    }
  });
  return created;
}

describe('large uploads', () => {
  it(`a 60 MB video goes up through two cuts of the connection, and an enrolled trainee plays it and seeks ${named(EN_DESKTOP)}`, async () => {
    const file = videoFile();
    const { visit, form, token, courseId } = await classFormOf(EN_DESKTOP);
    const { page, t } = visit;
    // Its own title each time: a retried test finds its own lecture, not the one of a failed attempt.
    const title = `Week 1 recording ${randomBytes(3).toString('hex')}`;
    await form.title.fill(title);
    await form.description.fill('The whole first session.');
    const rate = 6 * MB;
    const cdp = await slowUplink(page, rate);
    const offsets = partOffsets(page);
    await form.upload(file);

    for (const at of [20, 60]) {
      await expect.poll(() => percentOf(form), { timeout: 30_000 }).toBeGreaterThanOrEqual(at);
      await setOffline(cdp, true, rate);
      await expect
        .poll(() => page.getByText(t('Connection lost. The upload goes on once it is back…')).count(), {
          timeout: 15_000,
        })
        .toBe(1);
      if (at === 20) await expectNoAxeViolations(page);
      await setOffline(cdp, false, rate);
    }
    await expect.poll(() => form.preview('video').count(), { timeout: 90_000 }).toBe(1);
    expect(await form.toasts()).toContain(t('File has been uploaded successfully'));
    // Each cut was taken up again from what the server had, not from the start.
    expect(offsets.filter((offset) => offset > 0).length).toBeGreaterThanOrEqual(2);
    expect(offsets.filter((offset) => offset === 0)).toHaveLength(1);
    await cdp.detach();

    await form.save();
    const prefix = `${paths.manageCourseLectures(courseId)}/`;
    await expect.poll(() => new URL(page.url()).pathname.startsWith(prefix), { timeout: 15_000 }).toBe(true);
    const lectureId = Number(new URL(page.url()).pathname.slice(prefix.length));
    const saved = await suite.read<{ file: { url: string } | null }>(`/course/class-create/${lectureId}/`, {
      token,
    });
    const stored = await fetch(new URL(saved.file?.url ?? '', suite.app.url), {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(sha256(new Uint8Array(await stored.arrayBuffer()))).toBe(sha256(readFileSync(file)));

    // An enrolled trainee plays it, seeks into it, and sees its length in the sidebar.
    const learner = await newLearner(suite, 'en', 'desktop', CLOUD);
    const player = new CoursePlayer(learner.visit.tab);
    await learner.visit.page.goto(paths.courseLectures(learner.course.id, lectureId));
    const element = learner.visit.page.locator('video');
    await expect.poll(() => element.count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => element.evaluate((node: HTMLVideoElement) => node.duration), { timeout: 20_000 })
      .toBeGreaterThan(19);
    const seeked = await element.evaluate(
      (node: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          node.addEventListener('seeked', () => resolve(node.currentTime), { once: true });
          node.currentTime = 15;
        }),
    );
    expect(seeked).toBeCloseTo(15, 0);
    await expect
      .poll(() => element.evaluate((node: HTMLVideoElement) => node.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    await expect
      .poll(async () => (await player.item(title)).textContent(), { timeout: 20_000 })
      .toContain('1 min');
    expect(visit.problems).toEqual([]);
  });

  it(`pauses and resumes, and after a reload the same file goes on from where it was ${named(AR_PHONE)}`, async () => {
    const file = videoFile();
    const { visit, form } = await classFormOf(AR_PHONE);
    const { page, t } = visit;
    const rate = 8 * MB;
    await slowUplink(page, rate);
    const offsets = partOffsets(page);
    const created = creations(page);
    await form.upload(file);
    await expect.poll(() => percentOf(form), { timeout: 30_000 }).toBeGreaterThanOrEqual(10);

    await page.getByRole('button', { name: t('Pause upload') }).click();
    await expect.poll(() => page.getByText(t('Upload paused')).count()).toBe(1);
    const paused = await percentOf(form);
    await page.waitForTimeout(1500);
    expect(await percentOf(form)).toBe(paused);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('Resume upload') }).click();
    await expect.poll(() => percentOf(form), { timeout: 30_000 }).toBeGreaterThanOrEqual(45);

    await page.reload();
    await form.ready();
    await slowUplink(page, rate);
    const before = offsets.length;
    await form.upload(file);
    await expect.poll(() => form.preview('video').count(), { timeout: 90_000 }).toBe(1);
    // One upload on the server; after the reload it went on past what was sent before.
    expect(created).toHaveLength(1);
    expect(offsets[before]).toBeGreaterThanOrEqual(16 * MB);
    expect(await form.toasts()).toContain(t('File has been uploaded successfully'));
    expect(visit.problems).toEqual([]);
  });

  it(`refuses a file named as a video that is none, once it is up ${named(AR_DESKTOP)}`, async () => {
    const { visit, form } = await classFormOf(AR_DESKTOP);
    const { t } = visit;
    // An MP4's first box, and nothing a player can read.
    const fake = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypisom'),
      Buffer.alloc(200_000, 7),
    ]);
    await form.upload({ name: 'lecture.mp4', mimeType: 'video/mp4', buffer: fake });
    await expect
      .poll(() => form.chosenFile(), { timeout: 20_000 })
      .toContain(t('This file is not a video we can play'));
    expect(await form.toasts()).toContain(t('Error uploading file'));
    expect(await form.preview('video').count()).toBe(0);
    // Sending the same file again would get the same answer: another file is what helps.
    expect(await visit.page.getByRole('button', { name: t('Try again') }).count()).toBe(0);
    expect(await visit.page.getByRole('button', { name: t('Replace file') }).count()).toBe(0);
    expect(await visit.page.getByRole('button', { name: t('Choose a file') }).count()).toBe(1);
    await expectNoAxeViolations(visit.page);
  });
});
