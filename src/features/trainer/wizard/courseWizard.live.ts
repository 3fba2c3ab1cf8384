import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import type { CourseRecord } from '@contract/wire/authoring';
import { useLingui } from '@lingui/react/macro';
import { type CourseWizardView, connectCourseWizard } from '@machines/courseWizard.connect';
import { draftKey, draftText, readDraft } from '@machines/courseWizard.form';
import { courseWizardMachine, type SaveOutcome, unsentDraft } from '@machines/courseWizard.machine';
import { useMachine } from '@xstate/react';
import { type RefObject, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { type ActorRefFrom, fromPromise } from 'xstate';
import {
  createCourse,
  findFacilitator,
  getCourse,
  listSurveyCategories,
  updateCourse,
} from '@/api/authoring';
import type { ApiClient } from '@/api/client';
import { getCategories } from '@/api/courses';
import { api } from '@/api/http';
import { uploadFile } from '@/api/learning';
import { getProfile } from '@/api/profile';
import { paths } from '@/routing/paths';
import { useProfile } from '@/session';
import { showToast } from '@/stores/toasts';

/** Where the drafts are kept: localStorage, per trainer and mode (`draftKey`). */
export type DraftStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What the course wizard is wired to: the API, the drafts' store, the page and the router. */
export interface CourseWizardDeps {
  api: ApiClient;
  store: DraftStore;
  /** The signed-in trainer's address when the session knows it already (else the profile is read). */
  knownEmail: string | null;
  /** After a refused Next or submit: the first field with a message takes the focus. */
  focusFirstInvalid(): void;
  /** A new step is shown: its heading takes the focus. */
  focusStep(): void;
  announceUploaded(): void;
  announceUploadFailed(): void;
  /** The course was sent or saved (or its details' change waits for approval): the sentence of how. */
  announceSaved(outcome: SaveOutcome | 'revision'): void;
  navigate(path: string): void;
}

/** The store as the wizard uses it: a store that is full or refused (private windows) keeps nothing. */
function draftsIn(store: DraftStore) {
  return {
    read(key: string): string | null {
      try {
        return store.getItem(key);
      } catch {
        return null;
      }
    },
    write(key: string, value: string): void {
      try {
        store.setItem(key, value);
      } catch {
        // The wizard goes on without a kept draft.
      }
    },
    remove(key: string): void {
      try {
        store.removeItem(key);
      } catch {
        // Nothing was kept.
      }
    },
  };
}

/** An approved course's details as its waiting revision proposes them: the wizard edits those. */
export function withProposal(record: CourseRecord): CourseRecord {
  return record.revision?.status === 'Pending' ? { ...record, ...record.revision.proposed } : record;
}

/**
 * The course wizard's machine, provided with its calls, the draft kept after every change, and
 * where a saved course leads (its lectures). `follow` names the actor the cover's upload reports
 * its progress to.
 */
export function courseWizardLive(deps: CourseWizardDeps) {
  const drafts = draftsIn(deps.store);
  let progressTo: ActorRefFrom<typeof machine> | null = null;
  const machine = courseWizardMachine.provide({
    actors: {
      loadReferences: fromPromise(async ({ input }) => {
        const [categories, surveys, record, userEmail] = await Promise.all([
          getCategories(deps.api),
          listSurveyCategories(deps.api),
          input.courseId === null ? null : getCourse(deps.api, input.courseId).then(withProposal),
          deps.knownEmail ?? getProfile(deps.api).then((read) => read.email),
        ]);
        const draft = readDraft(drafts.read(draftKey(userEmail, input.courseId)));
        return { categories, surveys, record, userEmail, draft };
      }),
      uploadCover: fromPromise(({ input, signal }) =>
        uploadFile(deps.api, input.file, input.name, {
          signal,
          onProgress: (share) => progressTo?.send({ type: 'cover.progress', share }),
        }),
      ),
      findFacilitator: fromPromise(({ input }) => findFacilitator(deps.api, input.email)),
      saveCourse: fromPromise(({ input }) =>
        input.courseId === null
          ? createCourse(deps.api, input.course)
          : updateCourse(deps.api, input.courseId, input.course),
      ),
    },
    actions: {
      persistDraft: ({ context }) => {
        const key = draftKey(context.userEmail, context.courseId);
        const draft = unsentDraft(context);
        if (draft) drafts.write(key, draftText(draft));
        else drafts.remove(key);
      },
      dropDraft: ({ context }) => drafts.remove(draftKey(context.userEmail, context.courseId)),
      focusFirstInvalid: () => deps.focusFirstInvalid(),
      focusStep: () => deps.focusStep(),
      announceUploaded: () => deps.announceUploaded(),
      announceUploadFailed: () => deps.announceUploadFailed(),
      finish: (_, { outcome, saved }) => {
        deps.announceSaved(saved.message === AUTHORING_MESSAGES.revisionSubmitted ? 'revision' : outcome);
        deps.navigate(paths.manageCourseLectures(saved.data.id));
      },
    },
  });
  return {
    machine,
    /** The cover's upload reports its progress to this actor; answers the stop. */
    follow(actor: ActorRefFrom<typeof machine>): () => void {
      progressTo = actor;
      return () => {
        if (progressTo === actor) progressTo = null;
      };
    },
  };
}

/** localStorage, reached when a draft is read or written (not when the page opens). */
const browserStore: DraftStore = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) => localStorage.setItem(key, value),
  removeItem: (key) => localStorage.removeItem(key),
};

/** After a refused Next or submit: the first field with a message. */
function focusFirstProblem(form: HTMLFormElement | null): void {
  requestAnimationFrame(() =>
    form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus(),
  );
}

/** The course wizard of one course (or a new one) in this page: its view model. */
export function useCourseWizard(
  courseId: number | null,
  refs: { form: RefObject<HTMLFormElement | null>; heading: RefObject<HTMLHeadingElement | null> },
): CourseWizardView {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const profile = useProfile();
  const [live] = useState(() =>
    courseWizardLive({
      api,
      store: browserStore,
      // The session knows the address once the header has read the profile.
      knownEmail: profile?.email ?? null,
      focusFirstInvalid: () => focusFirstProblem(refs.form.current),
      focusStep: () => requestAnimationFrame(() => refs.heading.current?.focus()),
      announceUploaded: () => showToast(t`File has been uploaded successfully`),
      announceUploadFailed: () => showToast(t`Error uploading file`, 'error'),
      announceSaved: (outcome) =>
        showToast(
          outcome === 'created'
            ? t`Your course has been sent to the admin for approval`
            : outcome === 'resubmitted'
              ? t`Your course has been sent again for approval`
              : outcome === 'revision'
                ? t`Your changes to the course details wait for the admin's approval`
                : t`Your changes have been saved`,
        ),
      navigate,
    }),
  );
  const [state, send, actor] = useMachine(live.machine, { input: { courseId } });
  useEffect(() => live.follow(actor), [live, actor]);
  return connectCourseWizard(state, send);
}
