import type { CourseAbout } from '@contract/wire/courses';
import { useLingui } from '@lingui/react/macro';
import { connectEnrolment } from '@machines/enrolment.connect';
import { enrolmentMachine } from '@machines/enrolment.machine';
import { loaderOf } from '@machines/loader.machine';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { api } from '@/api/http';
import { getQuote } from '@/api/payments';
import { paths } from '@/routing/paths';
import { useSessionRole, useSignedIn } from '@/session';
import { useSignInDismissed } from '@/session/sign-in';
import { askToSignIn } from '@/stores/dialogs';
import { useLiveNotices } from '@/stores/live-notices';
import { useLoader } from '@/ui/useLoader';
import { ENROL_BUTTON } from './enrol-button';

/**
 * Spec: a signed-out visitor signs in first; a trainee goes on to enrol (checkout), or sees that
 * they are enrolled or that a payment awaits.
 */
export default function EnrolAction({ course }: { course: CourseAbout }) {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  const role = useSessionRole();
  const [machine] = useState(() =>
    enrolmentMachine.provide({
      actors: { loader: loaderOf(({ courseId }: { courseId: number }) => getQuote(api, courseId)) },
      actions: {
        askToSignIn,
        goToCheckout: ({ context }) => navigate(paths.checkoutCourse(context.courseId)),
      },
    }),
  );
  const [state, send] = useMachine(machine, {
    input: { courseId: course.id, viewer: { signedIn, role }, place: 'course' },
  });
  useLoader(state.children.loader);
  // The session can change while the page is open (the sign-in dialog, another tab).
  useEffect(() => send({ type: 'viewer.change', viewer: { signedIn, role } }), [send, signedIn, role]);
  useSignInDismissed(() => send({ type: 'signIn.dismissed' }));
  useLiveNotices(useCallback(() => send({ type: 'enrolment.changed' }), [send]));
  const view = connectEnrolment(state);
  const style = ENROL_BUTTON;
  switch (view.action) {
    case 'signIn':
      return (
        <button type="button" onClick={() => send({ type: 'enrol.start' })} className={style}>
          {t`Enroll Now`}
        </button>
      );
    case 'none':
      return <p className="text-brand-100">{t`Trainees enrol in courses; trainer accounts cannot.`}</p>;
    case 'loading':
      // The button's box while the enrolment is read, so nothing moves when it arrives.
      return (
        <span aria-busy="true" className={`${style} opacity-60`}>
          {t`Enroll Now`}
        </span>
      );
    case 'enrolled':
      return (
        <p className="flex flex-wrap items-center gap-3 text-brand-50">
          <span className="rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold">{t`You are enrolled`}</span>
          <Link href={paths.enrolledCourses()} className="font-semibold text-gold-400 underline">
            {t`My enrolled courses`}
          </Link>
        </p>
      );
    case 'withdrawalRequested':
      return (
        <p className="flex flex-wrap items-center gap-3 text-brand-50">
          <span className="rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold">{t`Withdrawal requested`}</span>
          <Link href={paths.enrolledCourses()} className="font-semibold text-gold-400 underline">
            {t`My enrolled courses`}
          </Link>
        </p>
      );
    case 'left':
      return <p className="text-brand-100">{t`You have left this course; it is closed to you.`}</p>;
    case 'awaitingPayment':
      return (
        <Link href={paths.checkoutCourse(view.courseId)} className={style}>
          {view.method === 'cash' ? t`Awaiting payment at the centre` : t`Complete your payment`}
        </Link>
      );
    case 'checkout':
      return (
        <Link href={paths.checkoutCourse(view.courseId)} className={style}>
          {t`Enroll Now`}
        </Link>
      );
  }
}
