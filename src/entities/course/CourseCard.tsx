import type { CourseCard as Course } from '@contract/wire/courses';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { UserIcon } from '@/ui/icons';
import { CoverImage } from './CoverImage';
import { priceText } from './price';

/**
 * A catalogue card: cover, title in the current language, trainer and price (VAT included, when the
 * server gives it); links to the course details. It
 * fills its grid cell: a long title wraps (two lines at most) instead of widening the card. Every
 * card has one height (a 16:9 cover, two title lines, one trainer line), which its placeholder below
 * shares, so a list that arrives moves nothing.
 */
export function CourseCard({ course, showStatus = false }: { course: Course; showStatus?: boolean }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const trainer = course.created_by_details.full_name || course.created_by.full_name;
  return (
    <article className="group relative flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <CoverImage
        src={course.cover_image}
        shownAs="card"
        width={480}
        height={270}
        className="aspect-[16/9] h-auto w-full object-cover"
        loading="lazy"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="line-clamp-2 min-h-12 font-semibold wrap-anywhere text-slate-900">
          <Link
            dir="auto"
            href={paths.courseDetails(course.id)}
            className="after:absolute after:inset-0 group-hover:text-brand-700"
          >
            {pick(course, 'title', language)}
          </Link>
        </h3>
        <div className="mt-auto flex h-7 items-center gap-2 text-sm text-slate-600">
          {course.created_by.image ? (
            <img
              src={course.created_by.image}
              alt=""
              width={28}
              height={28}
              className="size-7 rounded-full object-cover"
              loading="lazy"
            />
          ) : (
            <UserIcon className="size-5" />
          )}
          <span className="min-w-0 truncate">{trainer}</span>
          {!showStatus && course.price_with_vat_halalas !== undefined && (
            <span className="ms-auto shrink-0 font-semibold text-slate-900">
              {priceText(course.price_with_vat_halalas, language, i18n)}
            </span>
          )}
          {showStatus && (
            <span className="ms-auto rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
              {course.status === 'Approved' ? t`Approved` : t`Pending`}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}

/** A card's placeholder, with the card's dimensions. */
export function CourseCardPlaceholder() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="aspect-[16/9] w-full animate-pulse bg-slate-200" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-12 animate-pulse rounded bg-slate-200" />
        <div className="h-7 w-1/2 animate-pulse rounded bg-slate-200" />
      </div>
    </div>
  );
}

/** `count` card placeholders in the grid (`className`) the list will fill. */
export function CourseGridPlaceholder({ className, count }: { className: string; count: number }) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <CourseCardPlaceholder key={index} />
      ))}
    </div>
  );
}
