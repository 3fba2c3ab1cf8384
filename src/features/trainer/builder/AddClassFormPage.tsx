import type { BuilderClassType } from '@contract/forms/authoring';
import { useLingui } from '@lingui/react/macro';
import type { RouteView } from '@/routing/route-view';
import { PageTitle } from '@/ui/PageTitle';
import { ClassFormBody, useClassForm } from './ClassFormFlow';

/** A course id from the address: a whole positive number, else null (the page asks for the course). */
export function courseIdOf(value: string | null | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** Add New Class, Assignment or Quiz: the form of that type for one course, added on Save. */
export function AddClassFormPage({
  title,
  classType,
  courseId,
}: RouteView & { classType: BuilderClassType; courseId: number | null }) {
  const { i18n } = useLingui();
  const { view, formRef } = useClassForm({ mode: 'create', classType, courseId, lectureId: null });
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <PageTitle className="mb-6">{i18n._(title)}</PageTitle>
      <ClassFormBody view={view} formRef={formRef} />
    </section>
  );
}
