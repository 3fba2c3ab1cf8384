import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { UPLOAD_MESSAGES } from '@contract/messages/learning';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  courseGradesSchema,
  courseLecturesSchema,
  lectureDetailsSchema,
  lectureReadSchema,
  ongoingCoursesSchema,
  submissionSchema,
  UPLOAD_MAX_BYTES,
  uploadResponseSchema,
  videoPositionResponseSchema,
} from '@contract/wire/learning';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../../server/cli';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { GRADES_ITEM_ID } from '../../server/learning/queries';
import { adminTokenFile, ROOT } from '../../server/paths';
import { RATE_LIMITS } from '../../server/rate-limits';
import { seed } from '../../server/seed';
import {
  GRADED_ASSIGNMENT,
  LEARNING_COURSES,
  LEARNING_LECTURES,
  type LearningLectureKey,
  RETURNED_ASSIGNMENT,
  VIDEO_SECONDS,
} from '../../server/seed-learning';
import {
  courseIdBySlug,
  enrolBySlug,
  lectureIdBySlug,
  signedInTrainee,
  startTestServer,
  type TestServer,
} from '../../server/testing';
import { createUploadStore } from '../../server/uploads';
import { ensureUser, findUserByEmail } from '../../server/users';
import { testClient } from '../support/test-client';

let server: TestServer;
let demoToken: string;
let trainerToken: string;
let cloudId: number;
const lectures = {} as Record<LearningLectureKey, number>;

beforeAll(async () => {
  server = await startTestServer();
  const trainee = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
  const trainer = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
  if (!trainee || !trainer) throw new Error('The demo accounts are not seeded');
  demoToken = (await server.tokens.issue('access', trainee)).token;
  trainerToken = (await server.tokens.issue('access', trainer)).token;
  cloudId = await courseIdBySlug(server, LEARNING_COURSES.cloud.slug);
  for (const [key, lecture] of Object.entries(LEARNING_LECTURES)) {
    lectures[key as LearningLectureKey] = await lectureIdBySlug(server, lecture.slug);
  }
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const { call } = testClient(() => server);

const refusal = (message: string) =>
  expect.objectContaining({
    success: false,
    details: expect.arrayContaining([expect.objectContaining({ message })]),
  });

/** A new trainee enrolled in the cloud course. */
async function cloudTrainee(name = 'learner') {
  const trainee = await signedInTrainee(server, name);
  await enrolBySlug(server, trainee.user.id, LEARNING_COURSES.cloud.slug);
  return trainee;
}

function upload(token: string, bytes: Uint8Array | string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), name);
  return call('/upload/', { token, body: form });
}

const seedFile = (name: string) => readFile(join(ROOT, 'server', 'seed-files', name));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const details = async (token: string, key: LearningLectureKey) =>
  lectureDetailsSchema.parse(
    (await call(`/course/individual-course-lecture-details/${lectures[key]}/`, { token })).body,
  );

