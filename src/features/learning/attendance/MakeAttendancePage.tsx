import { ATTENDANCE_MESSAGES } from '@contract/messages/attendance';
import { useLingui } from '@lingui/react/macro';
import { type AttendanceView, connectAttendance } from '@machines/attendance.connect';
import { type AttendanceViewer, attendanceMachine } from '@machines/attendance.machine';
import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { makeAttendance, requestAttendanceTicket } from '@/api/attendance';
import { api } from '@/api/http';
import { forgetTicket, hasStoredTicket, storeTicket } from '@/features/learning/attendance/ticket';
import { translateMessage } from '@/i18n/api-messages';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { sessionActor, useSessionRole } from '@/session';
import { openDialog } from '@/stores/dialogs';
import { showToast } from '@/stores/toasts';
import { Failure } from '@/ui/Failure';
import { PageTitle } from '@/ui/PageTitle';
import '@/features/learning/attendance/known-messages';
import { button } from '@/ui/button';

type Tone = 'success' | 'info' | 'warning';

const TONES: Record<Tone, { box: string; mark: string; symbol: string }> = {
  success: { box: 'border-emerald-200 bg-emerald-50', mark: 'bg-emerald-600', symbol: '✓' },
  info: { box: 'border-slate-200 bg-white', mark: 'bg-brand-700', symbol: 'i' },
  warning: { box: 'border-amber-200 bg-amber-50', mark: 'bg-amber-600', symbol: '!' },
};

/** One outcome: what happened, and what to do next. Every outcome has the same frame. */
function Outcome({
  tone,
  heading,
  children,
  actions,
}: {
  tone: Tone;
  heading: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const style = TONES[tone];
  return (
    <div className={`flex min-h-56 flex-col gap-4 rounded-2xl border p-6 ${style.box}`}>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`grid size-9 shrink-0 place-items-center rounded-full text-lg font-bold text-white ${style.mark}`}
        >
          {style.symbol}
        </span>
        <h2 className="pt-1 text-xl font-semibold text-slate-900">{heading}</h2>
      </div>
      {children && <div className="text-slate-700">{children}</div>}
      {actions && <div className="mt-auto flex flex-wrap gap-3">{actions}</div>}
    </div>
  );
}

