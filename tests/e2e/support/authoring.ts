import type { CourseInput } from '@contract/forms/authoring';
import type { CourseSaved, SurveyCategory } from '@contract/wire/authoring';
import type { Category } from '@contract/wire/courses';
import { expect } from 'vitest';
import type { Language } from '@/i18n/languages';
import { DEMO_ACCOUNTS } from '../../../server/demo-accounts';
import { pngOf } from '../../fixtures/images';
import type { Visit } from '../pages/visit';
import type { Width } from './browser';
import { type Account, runAdmin } from './identity';
import { signInWithTokens } from './session';
import type { ProductSuite } from './suite';

let stamp = 0;

/** A trainer's access token (the demo trainer's unless another account is given), through the API. */
export async function trainerToken(
  suite: ProductSuite,
  account: Account = DEMO_ACCOUNTS.trainer,
): Promise<string> {
  const answer = await suite.call('/user/login/', {
    body: { username: account.email, password: account.password },
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

function isoDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A cover picture to upload: its bytes, file name and type. */
export interface CoverFile {
  bytes: Buffer;
  name: string;
  type: string;
}

/**
 * A new course of the trainer, sent through the API as the wizard sends it: it is Pending.
 * `overrides` replace fields of the course (its dates and routine, say); `cover` is the picture
 * uploaded as its cover (a small PNG unless given).
 */
export async function newCourse(
  suite: ProductSuite,
  token: string,
  overrides: Partial<CourseInput> = {},
  cover: CoverFile = { bytes: pngOf(32), name: 'cover.png', type: 'image/png' },
): Promise<{ id: number; title: string; title_ar: string }> {
  stamp += 1;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(cover.bytes)], { type: cover.type }), cover.name);
  const upload = await fetch(`${suite.app.url}/api/v1/upload/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(upload.status).toBe(200);
  const coverImage = ((await upload.json()) as { file: string }).file;
  const categories = await suite.read<Category[]>('/course/category/');
  const surveys = await suite.read<SurveyCategory[]>('/course/survey-category/');
  const input: CourseInput = {
    title: `Spreadsheet Skills ${Date.now()}-${stamp}`,
    title_ar: `مهارات الجداول الإلكترونية ${Date.now()}-${stamp}`,
    subtitle: 'Formulas, tables and charts.',
    subtitle_ar: 'الصيغ والجداول والرسوم البيانية.',
    description: 'Four weeks of practice with spreadsheets.',
    description_ar: 'أربعة أسابيع من التطبيق على الجداول الإلكترونية.',
    category: categories[0]?.id ?? 1,
    cover_image: coverImage,
    skill_level: 'Beginner',
    languages: ['Arabic', 'English'],
    captions: [],
    female_only: false,
    price_halalas: 0,
    weeks: [
      { syllabus_title: 'Formulas', syllabus_title_ar: 'الصيغ', lectures: 2, quizzes: 1, assignments: 0 },
    ],
    surveys: {
      pre: surveys.find((survey) => survey.stage === 'pre')?.id ?? null,
      post: null,
    },
    start_date: isoDate(10),
    end_date: isoDate(40),
    routine: [{ day: 'Sunday', start_time: '17:00', end_time: '19:00' }],
    facilitators: [],
    ...overrides,
  };
  const saved = await suite.call('/course/course-create/', { token, body: input });
  expect(saved.status).toBe(201);
  const { data } = (await saved.json()) as CourseSaved;
  return { id: data.id, title: data.title, title_ar: data.title_ar };
}

/** A new course of the trainer, approved by the admin (through the admin command). */
export async function approvedCourse(
  suite: ProductSuite,
  token: string,
  overrides: Partial<CourseInput> = {},
  cover?: CoverFile,
): Promise<{ id: number; title: string; title_ar: string }> {
  const course = await newCourse(suite, token, overrides, cover);
  await runAdmin(suite.app.env, ['approve-course', String(course.id)]);
  return course;
}

/** A trainer (the demo trainer unless another account is given) in a new tab, signed in. */
export async function trainerVisit(
  suite: ProductSuite,
  language: Language,
  width: Width,
  account: Account = DEMO_ACCOUNTS.trainer,
): Promise<Visit> {
  const visit = await suite.open({ language, width });
  await signInWithTokens(suite.app, visit.context, account);
  return visit;
}
