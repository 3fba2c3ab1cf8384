import { ATTENDANCE_STEP_SECONDS } from '@contract/domain/attendance';
import { useLingui } from '@lingui/react/macro';
import type { CourseView } from '@machines/classAttendance.connect';
import { useEffect, useId, useRef, useState } from 'react';
import QRCode from 'react-qr-code';
import { formatDate, formatTime } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { Placeholder } from '@/ui/ResourceView';

/** The address the QR code carries: the trainee's make-attendance page with the signed code. */
export function attendanceUrl(origin: string, courseId: number, code: string): string {
  return `${origin}${paths.makeAttendance(courseId)}?code=${encodeURIComponent(code)}`;
}

/** Whole seconds until `at` (device time), redrawn every quarter second while shown. */
function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** "N of M attended": today's live count. */
export function LiveCount({ chosen, large = false }: { chosen: CourseView; large?: boolean }) {
  const { t } = useLingui();
  const language = useLanguage();
  const count = chosen.count;
  if (!count) return null;
  const present = formatNumber(count.present, language);
  const enrolled = formatNumber(count.enrolled, language);
  return (
    <p
      aria-live="polite"
      data-testid="attendance-count"
      className={large ? 'text-4xl font-bold text-slate-900' : 'text-lg font-semibold text-slate-900'}
    >
      {t`${present} of ${enrolled} attended`}
    </p>
  );
}

/**
 * Today's QR code with its countdown (the seconds are hidden from screen readers, which are told once
 * how often the code changes), the live count, and the projector mode: the panel full screen (the
 * Fullscreen API where there is one, a covering panel otherwise), left with Escape or the button.
 */
export function CodePanel({ chosen }: { chosen: CourseView }) {
  const { t } = useLingui();
  const language = useLanguage();
  const panel = useRef<HTMLElement>(null);
  const headingId = useId();
  const { code, projector, leaveProjector, enterProjector } = chosen;
  const seconds = useSecondsUntil(code.status === 'ready' ? code.renewsAt : null);

  // The browser left full screen (Escape, F11, the system's gesture): the panel goes back in place.
  useEffect(() => {
    if (!projector) return;
    const onChange = () => {
      if (!document.fullscreenElement) leaveProjector();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') leaveProjector();
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('keydown', onKey);
    };
  }, [projector, leaveProjector]);

  const enter = () => {
    enterProjector();
    const element = panel.current;
    if (element && typeof element.requestFullscreen === 'function' && !document.fullscreenElement) {
      element.requestFullscreen().catch(() => {
        // No full screen here (an iPhone, a frame): the covering panel stays.
      });
    }
  };
  const leave = () => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    leaveProjector();
  };

  const title = pick(chosen.course, 'title', language);
  const next = chosen.course.next_date;
  const qrSize = projector ? 'size-[min(70vh,80vw)]' : 'size-56 sm:size-64';

  return (
    <section
      ref={panel}
      aria-labelledby={headingId}
      data-projector={projector ? 'on' : 'off'}
      className={
        projector
          ? 'fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 overflow-auto bg-white p-6 text-center'
          : 'flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 text-center'
      }
    >
      {projector ? (
        <h2 dir="auto" id={headingId} className="wrap-anywhere text-3xl font-bold text-slate-900">
          {title}
        </h2>
      ) : (
        <h2 id={headingId} className="self-start text-lg font-bold text-slate-900">
          {t`Today's attendance code`}
        </h2>
      )}
      {chosen.sessions.length > 1 && !projector && (
        <label className="flex flex-col items-start gap-1 self-stretch text-start text-sm font-semibold text-slate-800">
          {t`Session`}
          <select
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-normal"
            value={chosen.session ? chosen.sessions.indexOf(chosen.session) : 0}
            onChange={(event) => chosen.chooseSession(Number(event.target.value))}
          >
            {chosen.sessions.map((session, index) => (
              <option key={`${session.date}-${session.start_time}`} value={index}>
                {formatTime(session.start_time, language)} – {formatTime(session.end_time, language)}
              </option>
            ))}
          </select>
        </label>
      )}
      {chosen.session && (
        <p className="text-slate-700">
          {t`Session`}{' '}
          <span>
            {formatTime(chosen.session.start_time, language)} –{' '}
            {formatTime(chosen.session.end_time, language)}
          </span>
        </p>
      )}
      {code.status === 'none' ? (
        <p role="status" className="rounded-xl bg-amber-50 p-4 text-amber-900">
          {next
            ? t`This course has no session today. Its next session is on ${formatDate(next, language)}.`
            : t`This course has no session today, and no more sessions.`}
        </p>
      ) : code.status === 'failed' ? (
        <div className={`flex ${qrSize} items-center justify-center rounded-xl bg-red-50 p-4 text-red-800`}>
          <Failure error={code.error} retry={code.retry} className="justify-center" />
        </div>
      ) : code.status === 'loading' ? (
        <div aria-busy="true" className={qrSize}>
          <Placeholder className="size-full" />
          <span className="sr-only">{t`Loading the attendance code`}</span>
        </div>
      ) : (
        <>
          <div className={`${qrSize} bg-white p-2`}>
            <QRCode
              value={attendanceUrl(window.location.origin, chosen.course.course_id, code.code.code)}
              size={256}
              level="M"
              role="img"
              aria-label={t`Attendance QR code for ${title}`}
              data-attendance-url={attendanceUrl(
                window.location.origin,
                chosen.course.course_id,
                code.code.code,
              )}
              style={{ height: '100%', width: '100%' }}
              viewBox="0 0 256 256"
            />
          </div>
          <p className="text-sm text-slate-700">
            <span className="sr-only">
              {t`Trainees scan this code with their phone. It changes every ${formatNumber(ATTENDANCE_STEP_SECONDS, language)} seconds.`}
            </span>
            <span aria-hidden="true" data-testid="code-countdown" className={projector ? 'text-xl' : ''}>
              {t`New code in ${formatNumber(seconds ?? 0, language)} s`}
            </span>
          </p>
        </>
      )}
      <LiveCount chosen={chosen} large={projector} />
      {code.status !== 'none' &&
        (projector ? (
          <button type="button" onClick={leave} className={button('secondary')}>
            {t`Leave full screen`}
          </button>
        ) : (
          <button type="button" onClick={enter} className={button('secondary')}>
            {t`Show full screen`}
          </button>
        ))}
    </section>
  );
}
