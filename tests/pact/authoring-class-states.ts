import type { ClassInput } from '@contract/forms/authoring';

/**
 * Provider states of the class, assignment and quiz contracts (tests/pact/authoring-classes.pact.test.ts),
 * set up by tests/provider/authoring-class-states.ts. Keep the wording stable: it is written into
 * the pact files the backend team reads.
 */
export const CLASS_STATES = {
  trainerTeachesApprovedCourse:
    'the trainer is signed in and teaches an approved course with a class in every week and a quiz',
  trainerCourseAwaitingApproval: "the trainer is signed in and the trainer's course awaits approval",
  trainerQuizTaken: "a trainee has taken the trainer's quiz",
} as const;

/**
 * Keys of what the class states return besides the access token: the course, its text class of
 * week 1, its quiz (three questions of 2, 5 and 3 marks; an Arabic title), and the address of a video the trainer
 * uploaded but has not attached yet.
 */
export const INJECTED_CLASS = {
  courseId: 'classCourseId',
  classLectureId: 'classLectureId',
  quizLectureId: 'classQuizLectureId',
  videoAddress: 'videoAddress',
} as const;

/** The Arabic title of the states' quiz ('Service models quiz'); its Arabic description is empty. */
export const STATE_QUIZ_TITLE_AR = 'اختبار نماذج الخدمة';

/** The quiz of the states, as the form sends it: three questions of 2, 5 and 3 marks. */
export const STATE_QUIZ: Pick<ClassInput, 'quiz_info' | 'quiz_settings'> = {
  quiz_info: [
    {
      question: {
        text: 'Which service model rents virtual machines?',
        kind: 'single',
        options: ['IaaS', 'PaaS', 'SaaS'],
        correct: [0],
        marks: 2,
      },
    },
    {
      question: {
        text: 'Which are public clouds?',
        kind: 'multiple',
        options: ['AWS', 'A server room', 'Azure'],
        correct: [0, 2],
        marks: 5,
      },
    },
    {
      question: {
        text: 'Elasticity means paying for what you use.',
        kind: 'true_false',
        options: ['True', 'False'],
        correct: [1],
        marks: 3,
      },
    },
  ],
  quiz_settings: { time_limit_minutes: 10, attempts_allowed: 2, shows_answers: true },
};
