import type { Paged } from '@contract/wire/common';
import type { CourseAbout, CourseCard } from '@contract/wire/courses';
import type { CourseLectures } from '@contract/wire/learning';
import { expect } from 'vitest';
import type { Language } from '@/i18n/languages';
import type { Width } from './browser';
import { runAdmin, verifiedTrainee } from './identity';
import { accessToken, signInWithTokens } from './session';
import type { ProductSuite } from './suite';

/** A seeded course by its title (server/seed-learning.ts). */
export async function seededCourse(suite: ProductSuite, title: string): Promise<CourseAbout> {
  const list = await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=100');
  const card = list.results.find((course) => course.title === title);
  if (!card) throw new Error(`the seed has no course “${title}”`);
  return suite.read<CourseAbout>(`/course/about/${card.id}/`);
}

/** Enrols the trainee whose token it is: free, or paid in cash and confirmed by the centre. */
export async function enrol(
  suite: ProductSuite,
  token: string,
  course: Pick<CourseAbout, 'id' | 'price_halalas'>,
): Promise<void> {
  const paid = await suite.call('/payments/', {
    token,
    body: {
      course_id: course.id,
      method: course.price_halalas === 0 ? 'free' : 'cash',
      idempotency_key: crypto.randomUUID(),
      terms_accepted: true,
    },
  });
  expect(paid.status).toBe(201);
  const payment = (await paid.json()) as { id: string; status: string };
  if (payment.status !== 'paid') await runAdmin(suite.app.env, ['confirm-payment', payment.id]);
}

/** A new trainee in a new tab, signed in and enrolled in a seeded course, with its lectures. */
export async function newLearner(suite: ProductSuite, language: Language, width: Width, courseTitle: string) {
  const course = await seededCourse(suite, courseTitle);
  const { person } = await verifiedTrainee(suite.app);
  const visit = await suite.open({ language, width });
  await signInWithTokens(suite.app, visit.context, person);
  const token = await accessToken(visit.context);
  await enrol(suite, token, course);
  const lectures = await suite.read<CourseLectures>(`/learning/courses/${course.id}/lectures/`, { token });
  return { visit, course, token, person, lectures };
}