describe('ongoing courses and the course sidebar', () => {
  it('lists the demo trainee’s three ongoing courses with progress and the next lecture', async () => {
    const { status, body } = await call('/learning/courses/', { token: demoToken });
    expect(status).toBe(200);
    const { results } = ongoingCoursesSchema.parse(body);
    expect(results.map((item) => item.course.title).sort()).toEqual(
      Object.values(LEARNING_COURSES)
        .map((course) => course.title)
        .sort(),
    );
    const cloud = results.find((item) => item.course.id === cloudId);
    // The reviewed and the returned assignment are read (handed in); ten lectures in all.
    expect(cloud).toMatchObject({
      status: 'enrolled',
      progress: { read: 2, total: 10 },
      next_lecture: { id: lectures.cloudPreSurvey, title: LEARNING_LECTURES.cloudPreSurvey.title },
    });
  });

  it('leaves out ended courses and those left', async () => {
    const { user, token } = await cloudTrainee();
    expect(
      ongoingCoursesSchema.parse((await call('/learning/courses/', { token })).body).results,
    ).toHaveLength(1);
    await server.db.query(`UPDATE enrolments SET status = 'withdrawn' WHERE user_id = $1`, [user.id]);
    expect(ongoingCoursesSchema.parse((await call('/learning/courses/', { token })).body).results).toEqual(
      [],
    );
    expect((await call('/learning/courses/', { token: trainerToken })).body).toEqual(
      refusal(SERVER_MESSAGES.traineesOnly),
    );
  });

  it('gives the lectures by week with syllabus titles, read state, files and the grades item last', async () => {
    const { status, body } = await call(`/learning/courses/${cloudId}/lectures/`, { token: demoToken });
    expect(status).toBe(200);
    const sidebar = courseLecturesSchema.parse(body);
    expect(sidebar.weeks.map((week) => week.week)).toEqual([1, 2, 3]);
    expect(sidebar.weeks.every((week) => week.title && week.title_ar)).toBe(true);
    const items = sidebar.weeks.flatMap((week) => week.lectures);
    expect(items.at(-1)).toEqual({
      id: GRADES_ITEM_ID,
      title: 'Grades of assignments and quizzes',
      title_ar: expect.any(String),
      class_type_name: 'Grads of Assignment',
      file_extension: null,
      is_read: false,
      duration: null,
    });
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(lectures.cloudVideo)).toMatchObject({ file_extension: 'mp4', duration: VIDEO_SECONDS });
    expect(byId.get(lectures.cloudNotes)).toMatchObject({ file_extension: 'pdf', class_type_name: 'Class' });
    expect(byId.get(lectures.cloudCompare)).toMatchObject({ class_type_name: 'Assignment', is_read: true });
    expect(sidebar.progress).toEqual({ read: 2, total: 10 });
    expect(sidebar.next_lecture_id).toBe(lectures.cloudPreSurvey);
    expect(sidebar.status).toBe('enrolled');
  });

  it('is for enrolled trainees: others get 403 with the sentence, an unknown course 404', async () => {
    const { user, token } = await signedInTrainee(server, 'stranger');
    expect((await call(`/learning/courses/${cloudId}/lectures/`, { token })).body).toEqual(
      refusal(SERVER_MESSAGES.notEnrolled),
    );
    await enrolBySlug(server, user.id, LEARNING_COURSES.cloud.slug);
    await server.db.query(`UPDATE enrolments SET status = 'withdrawn' WHERE user_id = $1`, [user.id]);
    for (const path of [
      `/learning/courses/${cloudId}/lectures/`,
      `/course/individual-course-lecture-details/${lectures.cloudWelcome}/`,
      `/course/lecture-is-read/${lectures.cloudWelcome}/`,
      `/course/trainee-view-grade-of-assignment-and-quiz/?course_id=${cloudId}`,
    ]) {
      const answer = await call(path, { token });
      expect(answer.status, path).toBe(403);
      expect(answer.body, path).toEqual(refusal(SERVER_MESSAGES.courseWithdrawn));
    }
    expect((await call('/learning/courses/999999/lectures/', { token })).status).toBe(404);
    expect((await call('/course/individual-course-lecture-details/999999/', { token })).status).toBe(404);
    expect((await call('/course/individual-course-lecture-details/abc/', { token })).status).toBe(404);
  });
});

describe('the learning seed', () => {
  it('changes nothing when run again, and puts its media in the upload store', async () => {
    const counts = async () =>
      (
        await server.db.query(
          `SELECT (SELECT count(*)::int FROM lectures) AS lectures, (SELECT count(*)::int FROM questions) AS questions,
             (SELECT count(*)::int FROM submissions) AS submissions, (SELECT count(*)::int FROM uploads) AS uploads,
             (SELECT count(*)::int FROM enrolments) AS enrolments`,
        )
      ).rows[0];
    const before = await counts();
    await seed(server.db, { uploads: createUploadStore(server.uploadsDir) });
    expect(await counts()).toEqual(before);
    const stored = await readFile(join(server.uploadsDir, 'seed', 'cloud-intro.mp4'));
    expect(stored.equals(await seedFile('cloud-intro.mp4'))).toBe(true);
    const { rows } = await server.db.query<{ created_by: number }>(
      'SELECT created_by FROM courses WHERE id = $1',
      [cloudId],
    );
    expect(rows[0]?.created_by).toBe((await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email))?.id);
  });
});

