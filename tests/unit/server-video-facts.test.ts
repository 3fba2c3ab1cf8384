/**
 * A video's facts (server/media/video-facts.ts): read with ffprobe and ffmpeg once it is uploaded,
 * in the background and once, shown in the lecture details (length, poster) and the sidebar; a
 * video ffprobe cannot read is refused. With PostgreSQL (TEST_DATABASE_URL), two instances sharing
 * one uploads folder: a video uploaded through one plays through the other, and the work on files
 * is done once. `npm run with-postgres -- npx vitest run --project unit tests/unit/server-video-facts.test.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COVER_WIDTHS } from '@contract/domain/covers';
import type { ClassInput } from '@contract/forms/authoring';
import { UPLOAD_MESSAGES } from '@contract/messages/learning';
import { classSavedSchema } from '@contract/wire/authoring';
import { courseLecturesSchema, lectureDetailsSchema, uploadResponseSchema } from '@contract/wire/learning';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveCover } from '../../server/authoring/course-covers';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { scheduleVideoFacts } from '../../server/media/video-facts';
import { LEARNING_COURSES } from '../../server/seed-learning';
import { courseIdBySlug, startTestServer, type TestServer } from '../../server/testing';
import { findUserByEmail } from '../../server/users';
import { pngOf } from '../fixtures/images';
import { type TestClient, testClient } from '../support/test-client';

let folder: string;
/** A 2.5-second video (its length rounds up to 3 s) and an audio file named like a video. */
let video: Buffer;
let audioOnly: Buffer;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'kfu-video-facts-'));
  const make = (name: string, args: string[]) => {
    execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, join(folder, name)]);
    return readFile(join(folder, name));
  };
  video = await make('lecture.mp4', [
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=10:duration=2.5',
    '-pix_fmt',
    'yuv420p',
  ]);
  audioOnly = await make('talk.mp4', ['-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac']);
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

interface Actors {
  trainer: { id: number; token: string };
  trainee: string;
  cloudId: number;
}

async function actors(server: TestServer): Promise<Actors> {
  const trainer = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
  const trainee = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
  if (!trainer || !trainee) throw new Error('The demo accounts are not seeded');
  await server.db.query(
    `UPDATE courses SET status = 'Approved', end_date = greatest(end_date, current_date + 30) WHERE slug = $1`,
    [LEARNING_COURSES.cloud.slug],
  );
  return {
    trainer: { id: trainer.id, token: (await server.tokens.issue('access', trainer)).token },
    trainee: (await server.tokens.issue('access', trainee)).token,
    cloudId: await courseIdBySlug(server, LEARNING_COURSES.cloud.slug),
  };
}

async function upload(client: TestClient, token: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), name);
  return client.call('/upload/', { token, body: form });
}

