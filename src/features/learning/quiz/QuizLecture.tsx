import type { AttemptReview, AttemptSummary, QuizInfo } from '@contract/wire/learning';
import { Plural, useLingui } from '@lingui/react/macro';
import {
  connectQuizLecture,
  type QuizLectureView,
  type QuizScreen,
  restoredScreen,
} from '@machines/quizLecture.model';
import type { ReactNode } from 'react';
import { useState } from 'react';
import * as z from 'zod/mini';
import { api } from '@/api/http';
import { getAttemptReview } from '@/api/learning';
import type { LectureViewProps } from '@/features/learning/lecture-view';
import { formatDateTime } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { button } from '@/ui/button';
import { Modal } from '@/ui/Modal';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';
import { scoreParts } from './format';
import { QuizAttempt } from './QuizAttempt';
import { QuizReview } from './QuizReview';

/**
 * What this tab shows of a quiz lecture, kept in sessionStorage so that a reload (or the player
 * reading the lecture again) comes back to the attempt or the review rather than the details.
 */
const viewSchema: z.ZodMiniType<QuizScreen> = z.union([
  z.object({ kind: z.literal('details') }),
  z.object({ kind: z.literal('attempt') }),
  z.object({ kind: z.literal('review'), attemptId: z.string() }),
]);

const viewKey = (lectureId: number) => `quiz-view:${lectureId}`;

function storedView(lectureId: number, quiz: QuizInfo): QuizScreen {
  let stored: QuizScreen = { kind: 'details' };
  try {
    const parsed = viewSchema.safeParse(JSON.parse(sessionStorage.getItem(viewKey(lectureId)) ?? 'null'));
    if (parsed.success) stored = parsed.data;
  } catch {
    // Nothing kept: the details.
  }
  return restoredScreen(stored, quiz);
}

function keepView(lectureId: number, view: QuizScreen): void {
  try {
    if (view.kind === 'details') sessionStorage.removeItem(viewKey(lectureId));
    else sessionStorage.setItem(viewKey(lectureId), JSON.stringify(view));
  } catch {
    // Storage refused: a reload shows the details.
  }
}

function Score({ score }: { score: number }) {
  const { t } = useLingui();
  const { score: value, max } = scoreParts(score, useLanguage());
  return <>{t`${value} / ${max}`}</>;
}

function TimeLimit({ minutes }: { minutes: number }) {
  return <Plural value={minutes} one="# minute" other="# minutes" />;
}

