import type { CentreDetails } from '@contract/wire/cms';
import { seedAttendance } from './attendance/seed';
import { seedAuthoring } from './authoring/course-seed';
import { seedCertificates } from './certificates/seed';
import { seedChat } from './chat/seed';
import type { Db } from './db';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedGrading } from './grading/seed';
import { seedHistory } from './history/seed';
import { seedInvitations } from './invitations/seed';
import { seedRecords } from './records/seed';
import { seedReviews } from './reviews/seed';
import { seedSchedule } from './schedule/seed';
import { CMS_BLOCKS } from './seed-content';
import { seedLearning } from './seed-learning';
import { seedPublicSite } from './seed-public';
import type { UploadStore } from './uploads';
import { ensureUser } from './users';

/** The training centre's details, in English and Arabic. */
export const CENTRE_DETAILS: CentreDetails = {
  browse_course_title1: 'Explore Our',
  browse_course_title1_ar: 'استكشف',
  browse_course_title2: 'Training Courses',
  browse_course_title2_ar: 'دوراتنا التدريبية',
  // The contact page's heading, as its content block has it.
  ...CMS_BLOCKS['get-in-touch-title'],
  request_a_course_image: '/brand/request-a-course.svg',
  copyright: '© 2024 King Faisal University Training Centre. All rights reserved.',
  copyright_ar: '© ٢٠٢٤ مركز التدريب بجامعة الملك فيصل. جميع الحقوق محفوظة.',
  email: 'training@kfu.edu.sa',
  facebook_url: 'https://www.facebook.com/KFUniversity',
  twitter_url: 'https://x.com/KFUniversity',
  linkedin_url: 'https://www.linkedin.com/school/king-faisal-university/',
  logo: '/brand/logo.svg',
  location: 'King Faisal University, Al-Ahsa 31982, Saudi Arabia',
  location_ar: 'جامعة الملك فيصل، الأحساء ٣١٩٨٢، المملكة العربية السعودية',
  phone_number: '+966 13 589 7000',
  phone_number_ar: '+٩٦٦ ١٣ ٥٨٩ ٧٠٠٠',
  footer_header:
    'The Training Centre at King Faisal University offers practical, accredited courses for students, professionals and the community of Al-Ahsa.',
  footer_header_ar:
    'يقدم مركز التدريب بجامعة الملك فيصل دورات عملية معتمدة للطلاب والمهنيين وأبناء مجتمع الأحساء.',
};

/** Inserts the centre's details unless present (edits made since are kept). */
export async function seedCentreDetails(db: Db): Promise<void> {
  const columns = Object.keys(CENTRE_DETAILS) as (keyof CentreDetails)[];
  const placeholders = columns.map((_, index) => `$${index + 1}`);
  await db.query(
    `INSERT INTO centre_details (id, ${columns.join(', ')}) VALUES (1, ${placeholders.join(', ')})
     ON CONFLICT (id) DO NOTHING`,
    columns.map((column) => CENTRE_DETAILS[column]),
  );
}

/** Creates the demo trainee and the approved demo trainer unless they exist. */
export async function seedDemoAccounts(db: Db): Promise<void> {
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    await ensureUser(db, account);
  }
}

/** SEED_COURSES=N adds N generated courses to the catalogue (performance work). */
export function generatedCoursesFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const count = Number(env.SEED_COURSES ?? 0);
  return Number.isInteger(count) && count > 0 ? count : 0;
}

/** Idempotent: running it again changes nothing. */
export async function seed(
  db: Db,
  options: {
    generatedCourses?: number;
    /** Where the learning seed's media go (server/seed-learning.ts); rows only when absent. */
    uploads?: Pick<UploadStore, 'stat' | 'put'>;
  } = {},
): Promise<void> {
  await seedCentreDetails(db);
  await seedDemoAccounts(db);
  const generatedCourses = options.generatedCourses ?? generatedCoursesFromEnv();
  await seedPublicSite(db, { generatedCourses });
  await seedLearning(db, options.uploads);
  await seedAuthoring(db);
  await seedGrading(db);
  await seedSchedule(db);
  // The demo trainer's ended courses: attendance, grades and reviews (server/records/seed.ts).
  await seedRecords(db);
  // Certificates of those who completed them (server/certificates/seed.ts).
  await seedCertificates(db);
  // More reviews: a second page of them on a closed course (server/reviews/seed.ts).
  await seedReviews(db);
  // The demo trainee's course history: a withdrawn course and a cash payment waiting.
  await seedHistory(db);
  // The demo trainee's attendance in the demo trainer's ongoing course.
  await seedAttendance(db);
  // The demo trainee's sent invitations, one in each state (server/invitations/seed.ts).
  await seedInvitations(db);
  // Chat: the demo trainee's conversation with the demo trainer and her course's channel (server/chat/seed.ts).
  await seedChat(db);
  // The embedded database runs no autovacuum: without fresh statistics the planner ignores the
  // catalogue's search index on a large catalogue.
  if (generatedCourses > 0) await db.exec('ANALYZE courses');
}