function OutcomeView({ view }: { view: AttendanceView }) {
  const { t, i18n } = useLingui();
  const server = (message: string) => translateMessage(message, i18n);
  const history = (
    <Link href={paths.attendanceHistory()} className={button()}>
      {t`See your attendance history`}
    </Link>
  );
  switch (view.screen) {
    case 'working':
      return (
        <Outcome
          tone="info"
          heading={view.step === 'ticket' ? t`Checking the code…` : t`Giving your attendance…`}
        >
          <div aria-hidden="true" className="h-2 w-full animate-pulse rounded-full bg-slate-200" />
        </Outcome>
      );
    case 'signIn':
      return (
        <Outcome tone="info" heading={t`Sign in to give your attendance`}>
          <p>{t`Your code is kept in this browser for a few seconds only. Sign in now: your attendance is given as soon as you are signed in. If the time runs out, scan the code again.`}</p>
        </Outcome>
      );
    case 'failed':
      return (
        <Outcome tone="warning" heading={t`Your attendance could not be given`}>
          <Failure error={view.error} retry={view.retry} className="rounded-xl bg-red-50 p-4 text-red-800" />
        </Outcome>
      );
    case 'given':
      return (
        <Outcome tone="success" heading={server(ATTENDANCE_MESSAGES.given)} actions={history}>
          <p>{t`You are marked present for today's session.`}</p>
        </Outcome>
      );
    case 'already':
      return (
        <Outcome tone="success" heading={server(ATTENDANCE_MESSAGES.already)} actions={history}>
          <p>{t`You are already marked present for today's session: there is nothing more to do.`}</p>
        </Outcome>
      );
    case 'otherDevice':
    case 'ticketUsed':
      return (
        <Outcome tone="warning" heading={t`This code cannot be used here`}>
          <p>{server(ATTENDANCE_MESSAGES[view.screen])}</p>
        </Outcome>
      );
    case 'noClass':
      return (
        <Outcome
          tone="warning"
          heading={server(ATTENDANCE_MESSAGES.noClass)}
          actions={
            <Link href={paths.courseDetails(view.courseId)} className={button()}>
              {t`See the course's schedule`}
            </Link>
          }
        >
          <p>{t`This course has no session today, so there is no attendance to give.`}</p>
        </Outcome>
      );
    case 'expired':
      return (
        <Outcome tone="warning" heading={t`This code has expired`}>
          <p>{server(ATTENDANCE_MESSAGES.expired)}</p>
        </Outcome>
      );
    case 'invalid':
      return (
        <Outcome tone="warning" heading={t`This code is not valid`}>
          <p>{server(ATTENDANCE_MESSAGES.invalid)}</p>
        </Outcome>
      );
    case 'notEnrolled':
      return (
        <Outcome
          tone="warning"
          heading={t`You are not enrolled in this course`}
          actions={
            <Link href={paths.courseDetails(view.courseId)} className={button()}>
              {t`Go to the course page to enrol`}
            </Link>
          }
        >
          <p>{server(ATTENDANCE_MESSAGES.notEnrolled)}</p>
        </Outcome>
      );
    case 'trainer':
      return (
        <Outcome
          tone="info"
          heading={server(ATTENDANCE_MESSAGES.traineesOnly)}
          actions={
            <Link href={paths.manageClassAttendance()} className={button()}>
              {t`Manage Class Attendance`}
            </Link>
          }
        >
          <p>{t`You are signed in as a trainer. Show the code to your class from Manage Class Attendance.`}</p>
        </Outcome>
      );
    case 'noCode':
      return (
        <Outcome
          tone="info"
          heading={t`Scan the code to give attendance`}
          actions={
            <Link href={paths.attendanceHistory()} className={button('secondary')}>
              {t`See your attendance history`}
            </Link>
          }
        >
          <p>{t`Open this page by scanning the QR code your trainer shows in class.`}</p>
        </Outcome>
      );
  }
}

function viewerOf(): AttendanceViewer {
  const state = sessionActor.getSnapshot();
  const role = state.matches('signedIn') ? state.context.session?.role : null;
  return role ?? 'signedOut';
}

/** The flow of one visit: the machine, fed with the session's sign-in. */
function AttendanceFlow({ courseId, code }: { courseId: number; code: string | null }) {
  const { t } = useLingui();
  const role = useSessionRole();
  const [machine] = useState(() =>
    attendanceMachine.provide({
      actors: {
        requestTicket: fromPromise(({ input }) => requestAttendanceTicket(api, input.courseId, input.code)),
        giveAttendance: fromPromise(({ input }) => makeAttendance(api, input.courseId, input.credential)),
      },
      actions: {
        storeTicket: (_, { courseId: id, ticket }) => storeTicket(id, ticket),
        forgetTicket,
        // The dialog cannot be closed while a course id is kept: the visitor signs in or leaves.
        askToSignIn: () => openDialog('login'),
        announceGiven: () => showToast(t`You have Given your attendance Successfully!`),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: { courseId, code, ticket: hasStoredTicket(courseId), viewer: viewerOf() },
  });
  useEffect(() => {
    if (role) send({ type: 'session.signedIn', role });
  }, [role, send]);
  // One live region for the whole visit: each outcome that replaces the last is read out.
  return (
    <div aria-live="polite">
      <OutcomeView view={connectAttendance(snapshot, send)} />
    </div>
  );
}

/** /trainee/make-attendance/{id}?code=…: where the trainer's QR code leads (public). */
export default function MakeAttendancePage({ title }: RouteView) {
  const { i18n } = useLingui();
  const params = useParams<{ id: string }>();
  const search = useSearch();
  const courseId = Number(params.id);
  const code = new URLSearchParams(search).get('code');
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <PageTitle className="mb-8">{i18n._(title)}</PageTitle>
      {/* Signing in comes back to this address without the code: the same visit goes on. */}
      <AttendanceFlow key={courseId} courseId={courseId} code={code} />
    </section>
  );
}
