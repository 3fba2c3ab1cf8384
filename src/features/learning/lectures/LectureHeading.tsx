import type { LectureDetails } from '@contract/wire/learning';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';

/** A lecture's title and description, as every lecture view starts. */
export function LectureHeading({ lecture }: { lecture: LectureDetails }) {
  const language = useLanguage();
  const description = pick(lecture, 'description', language);
  return (
    <header className="flex flex-col gap-2">
      <h2
        dir="auto"
        tabIndex={-1}
        data-lecture-title
        className="text-2xl font-bold text-slate-900 outline-none"
      >
        {pick(lecture, 'title', language)}
      </h2>
      {description && (
        <p dir="auto" className="text-start text-slate-600">
          {description}
        </p>
      )}
    </header>
  );
}
