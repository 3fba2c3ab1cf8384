import { type CoursePlayerView, connectCoursePlayer } from '@machines/coursePlayer.connect';
import {
  type CoursePlayerEvent,
  coursePlayerMachine,
  type LectureTarget,
} from '@machines/coursePlayer.machine';
import { useMachine } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import { api } from '@/api/http';
import { getCourseLectures, getLectureDetails } from '@/api/learning';
import { paths } from '@/routing/paths';
import { useLiveNotices } from '@/stores/live-notices';

/** What the course player is wired to: the API and the page's address. */
export interface CoursePlayerDeps {
  api: ApiClient;
  /** Puts this address in place of the current one (no new history entry). */
  replaceAddress(path: string): void;
}

/**
 * The course player's machine with its calls: the lecture and the sidebar read again together, and
 * the address replaced by the lecture (or the grades) the player chose.
 */
export function coursePlayerLive(deps: CoursePlayerDeps) {
  return coursePlayerMachine.provide({
    actors: {
      loadCourse: fromPromise(({ input }) => getCourseLectures(deps.api, input.courseId)),
      loadLecture: fromPromise(({ input }) => getLectureDetails(deps.api, input.lectureId)),
      refresh: fromPromise(async ({ input }) => {
        const [course, lecture] = await Promise.all([
          getCourseLectures(deps.api, input.courseId),
          getLectureDetails(deps.api, input.lectureId),
        ]);
        return { course, lecture };
      }),
    },
    actions: {
      replaceAddress: ({ context }, params) => {
        if (params.target !== null)
          deps.replaceAddress(paths.courseLectures(context.courseId, params.target));
      },
    },
  });
}

/**
 * The course player of one course in this page, at the lecture the address names: the view model
 * and the events it sends; a live notice (a grade, a return) reads the lecture and the sidebar again.
 */
export function useCoursePlayer(
  courseId: number,
  target: LectureTarget | null,
): { view: CoursePlayerView; send: (event: CoursePlayerEvent) => void } {
  const [, navigate] = useLocation();
  const [machine] = useState(() =>
    coursePlayerLive({ api, replaceAddress: (path) => navigate(path, { replace: true }) }),
  );
  const [snapshot, send] = useMachine(machine, { input: { courseId, target } });
  useLiveNotices(useCallback(() => send({ type: 'lecture.changed' }), [send]));
  return { view: connectCoursePlayer(snapshot, send), send };
}