describe('a lecture’s details', () => {
  it('gives a text lecture’s bodies and its neighbours in course order', async () => {
    const welcome = await details(demoToken, 'cloudWelcome');
    expect(welcome).toMatchObject({
      class_type_name: 'Class',
      file: null,
      course_id: cloudId,
      week: 1,
      previous_id: lectures.cloudPreSurvey,
      next_id: lectures.cloudVideo,
      assignment: null,
      quiz: null,
      survey: null,
    });
    expect(welcome.body).toContain('Welcome');
    expect(welcome.body_ar).toMatch(/[\u0600-\u06ff]/);
    expect((await details(demoToken, 'cloudPreSurvey')).previous_id).toBeNull();
    expect((await details(demoToken, 'cloudPostSurvey')).next_id).toBeNull();
  });

  it('gives a video with signed links to it and to its captions, and a PDF', async () => {
    const video = await details(demoToken, 'cloudVideo');
    expect(video.file).toMatchObject({ extension: 'mp4', size: (await seedFile('cloud-intro.mp4')).length });
    expect(video.file?.url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/);
    expect(video.captions.map((caption) => caption.language)).toEqual(['en', 'ar']);
    const track = await call(`${server.url}${video.captions[1]?.url}`);
    expect(track.status).toBe(200);
    expect(track.headers.get('Content-Type')).toBe('text/vtt; charset=utf-8');
    expect(track.bytes.toString('utf8')).toContain('WEBVTT');
    const pdf = await details(demoToken, 'cloudNotes');
    expect(pdf.file).toMatchObject({ extension: 'pdf' });
  });

  it('gives an assignment’s submissions and whether another may be handed in', async () => {
    const graded = await details(demoToken, 'cloudCompare');
    expect(graded.file?.extension).toBe('pdf');
    expect(graded.assignment).toMatchObject({
      can_submit: false,
      submissions: [
        {
          attempt: 1,
          status: 'Reviewed',
          grade: GRADED_ASSIGNMENT.grade,
          feedback: GRADED_ASSIGNMENT.feedback,
        },
      ],
    });
    const returned = await details(demoToken, 'cloudDesign');
    expect(returned.assignment).toMatchObject({
      can_submit: true,
      submissions: [{ status: 'Returned', grade: null, feedback: RETURNED_ASSIGNMENT.feedback }],
    });
  });

  it('gives a quiz’s settings and the trainee’s attempts, never its answers', async () => {
    const quiz = await details(demoToken, 'cloudQuizModels');
    expect(quiz.quiz).toEqual({
      question_count: 3,
      time_limit_seconds: 600,
      attempts_allowed: 2,
      closes_at: null,
      shows_answers: true,
      attempts: [],
      best_score: null,
    });
    expect((await details(demoToken, 'cloudQuizFinal')).quiz).toMatchObject({
      time_limit_seconds: null,
      attempts_allowed: 3,
      shows_answers: false,
    });
    const { rows } = await server.db.query<{ kinds: string[] }>(
      `SELECT array_agg(DISTINCT kind ORDER BY kind) AS kinds FROM questions q JOIN lectures l ON l.id = q.lecture_id
       WHERE l.class_type = 'Quiz'`,
    );
    expect(rows[0]?.kinds).toEqual(['multiple', 'single', 'true_false']);
  });

  it('gives a survey’s questions of every kind', async () => {
    const survey = await details(demoToken, 'cloudPreSurvey');
    expect(survey.survey?.stage).toBe('pre');
    expect(survey.survey?.questions.map((question) => question.kind)).toEqual(['rating', 'choice', 'text']);
    expect(survey.survey?.answered_at).toBeNull();
  });

  it('refuses a trainer who does not teach the course, and a lecture of a course the trainee is not in', async () => {
    const stranger = await ensureUser(server.db, {
      email: 'learning.stranger@example.com',
      password: 'Stranger#2026xyz',
      full_name: 'Omar Al-Dossary',
      role: 'TRAINER',
      phone_number: '0557778888',
      govt_id_or_iqama_no: '1077788899',
      approved: true,
    });
    const strangerToken = (await server.tokens.issue('access', stranger)).token;
    expect(
      (
        await call(`/course/individual-course-lecture-details/${lectures.cloudWelcome}/`, {
          token: strangerToken,
        })
      ).body,
    ).toEqual(refusal(AUTHORING_MESSAGES.notYourCourse));
    const { token } = await signedInTrainee(server, 'other');
    const answer = await call(`/course/individual-course-lecture-details/${lectures.mlWelcome}/`, { token });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(refusal(SERVER_MESSAGES.notEnrolled));
  });
});

