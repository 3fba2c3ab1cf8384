import { type CourseRevision, REVISED_FIELDS, type RevisedField } from '@contract/wire/authoring';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatDate, formatDateTime } from '@/i18n/dates';
import { formatMoney } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';

const FIELD_LABELS: Record<RevisedField, MessageDescriptor> = {
  title: msg`Title (English)`,
  title_ar: msg`Title (Arabic)`,
  subtitle: msg`Subtitle (English)`,
  subtitle_ar: msg`Subtitle (Arabic)`,
  description: msg`Description (English)`,
  description_ar: msg`Description (Arabic)`,
  price_halalas: msg`Price`,
  category: msg`Category`,
  start_date: msg`Start date`,
  end_date: msg`End date`,
};

/** The proposed value of a field, as the catalogue would show it. */
function Proposed({ revision, field }: { revision: CourseRevision; field: RevisedField }) {
  const language = useLanguage();
  const value = revision.proposed[field];
  if (field === 'price_halalas' && typeof value === 'number') return <>{formatMoney(value, language)}</>;
  if ((field === 'start_date' || field === 'end_date') && typeof value === 'string') {
    return <>{formatDate(value, language)}</>;
  }
  if (field === 'category') {
    const category = revision.category;
    return <bdi dir="auto">{category ? (language === 'ar' ? category.name_ar : category.name) : value}</bdi>;
  }
  const arabic = field.endsWith('_ar');
  return (
    <span dir={arabic ? 'rtl' : 'ltr'} lang={arabic ? 'ar' : 'en'} className="whitespace-pre-line">
      {value}
    </span>
  );
}

/**
 * The course's latest change of its details sent for approval: waiting, with what was proposed, or
 * rejected with the staff's reason (the course stays as it was). An approved change is the course.
 */
export function RevisionNotice({ revision }: { revision: CourseRevision | null | undefined }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  if (!revision || revision.status === 'Approved') return null;
  const fields = REVISED_FIELDS.filter((field) => revision.proposed[field] !== undefined);
  const list = (
    <dl className="flex flex-col gap-1.5 text-sm">
      {fields.map((field) => (
        <div key={field} className="flex flex-col gap-x-3 sm:flex-row">
          <dt className="shrink-0 font-semibold sm:w-40">{i18n._(FIELD_LABELS[field])}</dt>
          <dd className="min-w-0 wrap-anywhere">
            <Proposed revision={revision} field={field} />
          </dd>
        </div>
      ))}
    </dl>
  );
  if (revision.status === 'Rejected') {
    return (
      <div role="status" className="flex flex-col gap-3 rounded-xl bg-red-50 p-4 text-red-900">
        <p className="font-semibold">{t`The admin rejected your changes to the course details.`}</p>
        <p>{t`The course stays as it was. The changes you proposed:`}</p>
        {list}
        {revision.reason && (
          <div>
            <p className="font-semibold">{t`The admin's reason:`}</p>
            <p dir="auto" className="wrap-anywhere">
              {revision.reason}
            </p>
          </div>
        )}
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col gap-3 rounded-xl bg-amber-50 p-4 text-amber-900">
      <p className="font-semibold">{t`Changes waiting for approval`}</p>
      <p>
        {t`Sent on ${formatDateTime(revision.submitted_at, language)}. Trainees see the course as it was until the admin approves these changes:`}
      </p>
      {list}
    </div>
  );
}
