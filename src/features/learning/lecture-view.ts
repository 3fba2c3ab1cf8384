import type { LectureDetails } from '@contract/wire/learning';

/** What the course player gives the view of one lecture. */
export interface LectureViewProps {
  lecture: LectureDetails;
  /** Reads the lecture and the course sidebar again (read icons, attempts, progress). */
  onChanged: () => void;
  /**
   * Shown to the course's trainer as trainees will see it: nothing is saved (no read mark, no
   * video position).
   */
  preview?: boolean;
}