describe('read state', () => {
  it('marks text and PDF lectures read on opening, once; only reports the others', async () => {
    const { token } = await cloudTrainee();
    const read = async (key: LearningLectureKey) => {
      const answer = await call(`/course/lecture-is-read/${lectures[key]}/`, { token });
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
      return lectureReadSchema.parse(answer.body);
    };
    expect(await read('cloudWelcome')).toEqual({ id: lectures.cloudWelcome, is_read: true });
    expect(await read('cloudWelcome')).toEqual({ id: lectures.cloudWelcome, is_read: true });
    expect(await read('cloudNotes')).toMatchObject({ is_read: true });
    for (const key of ['cloudVideo', 'cloudCompare', 'cloudQuizModels', 'cloudPreSurvey'] as const) {
      expect(await read(key), key).toMatchObject({ is_read: false });
    }
    const sidebar = courseLecturesSchema.parse(
      (await call(`/learning/courses/${cloudId}/lectures/`, { token })).body,
    );
    expect(sidebar.progress).toEqual({ read: 2, total: 10 });
    expect(sidebar.next_lecture_id).toBe(lectures.cloudPreSurvey);
  });

  it('keeps a video’s position and counts it watched at 90 %', async () => {
    const { token } = await cloudTrainee();
    const path = `/learning/lectures/${lectures.cloudVideo}/position/`;
    const save = (seconds: unknown) => call(path, { token, method: 'PUT', body: { seconds } });
    expect(videoPositionResponseSchema.parse((await save(10.5)).body)).toEqual({
      seconds: 10.5,
      is_read: false,
    });
    expect((await details(token, 'cloudVideo')).position).toBe(10.5);
    expect(videoPositionResponseSchema.parse((await save(VIDEO_SECONDS * 0.9)).body).is_read).toBe(true);
    // Going back keeps it read.
    expect(videoPositionResponseSchema.parse((await save(1)).body)).toEqual({ seconds: 1, is_read: true });
    for (const bad of [-1, 'ten', null, 90_000]) {
      const answer = await save(bad);
      expect(answer.status, String(bad)).toBe(400);
      expect(answer.body).toEqual(refusal(SERVER_MESSAGES.positionInvalid));
    }
    const text = await call(`/learning/lectures/${lectures.cloudWelcome}/position/`, {
      token,
      method: 'PUT',
      body: { seconds: 3 },
    });
    expect(text.status).toBe(400);
  });
});

describe('uploads (POST /upload/)', () => {
  it('stores files whose content matches their type, for trainees and trainers', async () => {
    const { token } = await signedInTrainee(server, 'uploader');
    const pdf = await seedFile('trainee-design.pdf');
    const stored = await upload(token, pdf, 'report ‮fdp.pdf');
    expect(stored.status).toBe(200);
    const answer = uploadResponseSchema.parse(stored.body);
    expect(answer).toMatchObject({ name: 'report fdp.pdf', size: pdf.length });
    expect(answer.file).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}$/);
    const workbook = zipSync({
      '[Content_Types].xml': new Uint8Array([60]),
      'xl/workbook.xml': new Uint8Array([60]),
    });
    const accepted: [Uint8Array | string, string][] = [
      [PNG, 'photo.PNG'],
      [Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'a.gif'],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), 'a.jpg'],
      [workbook, 'marks.xlsx'],
      ['name,grade\nسارة,9\n', 'marks.csv'],
      [Buffer.from('ID3\x04\x00', 'latin1'), 'talk.mp3'],
      [await readFile(join(import.meta.dirname, '..', 'fixtures', 'clip.mp4')), 'clip.mp4'],
      [Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1'), 'voice.wav'],
      [Buffer.from('OggS\x00\x02', 'latin1'), 'voice.oga'],
    ];
    for (const [bytes, name] of accepted) expect((await upload(token, bytes, name)).status, name).toBe(200);
    expect((await upload(trainerToken, PNG, 'slide.png')).status).toBe(200);
    // The video's facts are read in the background: done before the next test.
    await server.uploads.settle();
  });

  it('refuses other types, content that is not what its name says, empty and oversized files', async () => {
    const { token } = await signedInTrainee(server, 'uploader');
    const refused: [Uint8Array | string, string][] = [
      ['MZ\x90\x00', 'setup.exe'],
      ['%PDF-1.7 but not really', 'fake.pdf'],
      [PNG, 'picture.jpg'],
      ['a,b\x00c', 'nul.csv'],
      [Buffer.from([0xc3, 0x28]), 'broken.csv'],
      [zipSync({ 'word/document.xml': new Uint8Array([60]) }), 'not-a-sheet.xlsx'],
      ['<svg/>', 'drawing.svg'],
    ];
    for (const [bytes, name] of refused) {
      const answer = await upload(token, bytes, name);
      expect(answer.status, name).toBe(400);
      expect(answer.body, name).toEqual(refusal(UPLOAD_MESSAGES.uploadType));
    }
    const empty = await upload(token, '', 'empty.pdf');
    expect(empty.body).toEqual(refusal(UPLOAD_MESSAGES.uploadRequired));
    const none = await call('/upload/', { token, body: new FormData() });
    expect(none.body).toEqual(refusal(UPLOAD_MESSAGES.uploadRequired));
    const large = Buffer.alloc(UPLOAD_MAX_BYTES + 1);
    large.write('%PDF-');
    const tooLarge = await upload(token, large, 'big.pdf');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual(refusal(UPLOAD_MESSAGES.uploadTooLarge));
    expect((await call('/upload/', { body: new FormData() })).status).toBe(401);
  });

  it('stops reading a body sent in chunks once it is too large', async () => {
    const { token } = await signedInTrainee(server, 'uploader');
    const { hostname, port } = new URL(server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      let answered = false;
      const request = httpRequest(
        {
          hostname,
          port,
          method: 'POST',
          path: '/api/v1/upload/',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'multipart/form-data; boundary=x',
            'Transfer-Encoding': 'chunked',
          },
        },
        (response) => {
          answered = true;
          let body = '';
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString('utf8');
          });
          response.on('end', () => {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, body });
          });
        },
      );
      // The server may close the connection while the rest is still being sent.
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      request.write('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-');
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const send = () => {
        while (!answered && !request.destroyed && sent < 27) {
          sent += 1;
          if (!request.write(chunk)) {
            request.once('drain', send);
            return;
          }
        }
      };
      send();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(refusal(UPLOAD_MESSAGES.uploadTooLarge));
  });

  it('takes at most 60 uploads an hour from one user', async () => {
    const { token } = await signedInTrainee(server, 'busy');
    for (let count = 0; count < RATE_LIMITS.uploadAccount.max; count += 1) {
      expect((await upload(token, PNG, `page-${count}.png`)).status).toBe(200);
    }
    const refused = await upload(token, PNG, 'one-more.png');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(refusal(SERVER_MESSAGES.tooManyRequests));
  });

  it('refuses a body declared too large before reading it', async () => {
    const { token } = await signedInTrainee(server, 'uploader');
    const { hostname, port } = new URL(server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          hostname,
          port,
          method: 'POST',
          path: '/api/v1/upload/',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'multipart/form-data; boundary=x',
            'Content-Length': String(UPLOAD_MAX_BYTES * 2),
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString('utf8');
          });
          response.on('end', () => {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, body });
          });
        },
      );
      request.on('error', reject);
      // Only the start of the body is sent: the answer comes without the rest.
      request.write('--x\r\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(refusal(UPLOAD_MESSAGES.uploadTooLarge));
  });
});

