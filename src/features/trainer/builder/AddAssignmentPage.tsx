/** Add New Assignment (/add-new-assignment?course=): built next. */
export default function AddAssignmentPage() {
  return null;
}
