/** The trainer's course view (/manage-courses/{courseId}/{lectureId?}): built next. */
export default function TrainerCoursePage() {
  return null;
}
