/** Edit lecture (/edit-lecture/{id}): built next. */
export default function EditLecturePage() {
  return null;
}
