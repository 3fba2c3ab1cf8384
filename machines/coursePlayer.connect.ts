import { type LectureKind, lectureKind } from '@contract/domain/learning';
import type { LearningCourse, LectureDetails, Progress } from '@contract/wire/learning';
import type { SnapshotFrom } from 'xstate';
import {
  type CoursePlayerEvent,
  type coursePlayerMachine,
  isGradesItem,
  type LectureTarget,
  lecturesOf,
  targetOf,
} from './coursePlayer.machine';

type CoursePlayerSnapshot = SnapshotFrom<typeof coursePlayerMachine>;

/** One line of the course sidebar (spec section 2). */
export interface SidebarItem {
  id: number;
  title: string;
  title_ar: string;
  kind: LectureKind;
  isRead: boolean;
  /** A video's length in seconds, as the list gives it. */
  duration: number | null;
  /** Where its link goes. */
  target: LectureTarget;
  current: boolean;
}

export interface SidebarWeek {
  week: number;
  title: string;
  title_ar: string;
  items: SidebarItem[];
}

/** The sidebar once the course's lectures are read. */
export interface Sidebar {
  course: LearningCourse;
  progress: Progress;
  weeks: SidebarWeek[];
}

/** What the main part of the player shows. */
export type PlayerMain =
  | { status: 'loading' }
  | { status: 'lecture'; lecture: LectureDetails; kind: LectureKind; refreshing: boolean }
  | { status: 'grades' }
  | { status: 'failed'; error: unknown; retry: () => void }
  /** Not enrolled or withdrawn (403): the sentence and the way to the enrolled courses. */
  | { status: 'refused'; error: unknown }
  | { status: 'missing'; what: 'course' | 'lecture' }
  | { status: 'empty' };

export interface CoursePlayerView {
  /** Null until the course's lectures are read (or when they cannot be). */
  sidebar: Sidebar | null;
  main: PlayerMain;
  /** What is open (or opening). */
  current: LectureTarget | null;
  previous: LectureTarget | null;
  next: LectureTarget | null;
  drawerOpen: boolean;
  openDrawer: () => void;
  closeDrawer: () => void;
  /** The lecture's view changed something: read it and the sidebar again. */
  changed: () => void;
}

function mainOf(snapshot: CoursePlayerSnapshot, send: (event: CoursePlayerEvent) => void): PlayerMain {
  const { lecture, error } = snapshot.context;
  const retry = () => send({ type: 'retry' });
  if (snapshot.matches({ content: 'refused' })) return { status: 'refused', error };
  if (snapshot.matches({ content: 'courseMissing' })) return { status: 'missing', what: 'course' };
  if (snapshot.matches({ content: 'missing' })) return { status: 'missing', what: 'lecture' };
  if (snapshot.matches({ content: 'empty' })) return { status: 'empty' };
  if (snapshot.matches({ content: 'courseFailed' }) || snapshot.matches({ content: 'lectureFailed' })) {
    return { status: 'failed', error, retry };
  }
  if (snapshot.matches({ content: 'showingGrades' })) return { status: 'grades' };
  if (snapshot.matches({ content: 'showing' }) && lecture) {
    return {
      status: 'lecture',
      lecture,
      kind: lectureKind(lecture),
      refreshing: snapshot.matches({ content: { showing: 'refreshing' } }),
    };
  }
  return { status: 'loading' };
}

/**
 * The player's view model: the sidebar with the current lecture marked, the main part, Previous and
 * Next (from the lecture's own previous and next, or the list's order while it loads and on the
 * grades page), and the phone drawer.
 */
export function connectCoursePlayer(
  snapshot: CoursePlayerSnapshot,
  send: (event: CoursePlayerEvent) => void,
): CoursePlayerView {
  const { course, target } = snapshot.context;
  const main = mainOf(snapshot, send);
  let sidebar: Sidebar | null = null;
  let previous: LectureTarget | null = null;
  let next: LectureTarget | null = null;
  if (course) {
    sidebar = {
      course: course.course,
      progress: course.progress,
      weeks: course.weeks.map((week) => ({
        week: week.week,
        title: week.title,
        title_ar: week.title_ar,
        items: week.lectures.map((item) => {
          const itemTarget: LectureTarget = isGradesItem(item) ? 'grades' : item.id;
          return {
            id: item.id,
            title: item.title,
            title_ar: item.title_ar,
            kind: lectureKind(item),
            isRead: item.is_read,
            duration: item.duration,
            target: itemTarget,
            current: itemTarget === target,
          };
        }),
      })),
    };
    if (main.status === 'lecture') {
      previous = main.lecture.previous_id === null ? null : targetOf(course, main.lecture.previous_id);
      next = main.lecture.next_id === null ? null : targetOf(course, main.lecture.next_id);
    } else if (target !== null) {
      const order = lecturesOf(course).map(
        (item): LectureTarget => (isGradesItem(item) ? 'grades' : item.id),
      );
      const index = order.indexOf(target);
      if (index >= 0) {
        previous = order[index - 1] ?? null;
        next = order[index + 1] ?? null;
      }
    }
  }
  return {
    sidebar,
    main,
    current: target,
    previous,
    next,
    drawerOpen: snapshot.matches({ drawer: 'open' }),
    openDrawer: () => send({ type: 'drawer.open' }),
    closeDrawer: () => send({ type: 'drawer.close' }),
    changed: () => send({ type: 'lecture.changed' }),
  };
}
