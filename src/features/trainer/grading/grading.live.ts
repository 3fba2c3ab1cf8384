import { normaliseGrade } from '@contract/forms/grading';
import { useLingui } from '@lingui/react/macro';
import { connectGrading, type GradingView } from '@machines/grading.connect';
import { gradingMachine } from '@machines/grading.machine';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import { getGradingCourse, getGradingItem, gradeSubmission, returnSubmission } from '@/api/grading';
import { api } from '@/api/http';
import { translateMessage } from '@/i18n/api-messages';
import { useLanguage } from '@/i18n/useLanguage';
import { showToast } from '@/stores/toasts';

/** What grading is wired to: the API and the page's toasts. */
export interface GradingDeps {
  api: ApiClient;
  /** The server's sentence after a grade or a return, as it came (the page translates it). */
  announce(message: string): void;
}

/**
 * The grading machine with its calls: a grade typed in Arabic-Indic digits or with the Arabic
 * decimal mark is sent in 0–9 with a point, and after a decision the course and the item are read
 * again together (their statistics changed).
 */
export function gradingLive(deps: GradingDeps) {
  return gradingMachine.provide({
    actors: {
      loadCourse: fromPromise(({ input }) => getGradingCourse(deps.api, input.courseId)),
      loadItem: fromPromise(({ input }) => getGradingItem(deps.api, input.lectureId)),
      grade: fromPromise(({ input }) =>
        gradeSubmission(deps.api, input.submissionId, {
          ...input.body,
          grade: normaliseGrade(String(input.body.grade)),
        }),
      ),
      returnWork: fromPromise(({ input }) => returnSubmission(deps.api, input.submissionId, input.body)),
      reload: fromPromise(async ({ input }) => {
        const [course, item] = await Promise.all([
          getGradingCourse(deps.api, input.courseId),
          getGradingItem(deps.api, input.lectureId),
        ]);
        return { course, item };
      }),
    },
    actions: {
      announce: (_, { message }) => deps.announce(message),
    },
  });
}

/** Grading one course in this page: its view model; the server's sentences shown as toasts. */
export function useGrading(courseId: number): GradingView {
  const { i18n } = useLingui();
  const language = useLanguage();
  const [machine] = useState(() =>
    gradingLive({ api, announce: (message) => showToast(translateMessage(message, i18n)) }),
  );
  const [snapshot, send] = useMachine(machine, { input: { courseId, arabicDigits: language === 'ar' } });
  return connectGrading(snapshot, send);
}