describe('assignment submissions', () => {
  it('hands in the trainee’s own upload once, again only after a return, keeping every attempt', async () => {
    const { token } = await cloudTrainee();
    const path = `/learning/lectures/${lectures.cloudCompare}/submissions/`;
    const first = uploadResponseSchema.parse((await upload(token, PNG, 'answer.png')).body);
    const stranger = await signedInTrainee(server, 'stranger');
    const theirs = uploadResponseSchema.parse((await upload(stranger.token, PNG, 'theirs.png')).body);
    expect((await call(path, { token, body: { file: theirs.file } })).body).toEqual(
      refusal(UPLOAD_MESSAGES.uploadUnknown),
    );
    expect((await call(path, { token, body: { file: 'not-a-file' } })).status).toBe(400);
    expect((await call(path, { token, body: {} })).status).toBe(400);

    const submitted = await call(path, { token, body: { file: first.file } });
    expect(submitted.status).toBe(201);
    const submission = submissionSchema.parse(submitted.body);
    expect(submission).toMatchObject({ attempt: 1, status: 'Submitted', grade: null });
    expect((await details(token, 'cloudCompare')).is_read).toBe(true);

    const again = await call(path, { token, body: { file: first.file } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refusal(SERVER_MESSAGES.alreadySubmitted));

    expect(
      (
        await call(`/admin/submissions/${submission.id}/return/`, {
          admin: true,
          body: { feedback: 'Add a table' },
        })
      ).status,
    ).toBe(200);
    const second = uploadResponseSchema.parse((await upload(token, PNG, 'answer-2.png')).body);
    const resubmitted = submissionSchema.parse(
      (await call(path, { token, body: { file: second.file } })).body,
    );
    expect(resubmitted.attempt).toBe(2);
    const state = (await details(token, 'cloudCompare')).assignment;
    expect(state?.submissions.map((item) => [item.attempt, item.status])).toEqual([
      [2, 'Submitted'],
      [1, 'Returned'],
    ]);
    expect(state?.can_submit).toBe(false);
    // Two requests at once make one submission.
    const other = await cloudTrainee();
    const file = uploadResponseSchema.parse((await upload(other.token, PNG, 'twice.png')).body).file;
    const both = await Promise.all([1, 2].map(() => call(path, { token: other.token, body: { file } })));
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it('is for assignments only', async () => {
    const { token } = await cloudTrainee();
    const file = uploadResponseSchema.parse((await upload(token, PNG, 'answer.png')).body).file;
    const answer = await call(`/learning/lectures/${lectures.cloudWelcome}/submissions/`, {
      token,
      body: { file },
    });
    expect(answer.body).toEqual(refusal(SERVER_MESSAGES.notAnAssignment));
  });
});

describe('surveys', () => {
  it('checks the answers against the questions, takes them once and marks the survey read', async () => {
    const { token } = await cloudTrainee();
    const questions = (await details(token, 'cloudPreSurvey')).survey?.questions ?? [];
    const [rating, choice, text] = questions;
    if (!rating || !choice || !text) throw new Error('The survey has three questions');
    const path = `/learning/lectures/${lectures.cloudPreSurvey}/survey/`;
    const incomplete = await call(path, {
      token,
      body: { answers: [{ question_id: rating.id, rating: 4 }] },
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body).toEqual(refusal(SERVER_MESSAGES.surveyIncomplete));
    expect(
      (await call(path, { token, body: { answers: [{ question_id: rating.id, rating: 6 }] } })).status,
    ).toBe(400);
    const badOption = await call(path, {
      token,
      body: {
        answers: [
          { question_id: rating.id, rating: 4 },
          { question_id: choice.id, option: 99 },
        ],
      },
    });
    expect(badOption.body).toEqual(refusal(SERVER_MESSAGES.answerInvalid));
    const tooLong = await call(path, {
      token,
      body: {
        answers: [
          { question_id: rating.id, rating: 4 },
          { question_id: choice.id, option: choice.options[0]?.id },
          { question_id: text.id, text: 'x'.repeat(2001) },
        ],
      },
    });
    expect(tooLong.status).toBe(400);
    const answers = [
      { question_id: rating.id, rating: 4 },
      { question_id: choice.id, option: choice.options[1]?.id },
    ];
    const answered = await call(path, { token, body: { answers } });
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({ success: true, message: SERVER_MESSAGES.surveyThanks });
    const again = await call(path, { token, body: { answers } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refusal(SERVER_MESSAGES.surveyAnswered));
    const survey = await details(token, 'cloudPreSurvey');
    expect(survey.is_read).toBe(true);
    expect(survey.survey?.answered_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(
      (await call(`/learning/lectures/${lectures.cloudWelcome}/survey/`, { token, body: { answers } })).body,
    ).toEqual(refusal(SERVER_MESSAGES.notASurvey));
  });
});

describe('grades', () => {
  it('lists every assignment and quiz in course order with the totals', async () => {
    const { status, body } = await call(
      `/course/trainee-view-grade-of-assignment-and-quiz/?course_id=${cloudId}`,
      {
        token: demoToken,
      },
    );
    expect(status).toBe(200);
    const grades = courseGradesSchema.parse(body);
    expect(grades.items.map((item) => [item.lecture_id, item.kind, item.status, item.grade])).toEqual([
      [lectures.cloudQuizModels, 'quiz', 'Not submitted', null],
      [lectures.cloudCompare, 'assignment', 'Reviewed', GRADED_ASSIGNMENT.grade],
      [lectures.cloudDesign, 'assignment', 'Returned', null],
      [lectures.cloudQuizFinal, 'quiz', 'Not submitted', null],
    ]);
    expect(grades.items[1]?.feedback).toBe(GRADED_ASSIGNMENT.feedback);
    expect(grades).toMatchObject({ course_id: cloudId, total: 8.5, possible: 40, average: 8.5 });
  });

  it('counts a quiz by its best submitted attempt', async () => {
    const { user, token } = await cloudTrainee();
    await server.db.query(
      `INSERT INTO quiz_attempts (id, lecture_id, user_id, number, submitted_at, submitted_by, score, correct_count)
       VALUES (gen_random_uuid(), $1, $2, 1, now(), 'trainee', 5, 1), (gen_random_uuid(), $1, $2, 2, now(), 'trainee', 7.5, 2)`,
      [lectures.cloudQuizModels, user.id],
    );
    const grades = courseGradesSchema.parse(
      (await call(`/course/trainee-view-grade-of-assignment-and-quiz/?course_id=${cloudId}`, { token })).body,
    );
    expect(grades.items[0]).toMatchObject({ status: 'Reviewed', grade: 7.5 });
    expect(grades).toMatchObject({ total: 7.5, average: 7.5 });
    expect((await details(token, 'cloudQuizModels')).quiz).toMatchObject({ best_score: 7.5 });
  });

  it('needs a course id', async () => {
    for (const query of ['', '?course_id=', '?course_id=abc']) {
      const answer = await call(`/course/trainee-view-grade-of-assignment-and-quiz/${query}`, {
        token: demoToken,
      });
      expect(answer.status, query).toBe(400);
      expect(answer.body).toEqual(refusal(SERVER_MESSAGES.courseIdRequired));
    }
  });
});

describe('files (GET /api/v1/files/{uuid})', () => {
  it('serves a lecture file to enrolled trainees and the trainer by token, and by a signed link', async () => {
    const video = await details(demoToken, 'cloudVideo');
    const url = video.file?.url ?? '';
    const address = url.split('?')[0] ?? '';
    const bytes = await seedFile('cloud-intro.mp4');
    const byToken = await call(`${server.url}${address}`, { token: demoToken });
    expect(byToken.status).toBe(200);
    expect(byToken.bytes.equals(bytes)).toBe(true);
    expect(byToken.headers.get('Content-Type')).toBe('video/mp4');
    expect(byToken.headers.get('Accept-Ranges')).toBe('bytes');
    expect(byToken.headers.get('Content-Disposition')).toMatch(
      /^inline; .*filename\*=UTF-8''What%20is%20the%20cloud\.mp4$/,
    );
    expect(byToken.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(byToken.headers.get('Cache-Control')).toMatch(/^private/);
    expect(byToken.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(byToken.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'self'");
    expect((await call(`${server.url}${address}`, { token: trainerToken })).status).toBe(200);
    const signed = await call(`${server.url}${url}`);
    expect(signed.status).toBe(200);
    expect(signed.bytes.equals(bytes)).toBe(true);
  });

  it('refuses other trainees, no credentials, and wrong or expired signatures', async () => {
    const url = (await details(demoToken, 'cloudNotes')).file?.url ?? '';
    const address = url.split('?')[0] ?? '';
    const { token } = await signedInTrainee(server, 'outsider');
    expect((await call(`${server.url}${address}`, { token })).status).toBe(404);
    expect((await call(`${server.url}${address}`)).status).toBe(401);
    const expires = Number(/expires=(\d+)/.exec(url)?.[1]);
    const signature = /signature=([\w-]+)/.exec(url)?.[1] ?? '';
    expect((await call(`${server.url}${address}?expires=${expires + 1}&signature=${signature}`)).status).toBe(
      403,
    );
    // One character changed (never to the one it was).
    const tampered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await call(`${server.url}${address}?expires=${expires}&signature=${tampered}`)).status).toBe(403);
    // A link signed for one file does not open another.
    const other = ((await details(demoToken, 'cloudVideo')).file?.url ?? '').split('?')[0] ?? '';
    expect((await call(`${server.url}${other}?expires=${expires}&signature=${signature}`)).status).toBe(403);
    const { signedFileUrl } = await import('../../server/learning/files');
    const fileId = address.split('/').pop() ?? '';
    const expired = signedFileUrl(server.secret, fileId, Date.now() - 7 * 3600 * 1000);
    expect((await call(`${server.url}${expired}`)).status).toBe(403);
    expect((await call(`${server.url}/api/v1/files/not-a-uuid`, { token: demoToken })).status).toBe(404);
  });

  it('serves a submission’s file to its trainee and the course’s trainer only', async () => {
    const { token } = await cloudTrainee();
    const file = uploadResponseSchema.parse((await upload(token, PNG, 'mine.png')).body).file;
    await call(`/learning/lectures/${lectures.cloudDesign}/submissions/`, { token, body: { file } });
    expect((await call(`${server.url}${file}`, { token })).headers.get('Content-Type')).toBe('image/png');
    expect((await call(`${server.url}${file}`, { token: trainerToken })).status).toBe(200);
    expect((await call(`${server.url}${file}`, { token: demoToken })).status).toBe(404);
    const csv = uploadResponseSchema.parse((await upload(token, 'a,b\n', 'list.csv')).body).file;
    expect((await call(`${server.url}${csv}`, { token })).headers.get('Content-Disposition')).toMatch(
      /^attachment;/,
    );
  });

  it('answers byte ranges', async () => {
    const url = (await details(demoToken, 'cloudVideo')).file?.url ?? '';
    const bytes = await seedFile('cloud-intro.mp4');
    const first = await call(`${server.url}${url}`, { headers: { Range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('Content-Range')).toBe(`bytes 0-99/${bytes.length}`);
    expect(first.bytes.equals(bytes.subarray(0, 100))).toBe(true);
    const open = await call(`${server.url}${url}`, { headers: { Range: 'bytes=1000-' } });
    expect(open.bytes.equals(bytes.subarray(1000))).toBe(true);
    const last = await call(`${server.url}${url}`, { headers: { Range: 'bytes=-10' } });
    expect(last.bytes.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const beyond = await call(`${server.url}${url}`, { headers: { Range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('Content-Range')).toBe(`bytes */${bytes.length}`);
  });
});

describe('grading (admin)', () => {
  async function waitingSubmission() {
    const trainee = await cloudTrainee('graded');
    const file = uploadResponseSchema.parse((await upload(trainee.token, PNG, 'work.png')).body).file;
    const submission = submissionSchema.parse(
      (
        await call(`/learning/lectures/${lectures.cloudCompare}/submissions/`, {
          token: trainee.token,
          body: { file },
        })
      ).body,
    );
    return { ...trainee, submission };
  }

  it('grades a waiting submission once and notifies the trainee with a link to the lecture', async () => {
    const { user, token, submission } = await waitingSubmission();
    const path = `/admin/submissions/${submission.id}/grade`;
    expect((await call(path, { body: { grade: 9 } })).status).toBe(401);
    for (const grade of [11, -1, 8.555, '9']) {
      const answer = await call(path, { admin: true, body: { grade } });
      expect(answer.status, String(grade)).toBe(400);
      expect(answer.body).toEqual(refusal(SERVER_MESSAGES.gradeInvalid));
    }
    const graded = await call(path, { admin: true, body: { grade: 9.25, feedback: 'Well argued' } });
    expect(graded.status).toBe(200);
    expect(graded.body.data).toMatchObject({
      id: submission.id,
      status: 'Reviewed',
      grade: 9.25,
      trainee_email: user.email,
    });
    expect((await call(path, { admin: true, body: { grade: 5 } })).body).toEqual(
      refusal(SERVER_MESSAGES.submissionNotAwaiting),
    );
    expect(
      (await call(`/admin/submissions/${submission.id}/return/`, { admin: true, body: { feedback: 'x' } }))
        .status,
    ).toBe(409);
    expect((await call('/admin/submissions/999999/grade/', { admin: true, body: { grade: 5 } })).status).toBe(
      404,
    );
    const [notice] = await server.notifier.list(user.id);
    expect(notice).toMatchObject({
      title: 'Your assignment has been graded',
      link: `/ongoing-courses/${cloudId}/${lectures.cloudCompare}`,
      seen: false,
    });
    expect((await details(token, 'cloudCompare')).assignment?.submissions[0]).toMatchObject({
      status: 'Reviewed',
      grade: 9.25,
      feedback: 'Well argued',
    });
  });

  it('returns a submission with feedback', async () => {
    const { submission } = await waitingSubmission();
    const path = `/admin/submissions/${submission.id}/return/`;
    expect((await call(path, { admin: true, body: { feedback: '  ' } })).body).toEqual(
      refusal(SERVER_MESSAGES.feedbackRequired),
    );
    expect((await call(path, { admin: true, body: { feedback: 'Add sources' } })).body.data).toMatchObject({
      status: 'Returned',
      feedback: 'Add sources',
      grade: null,
    });
  });

  it('lists, grades and returns through npm run admin', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kfu-grade-admin-'));
    try {
      await writeFile(adminTokenFile(dataDir), `${server.adminToken}\n`);
      const env = { DATA_DIR: dataDir, KFU_STAFF_TOKEN: server.staffToken };
      const first = await waitingSubmission();
      const second = await waitingSubmission();
      const listed = await adminCommand(['list-submissions', '--url', server.url], { env });
      expect(listed.code).toBe(0);
      expect(listed.out.join('\n')).toContain(`#${first.submission.id}`);
      expect(listed.out.join('\n')).toContain(first.user.email);
      const bad = await adminCommand(
        ['grade-submission', String(first.submission.id), '--grade', '12', '--url', server.url],
        {
          env,
        },
      );
      expect(bad.code).toBe(2);
      expect(bad.err.join('\n')).toContain(SERVER_MESSAGES.gradeInvalid);
      const graded = await adminCommand(
        [
          'grade-submission',
          String(first.submission.id),
          '--grade',
          '8.5',
          '--feedback',
          'Good',
          '--url',
          server.url,
        ],
        { env },
      );
      expect(graded.code).toBe(0);
      expect(graded.out.join('\n')).toContain('8.5/10');
      const returned = await adminCommand(
        ['return-submission', String(second.submission.id), '--feedback', 'Redo part 2', '--url', server.url],
        { env },
      );
      expect(returned.code).toBe(0);
      const again = await adminCommand(
        ['return-submission', String(second.submission.id), '--feedback', 'x', '--url', server.url],
        {
          env,
        },
      );
      expect(again.code).toBe(1);
      expect(again.err.join('\n')).toContain(SERVER_MESSAGES.submissionNotAwaiting);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
