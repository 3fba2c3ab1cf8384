/** My courses (/manage-courses): built next. */
export default function MyCoursesPage() {
  return null;
}