/** A video class of the cloud course showing `file`. */
async function videoClass(client: TestClient, who: Actors, file: string, title: string): Promise<number> {
  const body: ClassInput = {
    class_type: 1,
    course: who.cloudId,
    week: 1,
    detail_info: { title, description: 'Watch it.', file },
    quiz_info: [],
  };
  const answer = await client.call('/course/class-create/', { token: who.trainer.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return classSavedSchema.parse(answer.body).data.id;
}

async function jobs(server: TestServer, path: string) {
  const { rows } = await server.db.query<{ kind: string; state: string; attempts: number }>(
    'SELECT kind, state, attempts FROM file_jobs WHERE path = $1',
    [path],
  );
  return rows;
}

async function uploadRow(server: TestServer, address: string) {
  const id = address.split('/').pop();
  const { rows } = await server.db.query<{
    path: string;
    duration_seconds: number | null;
    poster_id: string | null;
  }>('SELECT path, duration_seconds, poster_id FROM uploads WHERE id = $1', [id]);
  const row = rows[0];
  if (!row) throw new Error(`No upload ${address}`);
  return row;
}

describe('video facts', () => {
  let server: TestServer;
  let who: Actors;
  const client = testClient(() => server);

  beforeAll(async () => {
    server = await startTestServer();
    who = await actors(server);
  }, 90_000);

  afterAll(async () => {
    await server?.close();
  });

  it('reads the length and makes a poster once, and the details and the sidebar show them', async () => {
    const answer = await upload(client, who.trainer.token, video, 'Regions.mp4');
    expect(answer.status).toBe(200);
    const { file } = uploadResponseSchema.parse(answer.body);
    const lectureId = await videoClass(client, who, file, 'Regions on video');
    await server.uploads.settle();

    const stored = await uploadRow(server, file);
    expect(stored.duration_seconds).toBe(3);
    expect(await jobs(server, stored.path)).toEqual([{ kind: 'video_facts', state: 'done', attempts: 1 }]);
    // Claimed once: asking again does nothing.
    const { rows } = await server.db.query<{ id: string; owner_id: number; name: string; extension: string }>(
      'SELECT id, owner_id, name, extension FROM uploads WHERE path = $1',
      [stored.path],
    );
    const row = rows[0];
    if (!row) throw new Error('The upload has no row');
    expect(await scheduleVideoFacts(server.db, server.uploads, { ...row, path: stored.path })).toBe(false);

    const details = lectureDetailsSchema.parse(
      (await client.call(`/course/individual-course-lecture-details/${lectureId}/`, { token: who.trainee }))
        .body,
    );
    expect(details.duration).toBe(3);
    expect(details.poster).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    const poster = await client.call(`${server.url}${details.poster}`);
    expect(poster.status).toBe(200);
    expect(poster.type).toBe('image/jpeg');
    expect([...poster.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const size = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', '-i', 'pipe:0'],
      { input: poster.bytes },
    )
      .toString()
      .trim();
    expect(size).toBe('320,240');

    const sidebar = courseLecturesSchema.parse(
      (await client.call(`/learning/courses/${who.cloudId}/lectures/`, { token: who.trainee })).body,
    );
    const item = sidebar.weeks.flatMap((week) => week.lectures).find((lecture) => lecture.id === lectureId);
    expect(item).toMatchObject({ file_extension: 'mp4', duration: 3 });
  });

  it('gives a class attached after the facts were read their length', async () => {
    const { file } = uploadResponseSchema.parse(
      (await upload(client, who.trainer.token, video, 'Zones.mp4')).body,
    );
    await server.uploads.settle();
    const lectureId = await videoClass(client, who, file, 'Zones on video');
    const { rows } = await server.db.query<{ duration_seconds: number | null }>(
      'SELECT duration_seconds FROM lectures WHERE id = $1',
      [lectureId],
    );
    expect(rows[0]?.duration_seconds).toBe(3);
  });

  it('refuses a video file that ffprobe cannot read as a video, and keeps nothing of it', async () => {
    const { rows: before } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads');
    const fakes: [Uint8Array, string][] = [
      [Buffer.concat([Buffer.from('\x00\x00\x00\x18ftypmp42', 'latin1'), Buffer.alloc(64, 7)]), 'clip.mp4'],
      [Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01, 0x02]), 'clip.webm'],
      [audioOnly, 'talk.mp4'],
    ];
    for (const [bytes, name] of fakes) {
      const answer = await upload(client, who.trainer.token, bytes, name);
      expect(answer.status, name).toBe(400);
      expect(answer.body, name).toEqual({
        success: false,
        details: [{ field: 'file', message: UPLOAD_MESSAGES.uploadNotVideo }],
      });
    }
    const { rows: after } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads');
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances sharing one uploads folder', () => {
  let a: TestServer;
  let b: TestServer;
  let shared: string;
  let who: Actors;
  const throughA = testClient(() => a);
  const throughB = testClient(() => b);

  beforeAll(async () => {
    shared = await mkdtemp(join(tmpdir(), 'kfu-shared-uploads-'));
    a = await startTestServer({ uploadsDir: shared });
    b = await startTestServer({ sameDatabaseAs: a, uploadsDir: shared });
    who = await actors(a);
  }, 120_000);

  afterAll(async () => {
    // The second instance first: the first one drops the database.
    await b?.close();
    await a?.close();
    if (shared) await rm(shared, { recursive: true, force: true });
  });

  it('plays through B a video uploaded through A, whose facts are read once', async () => {
    const { file } = uploadResponseSchema.parse(
      (await upload(throughA, who.trainer.token, video, 'Shared.mp4')).body,
    );
    const lectureId = await videoClass(throughA, who, file, 'Shared video');
    await Promise.all([a.uploads.settle(), b.uploads.settle()]);
    const stored = await uploadRow(a, file);
    expect(await jobs(a, stored.path)).toEqual([{ kind: 'video_facts', state: 'done', attempts: 1 }]);

    const details = lectureDetailsSchema.parse(
      (await throughB.call(`/course/individual-course-lecture-details/${lectureId}/`, { token: who.trainee }))
        .body,
    );
    expect(details.duration).toBe(3);
    const range = await throughB.call(`${b.url}${details.file?.url}`, { headers: { Range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-99/${video.length}`);
    expect(range.bytes.equals(video.subarray(0, 100))).toBe(true);
    const poster = await throughB.call(`${b.url}${details.poster}`);
    expect(poster.status).toBe(200);
    expect(poster.type).toBe('image/jpeg');
  });

  it('finishes through B a resumable upload begun through A, and plays it through either', async () => {
    const tus = { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${who.trainer.token}` };
    const created = await fetch(`${a.url}/api/v1/uploads/`, {
      method: 'POST',
      headers: {
        ...tus,
        'Upload-Length': String(video.length),
        'Upload-Metadata': `filename ${Buffer.from('Relay.mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('Location') ?? '';
    const half = Math.floor(video.length / 2);
    const part = (instance: TestServer, from: number, to: number) =>
      fetch(`${instance.url}${location}`, {
        method: 'PATCH',
        headers: { ...tus, 'Upload-Offset': String(from), 'Content-Type': 'application/offset+octet-stream' },
        body: new Uint8Array(video.subarray(from, to)),
      });
    expect((await part(a, 0, half)).status).toBe(204);
    // B knows how far it got, from the shared folder, and takes the rest.
    const head = await fetch(`${b.url}${location}`, { method: 'HEAD', headers: tus });
    expect(head.headers.get('Upload-Offset')).toBe(String(half));
    const done = await part(b, half, video.length);
    expect(done.status).toBe(200);
    const { file } = uploadResponseSchema.parse(await done.json());
    for (const instance of [a, b]) {
      const served = await fetch(`${instance.url}${file}`, { headers: { Authorization: tus.Authorization } });
      expect(Buffer.from(await served.arrayBuffer()).equals(video)).toBe(true);
    }
  });

  it("makes a cover's copies once, whichever instance is asked for them", async () => {
    const { file } = uploadResponseSchema.parse(
      (await upload(throughA, who.trainer.token, pngOf(200), 'cover.png')).body,
    );
    const cover = await resolveCover(a.db, a.uploads, file, who.trainer.id);
    const name = cover.address.split('/').pop() ?? '';
    // While A makes them in the background, both instances are asked for every copy.
    const asks = COVER_WIDTHS.flatMap((width) =>
      [a, b].flatMap((instance) =>
        ['image/avif', 'image/webp'].map((accept) =>
          fetch(`${instance.url}/api/v1/covers/${name}?w=${width}`, { headers: { Accept: accept } }),
        ),
      ),
    );
    for (const answer of await Promise.all(asks)) expect(answer.status).toBe(200);
    await Promise.all([a.uploads.settle(), b.uploads.settle()]);

    const { rows } = await a.db.query<{ path: string; state: string; attempts: number }>(
      `SELECT path, state, attempts FROM file_jobs WHERE kind = 'cover_copy' AND path LIKE $1 ORDER BY path`,
      [`covers/${name.replace(/\.png$/, '')}-%`],
    );
    expect(rows).toHaveLength(COVER_WIDTHS.length * 2);
    for (const row of rows) expect(row, row.path).toMatchObject({ state: 'done', attempts: 1 });
    const written = await Promise.all(rows.map(async (row) => (await stat(join(shared, row.path))).mtimeMs));
    // Asked again through B: served as made, never made again.
    for (const width of COVER_WIDTHS)
      expect(
        (await fetch(`${b.url}/api/v1/covers/${name}?w=${width}`, { headers: { Accept: 'image/avif' } }))
          .status,
      ).toBe(200);
    const after = await Promise.all(rows.map(async (row) => (await stat(join(shared, row.path))).mtimeMs));
    expect(after).toEqual(written);
  });
});
