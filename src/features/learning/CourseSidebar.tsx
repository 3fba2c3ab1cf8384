import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Sidebar, SidebarItem } from '@machines/coursePlayer.connect';
import { Link } from 'wouter';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { minutesOf } from './learning-text';
import { LectureIcon, ReadMark } from './lecture-icons';
import { ProgressBar } from './ProgressBar';

/** The line under a lecture's title (spec section 2, course sidebar). */
function Subtitle({ item }: { item: SidebarItem }) {
  const { t, i18n } = useLingui();
  let text: string | null = null;
  if (item.kind === 'video' && item.duration !== null) {
    text = i18n._(msg({ message: plural(minutesOf(item.duration), { one: '# min', other: '# min' }) }));
  } else if (item.kind === 'assignment') text = t`Assignment - 1 file`;
  else if (item.kind === 'quiz') text = t`Exam`;
  else if (item.kind === 'pdf') text = t`PDF - 1 pdf`;
  return text ? <span className="block text-sm text-slate-600">{text}</span> : null;
}

function Item({ courseId, item }: { courseId: number; item: SidebarItem }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <li>
      <Link
        href={paths.courseLectures(courseId, item.target)}
        aria-current={item.current ? 'page' : undefined}
        className={`flex items-start gap-3 rounded-lg px-3 py-2.5 ${
          item.current ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-100'
        }`}
      >
        <LectureIcon
          kind={item.kind}
          className={`mt-0.5 size-5 shrink-0 ${item.current ? 'text-brand-700' : 'text-slate-500'}`}
        />
        <span className="min-w-0 flex-1">
          <span
            dir="auto"
            className={`block wrap-anywhere ${item.current ? 'font-semibold text-brand-900' : 'text-slate-800'}`}
          >
            {pick(item, 'title', language)}
          </span>
          <Subtitle item={item} />
        </span>
        {item.isRead && (
          <span className="mt-0.5 shrink-0 text-emerald-600">
            <ReadMark className="size-5" />
            <span className="sr-only">{t`Read`}</span>
          </span>
        )}
      </Link>
    </li>
  );
}

/**
 * The course sidebar (spec section 2): the course's progress, then its lectures by week, each with
 * the icon of its kind, its subtitle and the read icon once read; the one open is the current page.
 */
export function CourseSidebar({
  sidebar,
  headingId,
  titled = true,
}: {
  sidebar: Sidebar;
  /** The id of the list's heading (its weeks' headings are named after it). */
  headingId: string;
  /** False in the drawer, whose title already says what the list is. */
  titled?: boolean;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const courseId = sidebar.course.id;
  return (
    <nav
      aria-labelledby={titled ? headingId : undefined}
      aria-label={titled ? undefined : t`Course content`}
      className="flex flex-col gap-5"
    >
      <div className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4">
        {titled && (
          <h2 id={headingId} className="font-semibold text-slate-900">
            {t`Course content`}
          </h2>
        )}
        <ProgressBar progress={sidebar.progress} />
      </div>
      {sidebar.weeks.map((week) => (
        <section key={week.week} aria-labelledby={`${headingId}-week-${week.week}`}>
          <h3
            dir="auto"
            id={`${headingId}-week-${week.week}`}
            className="mb-2 px-3 text-sm font-bold tracking-wide text-slate-600"
          >
            {pick(week, 'title', language)}
          </h3>
          <ul className="flex flex-col gap-1">
            {week.items.map((item) => (
              <Item key={item.id} courseId={courseId} item={item} />
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
