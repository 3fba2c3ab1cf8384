import { lectureKind } from '@contract/domain/learning';
import type { AuthoringCourse, AuthoringLecture } from '@contract/wire/authoring';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { LectureIcon } from '@/features/learning/lecture-icons';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { button } from '@/ui/button';
import { ChevronDownIcon } from '@/ui/icons';

/** The line under a lecture's title (spec section 2, course sidebar), as the trainee's sidebar has it. */
function Subtitle({ lecture }: { lecture: AuthoringLecture }) {
  const { t, i18n } = useLingui();
  const kind = lectureKind(lecture);
  let text: string | null = null;
  if (kind === 'video' && lecture.duration !== null) {
    const minutes = Math.max(1, Math.round(lecture.duration / 60));
    text = i18n._(msg({ message: plural(minutes, { one: '# min', other: '# min' }) }));
  } else if (kind === 'assignment') text = t`Assignment - 1 file`;
  else if (kind === 'quiz') text = t`Exam`;
  else if (kind === 'pdf') text = t`PDF - 1 pdf`;
  else if (kind === 'survey') text = t`Survey`;
  return text ? <span className="block text-sm text-slate-600">{text}</span> : null;
}

/** 'Take Action' on a lecture: edit it (shown when the course's flags allow and the lecture can be edited). */
function TakeAction({ lecture, title }: { lecture: AuthoringLecture; title: string }) {
  const { t } = useLingui();
  return (
    <Menu>
      <MenuButton
        className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-slate-300 bg-white px-2 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50"
        aria-label={t`Take Action: ${title}`}
      >
        {t`Take Action`}
        <ChevronDownIcon className="size-3.5" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-1 w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-xl focus:outline-none"
      >
        <MenuItem>
          <Link
            href={paths.editLecture(lecture.id)}
            className="block rounded-lg px-3 py-2 text-slate-800 data-focus:bg-brand-50"
          >
            {t`Edit lecture`}
          </Link>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

function Item({
  courseId,
  lecture,
  current,
  canAct,
}: {
  courseId: number;
  lecture: AuthoringLecture;
  current: boolean;
  canAct: boolean;
}) {
  const language = useLanguage();
  const title = pick(lecture, 'title', language);
  return (
    <li
      className={`flex items-start gap-2 rounded-lg ${
        current ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-100'
      }`}
    >
      <Link
        href={paths.manageCourseLectures(courseId, lecture.id)}
        aria-current={current ? 'page' : undefined}
        className="flex min-w-0 flex-1 items-start gap-3 px-3 py-2.5"
      >
        <LectureIcon
          kind={lectureKind(lecture)}
          className={`mt-0.5 size-5 shrink-0 ${current ? 'text-brand-700' : 'text-slate-500'}`}
        />
        <span className="min-w-0 flex-1">
          <span
            dir="auto"
            className={`block wrap-anywhere ${current ? 'font-semibold text-brand-900' : 'text-slate-800'}`}
          >
            {title}
          </span>
          <Subtitle lecture={lecture} />
        </span>
      </Link>
      {canAct && lecture.editable && (
        <span className="pe-2 pt-2.5">
          <TakeAction lecture={lecture} title={title} />
        </span>
      )}
    </li>
  );
}

/**
 * The trainer's course sidebar (spec section 2): 'Add New Class' (with adding an assignment or a
 * quiz) when the course is approved, then the lectures by week, each with the icon of its kind and
 * its subtitle, and 'Take Action' when the flags allow; the lecture previewed is the current page.
 */
export function TrainerSidebar({
  course,
  current,
  headingId,
  titled = true,
}: {
  course: AuthoringCourse;
  current: number | null;
  headingId: string;
  /** False in the drawer, whose title already says what the list is. */
  titled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const courseId = course.course.id;
  const count = course.weeks.reduce((sum, week) => sum + week.lectures.length, 0);
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
        <p className="text-sm text-slate-600">
          {i18n._(msg({ message: plural(count, { one: '# lecture', other: '# lectures' }) }))}
        </p>
        {course.flags.can_add_class && (
          <div className="flex flex-col gap-2">
            <Link href={paths.addNewClass(courseId)} className={button()}>
              {t`Add New Class`}
            </Link>
            <div className="flex flex-wrap gap-2">
              <Link href={paths.addNewAssignment(courseId)} className={button('secondary', 'sm')}>
                {t`Add assignment`}
              </Link>
              <Link href={paths.addNewQuiz(courseId)} className={button('secondary', 'sm')}>
                {t`Add quiz`}
              </Link>
            </div>
          </div>
        )}
      </div>
      {course.weeks.map((week) => (
        <section key={week.week} aria-labelledby={`${headingId}-week-${week.week}`}>
          <h3
            dir="auto"
            id={`${headingId}-week-${week.week}`}
            className="mb-2 px-3 text-sm font-bold tracking-wide text-slate-600"
          >
            {pick(week, 'title', language)}
          </h3>
          {week.lectures.length ? (
            <ul className="flex flex-col gap-1">
              {week.lectures.map((lecture) => (
                <Item
                  key={lecture.id}
                  courseId={courseId}
                  lecture={lecture}
                  current={lecture.id === current}
                  canAct={course.flags.can_take_action}
                />
              ))}
            </ul>
          ) : (
            <p className="px-3 text-sm text-slate-500">{t`No lectures in this week yet.`}</p>
          )}
        </section>
      ))}
    </nav>
  );
}
