/** Add New Class (/add-new-class/{id}): built next. */
export default function AddClassPage() {
  return null;
}
