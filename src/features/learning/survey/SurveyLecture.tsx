import type { LectureViewProps } from '../lecture-view';

/** Replaced by the survey work before this lands. */
export function SurveyLecture({ lecture }: LectureViewProps) {
  return <p>{lecture.title}</p>;
}
