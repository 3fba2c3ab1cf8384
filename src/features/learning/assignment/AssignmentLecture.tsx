import type { LectureViewProps } from '../lecture-view';

/** Replaced by the assignment work before this lands. */
export function AssignmentLecture({ lecture }: LectureViewProps) {
  return <p>{lecture.title}</p>;
}
