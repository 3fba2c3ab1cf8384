/** The course wizard (/add-new-course and /edit-course/{id}): built next. */
export default function CourseWizardPage() {
  return null;
}