function Facts({ quiz }: { quiz: QuizInfo }) {
  const { t } = useLingui();
  const language = useLanguage();
  const questions = formatNumber(quiz.question_count, language);
  const minutes = quiz.time_limit_seconds === null ? null : Math.ceil(quiz.time_limit_seconds / 60);
  const used = formatNumber(quiz.attempts.length, language);
  const allowed = formatNumber(quiz.attempts_allowed, language);
  const rows: Array<[string, ReactNode]> = [
    [t`Questions`, questions],
    [t`Time limit`, minutes === null ? t`No time limit` : <TimeLimit key="limit" minutes={minutes} />],
    [t`Attempts`, t`${used} of ${allowed} used`],
    [t`Closes`, quiz.closes_at === null ? t`Does not close` : formatDateTime(quiz.closes_at, language)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
      <div className="flex flex-col">
        <dt className="text-sm text-slate-600">{t`Best score`}</dt>
        <dd className="font-semibold text-slate-900">
          {quiz.best_score === null ? t`No score yet` : <Score score={quiz.best_score} />}
        </dd>
      </div>
    </dl>
  );
}

function PastAttempts({
  attempts,
  onReview,
}: {
  attempts: AttemptSummary[];
  onReview: (id: string) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const submittedOn = (at: string) => {
    const when = formatDateTime(at, language);
    return t`Submitted on ${when}`;
  };
  if (attempts.length === 0) return <p className="text-sm text-slate-600">{t`No attempts yet.`}</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200">
      {attempts.map((attempt) => {
        const number = formatNumber(attempt.number, language);
        return (
          <li key={attempt.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
            <div>
              <p className="font-semibold text-slate-900">{t`Attempt ${number}`}</p>
              <p className="text-sm text-slate-600">
                {attempt.state === 'in_progress' || attempt.submitted_at === null
                  ? t`In progress`
                  : submittedOn(attempt.submitted_at)}
              </p>
            </div>
            {attempt.state === 'submitted' && (
              <div className="flex items-center gap-3">
                {attempt.score !== null && (
                  <span className="font-semibold text-slate-900">
                    <Score score={attempt.score} />
                  </span>
                )}
                <button
                  type="button"
                  onClick={() => onReview(attempt.id)}
                  aria-label={t`Review attempt ${number}`}
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  {t`Review`}
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Why no attempt can start, when none can. */
function StartNotice({ notice }: { notice: QuizLectureView['notice'] }) {
  const { t } = useLingui();
  if (notice === 'closed') return <p className="font-semibold text-slate-800">{t`This quiz is closed`}</p>;
  if (notice === 'used') {
    return (
      <p className="font-semibold text-slate-800">{t`You have used every attempt allowed for this quiz`}</p>
    );
  }
  return null;
}

/** The quiz details modal (spec section 2): the quiz's facts, the attempts so far, and Start. */
function QuizDetailsModal({
  title,
  quiz,
  starting,
  onStart,
  onReview,
  onClose,
}: {
  title: string;
  quiz: QuizInfo;
  starting: QuizLectureView;
  onStart: () => void;
  onReview: (id: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal title={t`Quiz details`} onClose={onClose} wide>
      <div className="flex flex-col gap-5">
        <p dir="auto" className="font-semibold text-slate-800">
          {title}
        </p>
        <Facts quiz={quiz} />
        {starting.explainsTimeLimit && (
          <p className="text-sm text-slate-700">
            {t`The time starts when you start the quiz and does not stop if you leave. When it runs out, your saved answers are submitted.`}
          </p>
        )}
        <section aria-labelledby="quiz-attempts-title" className="flex flex-col gap-2">
          <h3 id="quiz-attempts-title" className="font-semibold text-slate-900">
            {t`Your attempts`}
          </h3>
          <PastAttempts attempts={quiz.attempts} onReview={onReview} />
        </section>
        <StartNotice notice={starting.notice} />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onClose} className={button('secondary')}>
            {t`Close`}
          </button>
          {starting.canStart && (
            <button type="button" onClick={onStart} className={button()}>
              {starting.start === 'continue' ? t`Continue quiz` : t`Start quiz`}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}

function ReviewOf({ attemptId, onBack }: { attemptId: string; onBack: () => void }) {
  const review = useResource(() => getAttemptReview(api, attemptId));
  return (
    <ResourceView state={review} loading={<Placeholder className="h-96" />}>
      {(data) => <QuizReview review={data} onBack={onBack} />}
    </ResourceView>
  );
}

/**
 * A quiz lecture: its title and description with the quiz details modal, then the attempt, then
 * the review; past attempts' reviews open from the modal. A new attempt starts from the modal;
 * Continue quiz on the page resumes the attempt in progress at once.
 */
export function QuizLecture({ lecture, onChanged }: LectureViewProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const quiz = lecture.quiz;
  const [view, setView] = useState<QuizScreen>(() =>
    quiz ? storedView(lecture.id, quiz) : { kind: 'details' },
  );
  const [review, setReview] = useState<AttemptReview | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const title = pick(lecture, 'title', language);
  const description = pick(lecture, 'description', language);

  const go = (next: QuizScreen) => {
    keepView(lecture.id, next);
    setView(next);
    setDetailsOpen(false);
  };

  if (!quiz) {
    return <p role="alert">{t`This lecture is not a quiz`}</p>;
  }
  if (view.kind === 'attempt') {
    return (
      <section aria-labelledby="quiz-title" className="flex flex-col gap-4">
        <h2 dir="auto" id="quiz-title" className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <QuizAttempt
          key={lecture.id}
          lectureId={lecture.id}
          attemptId={connectQuizLecture(quiz, Date.now()).attemptId}
          onReview={(submitted) => {
            setReview(submitted);
            go({ kind: 'review', attemptId: submitted.id });
            onChanged();
          }}
          onLeave={() => go({ kind: 'details' })}
        />
      </section>
    );
  }
  if (view.kind === 'review') {
    const back = () => {
      setReview(null);
      go({ kind: 'details' });
    };
    return review?.id === view.attemptId ? (
      <QuizReview review={review} onBack={back} />
    ) : (
      <ReviewOf attemptId={view.attemptId} onBack={back} />
    );
  }

  const starting = connectQuizLecture(quiz, Date.now());
  return (
    <section aria-labelledby="quiz-title" className="flex flex-col gap-4">
      <h2 dir="auto" id="quiz-title" className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {description.trim() && (
        <p dir="auto" className="text-start whitespace-pre-line text-slate-700">
          {description}
        </p>
      )}
      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <p className="text-slate-800">
          <Plural value={quiz.question_count} one="# question" other="# questions" />
          {quiz.best_score !== null && (
            <>
              {' · '}
              {t`Best score`}{' '}
              <span className="font-semibold">
                <Score score={quiz.best_score} />
              </span>
            </>
          )}
        </p>
        <StartNotice notice={starting.notice} />
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => (starting.opens === 'attempt' ? go({ kind: 'attempt' }) : setDetailsOpen(true))}
            className={button()}
          >
            {starting.button === 'continue'
              ? t`Continue quiz`
              : starting.button === 'start'
                ? t`Start quiz`
                : t`Quiz details`}
          </button>
          {starting.detailsBeside && (
            <button type="button" onClick={() => setDetailsOpen(true)} className={button('secondary')}>
              {t`Quiz details`}
            </button>
          )}
        </div>
      </div>
      {detailsOpen && (
        <QuizDetailsModal
          title={title}
          quiz={quiz}
          starting={starting}
          onStart={() => go({ kind: 'attempt' })}
          onReview={(attemptId) => go({ kind: 'review', attemptId })}
          onClose={() => setDetailsOpen(false)}
        />
      )}
    </section>
  );
}
