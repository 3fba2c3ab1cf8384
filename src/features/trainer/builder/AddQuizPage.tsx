/** Add New Quiz (/add-new-quiz?course=): built next. */
export default function AddQuizPage() {
  return null;
}
