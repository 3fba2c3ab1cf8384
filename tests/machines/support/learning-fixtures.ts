import type { CourseLectures, LectureDetails, LectureListItem } from '@contract/wire/learning';

/** A lecture of the list. */
export function listItem(
  id: number,
  title: string,
  classType: LectureListItem['class_type_name'],
  fileExtension: string | null = null,
  extra: Partial<LectureListItem> = {},
): LectureListItem {
  return {
    id,
    title,
    title_ar: `${title} (ar)`,
    class_type_name: classType,
    file_extension: fileExtension,
    is_read: false,
    duration: null,
    ...extra,
  };
}

/**
 * GET /learning/courses/12/lectures/: two weeks; the first lecture is read, so the next is 22; the
 * last week ends with the grades.
 */
export const COURSE_LECTURES: CourseLectures = {
  course: {
    id: 12,
    title: 'Data Analysis',
    title_ar: 'تحليل البيانات',
    cover_image: '/media/covers/data.svg',
    start_date: '2026-11-01',
    end_date: '2026-12-20',
  },
  status: 'enrolled',
  weeks: [
    {
      week: 1,
      title: 'Week 1: Foundations',
      title_ar: 'الأسبوع ١: الأساسيات',
      lectures: [
        listItem(21, 'Welcome', 'Class', null, { is_read: true }),
        listItem(22, 'Cleaning data', 'Class', 'webm', { duration: 125 }),
        listItem(23, 'Reading list', 'Class', 'pdf'),
      ],
    },
    {
      week: 2,
      title: 'Week 2: Practice',
      title_ar: 'الأسبوع ٢: التطبيق',
      lectures: [
        listItem(24, 'First report', 'Assignment'),
        listItem(25, 'Check your understanding', 'Quiz'),
        listItem(26, 'Grades', 'Grads of Assignment'),
      ],
    },
  ],
  progress: { read: 1, total: 5 },
  next_lecture_id: 22,
};

/** The same course once every lecture is read: none is next. */
export const ALL_READ: CourseLectures = {
  ...COURSE_LECTURES,
  weeks: COURSE_LECTURES.weeks.map((week) => ({
    ...week,
    lectures: week.lectures.map((lecture) => ({
      ...lecture,
      is_read: lecture.class_type_name !== 'Grads of Assignment',
    })),
  })),
  progress: { read: 5, total: 5 },
  next_lecture_id: null,
};

/** A course whose lectures are not written yet: only the grades item. */
export const NO_LECTURES: CourseLectures = {
  ...COURSE_LECTURES,
  weeks: [
    {
      ...(COURSE_LECTURES.weeks[1] as CourseLectures['weeks'][number]),
      lectures: [listItem(26, 'Grades', 'Grads of Assignment')],
    },
  ],
  progress: { read: 0, total: 0 },
  next_lecture_id: null,
};

/** GET /course/individual-course-lecture-details/{id}/ for a lecture of the course. */
export function lectureDetails(id: number, extra: Partial<LectureDetails> = {}): LectureDetails {
  const item =
    COURSE_LECTURES.weeks.flatMap((week) => week.lectures).find((lecture) => lecture.id === id) ??
    listItem(id, `Lecture ${id}`, 'Class');
  return {
    ...item,
    course_id: 12,
    week: 1,
    description: '',
    description_ar: '',
    body: 'First paragraph.\n\nSecond paragraph.',
    body_ar: '',
    file: null,
    captions: [],
    position: null,
    previous_id: id > 21 ? id - 1 : null,
    next_id: id < 26 ? id + 1 : null,
    assignment: null,
    quiz: null,
    survey: null,
    ...extra,
  };
}
