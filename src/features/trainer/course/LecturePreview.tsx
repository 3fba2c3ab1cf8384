import { lectureKind } from '@contract/domain/learning';
import type { LectureDetails } from '@contract/wire/learning';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { api } from '@/api/http';
import { getLectureDetails } from '@/api/learning';
import type { LectureViewProps } from '@/features/learning/lecture-view';
import { LectureHeading } from '@/features/learning/lectures/LectureHeading';
import { PdfLecture } from '@/features/learning/lectures/PdfLecture';
import { ReadLecture } from '@/features/learning/lectures/ReadLecture';
import { VideoLecture } from '@/features/learning/lectures/VideoLecture';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';

/** What trainees do with an assignment, a quiz or a survey: said, not done, in the preview. */
function WorkLecture({ lecture }: { lecture: LectureDetails }) {
  const { t, i18n } = useLingui();
  const kind = lectureKind(lecture);
  let line: string;
  let facts: string[] = [];
  if (kind === 'quiz' && lecture.quiz) {
    const { quiz } = lecture;
    line = t`Trainees take this quiz here.`;
    facts = [
      i18n._(msg({ message: plural(quiz.question_count, { one: '# question', other: '# questions' }) })),
      quiz.time_limit_seconds
        ? i18n._(
            msg({
              message: plural(Math.round(quiz.time_limit_seconds / 60), {
                one: '# minute',
                other: '# minutes',
              }),
            }),
          )
        : t`No time limit`,
      i18n._(
        msg({
          message: plural(quiz.attempts_allowed, { one: '# attempt allowed', other: '# attempts allowed' }),
        }),
      ),
    ];
  } else if (kind === 'assignment') line = t`Trainees hand in one file here.`;
  else if (kind === 'survey') line = t`Trainees answer this survey here.`;
  else line = t`Trainees see this lecture here.`;
  return (
    <article className="flex flex-col gap-4">
      <LectureHeading lecture={lecture} />
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-700">
        <p>{line}</p>
        {facts.length > 0 && (
          <ul className="mt-2 list-disc ps-5">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        )}
      </div>
      {lecture.file && (
        <a
          href={lecture.file.url}
          target="_blank"
          rel="noopener"
          className="self-start font-semibold text-brand-800 underline"
        >
          <span className="ltr-text">{lecture.file.name}</span>
        </a>
      )}
    </article>
  );
}

function Preview({ lecture }: { lecture: LectureDetails }) {
  // Nothing the preview does changes the lecture: no read mark, no video position.
  const props: LectureViewProps = { lecture, onChanged: () => undefined, preview: true };
  switch (lectureKind(lecture)) {
    case 'read':
      return <ReadLecture {...props} />;
    case 'video':
      return <VideoLecture {...props} />;
    case 'pdf':
      return <PdfLecture {...props} />;
    default:
      return <WorkLecture lecture={lecture} />;
  }
}

/**
 * The chosen lecture as trainees will see it (GET /course/individual-course-lecture-details/{id}/,
 * which answers the course's trainers too), with the learning screens' lecture views, read-only.
 */
export function LecturePreview({ lectureId }: { lectureId: number }) {
  const { t } = useLingui();
  const lecture = useResource(() => getLectureDetails(api, lectureId));
  return (
    <section aria-label={t`Preview`} className="flex flex-col gap-4">
      <p className="rounded-lg bg-sky-50 px-4 py-2 text-sm text-sky-900">
        {t`Preview: this is how trainees see this lecture.`}
      </p>
      <ResourceView
        state={lecture}
        loading={
          <div className="flex flex-col gap-4">
            <Placeholder className="h-8 w-2/3" />
            <Placeholder className="aspect-video w-full" />
          </div>
        }
      >
        {(details) => <Preview lecture={details} />}
      </ResourceView>
    </section>
  );
}
