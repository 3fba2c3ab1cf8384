import type { LectureDetails } from '@/contract/learning';

/** What the course player gives the view of one lecture. */
export interface LectureViewProps {
  lecture: LectureDetails;
  /** Reads the lecture and the course sidebar again (read icons, attempts, progress). */
  onChanged: () => void;
}
