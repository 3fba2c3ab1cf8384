import { type CourseInput, classProblems, courseProblems } from '@contract/forms/authoring';
import { describe, expect, it } from 'vitest';

const course: CourseInput = {
  title: 'Cloud basics',
  title_ar: 'أساسيات السحابة',
  subtitle: '',
  subtitle_ar: '',
  description: 'What the cloud is.',
  description_ar: '',
  category: 1,
  cover_image: '/api/v1/files/00000000-0000-4000-8000-000000000000',
  skill_level: 'Beginner',
  languages: ['Arabic'],
  captions: [],
  female_only: false,
  price_halalas: 0,
  weeks: [{ syllabus_title: 'Week one', syllabus_title_ar: '', lectures: 1, quizzes: 0, assignments: 0 }],
  surveys: { pre: null, post: null },
  start_date: '2026-12-01',
  end_date: '2026-12-11',
  routine: [{ day: 'Monday', start_time: '09:00', end_time: '10:00' }],
  facilitators: [],
};

describe('the course rules', () => {
  it('accept a whole course', () => {
    expect(courseProblems(course)).toEqual({});
  });

  it('say each cross-field message at its field, the same on every check', () => {
    const wrong = {
      ...course,
      end_date: '2026-11-01',
      routine: [
        { day: 'Monday', start_time: '10:00', end_time: '09:00' },
        { day: 'Sunday', start_time: '10:00', end_time: '' },
      ],
    };
    const expected = {
      'routine.0.end_time': 'The class must end after it starts',
      'routine.1.end_time': 'Enter a time such as 09:00',
      end_date: 'The end date must be on or after the start date',
    };
    for (let check = 0; check < 3; check += 1) expect(courseProblems(wrong, 'routine')).toEqual(expected);
  });

  it('keep a step to its own fields', () => {
    expect(courseProblems({ ...course, title: ' ', weeks: [] }, 'basics')).toEqual({
      title: 'Course title is required',
    });
    expect(courseProblems({ ...course, weeks: [], routine: [] }, 'syllabus')).toEqual({
      weeks: 'Add at least one week',
    });
  });
});

describe('the class rules', () => {
  const quiz = {
    class_type: 3,
    course: 1,
    week: 1,
    detail_info: { title: '', description: '', file: null },
    quiz_info: [
      { question: { text: 'Which?', kind: 'single', options: ['a', 'b'], correct: [0, 1], marks: 6 } },
      { question: { text: 'And?', kind: 'single', options: ['a', 'b'], correct: [0], marks: 5.5 } },
    ],
    quiz_settings: { time_limit_minutes: null, attempts_allowed: 1, shows_answers: true },
  };

  it("checks a quiz's answers and marks while its title is still empty", () => {
    expect(classProblems(quiz)).toEqual({
      'detail_info.title': 'Class title is required',
      'quiz_info.0.question.correct': 'A single-choice question has one correct answer',
      quiz_info: 'The marks must total at most 10',
    });
  });

  it('take marks in halves only', () => {
    const quarter = { ...quiz.quiz_info[1], question: { ...quiz.quiz_info[1]?.question, marks: 1.25 } };
    expect(classProblems({ ...quiz, quiz_info: [quarter] })).toMatchObject({
      'quiz_info.0.question.marks': 'Marks must be a number from 0.5 to 10',
    });
  });

  it('need a description for a class, not for an assignment', () => {
    const base = { ...quiz, detail_info: { title: 'Intro', description: '', file: null }, quiz_info: [] };
    expect(classProblems({ ...base, class_type: 1 })).toEqual({
      'detail_info.description': 'Class description is required',
    });
    expect(classProblems({ ...base, class_type: 2 })).toEqual({});
  });
});
