import type { CourseRole, TrainerCourseStatus } from '@contract/wire/authoring';
import { useLingui } from '@lingui/react/macro';

/** The words and colours of a course's status as its trainer sees it. */
export function useStatusLabel(): (status: TrainerCourseStatus) => string {
  const { t } = useLingui();
  return (status) => {
    switch (status) {
      case 'Pending':
        return t`Pending`;
      case 'Approved':
        return t`Approved`;
      case 'Rejected':
        return t`Rejected`;
      case 'ONGOING':
        return t`ONGOING`;
      case 'Completed':
        return t`Completed`;
    }
  };
}

const COLOURS: Record<TrainerCourseStatus, string> = {
  Pending: 'bg-amber-100 text-amber-900',
  Approved: 'bg-emerald-100 text-emerald-900',
  Rejected: 'bg-red-100 text-red-900',
  ONGOING: 'bg-brand-100 text-brand-900',
  Completed: 'bg-slate-200 text-slate-800',
};

const BADGE = 'inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold';

/** A course's status (Pending, Approved, Rejected, ONGOING, Completed), translated. */
export function StatusBadge({ status }: { status: TrainerCourseStatus }) {
  const label = useStatusLabel();
  return (
    <span data-status={status} className={`${BADGE} ${COLOURS[status]}`}>
      {label(status)}
    </span>
  );
}

/** 'Facilitator' when the trainer helps on a course another trainer created; nothing for its creator. */
export function RoleBadge({ role }: { role: CourseRole }) {
  const { t } = useLingui();
  if (role !== 'facilitator') return null;
  return <span className={`${BADGE} bg-sky-100 text-sky-900`}>{t`Facilitator`}</span>;
}
