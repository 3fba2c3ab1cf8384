import type { AttendanceSheet, AttendanceStatus, Roster } from '@contract/wire/attendance';
import { useLingui } from '@lingui/react/macro';
import { type ClassAttendanceView, connectClassAttendance } from '@machines/classAttendance.connect';
import { type AttendanceCount, classAttendanceMachine } from '@machines/classAttendance.machine';
import { useMachine } from '@xstate/react';
import { useCallback, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  getAttendanceCode,
  getAttendanceSheet,
  getRoster,
  listAttendanceCourses,
  markAttendance,
} from '@/api/attendance';
import type { ApiClient } from '@/api/client';
import { api } from '@/api/http';
import { exportSheet, type SheetLabels, sheetFileName } from '@/features/trainer/attendance/export';
import type { Language } from '@/i18n/languages';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { useLiveNotices } from '@/stores/live-notices';

/** The words of an exported sheet, in the language the page shows when the trainer exports. */
export interface SheetWords {
  language: Language;
  /** The file name's first word ('Attendance'). */
  prefix: string;
  labels: SheetLabels;
}

/** What the attendance screen is wired to: the API, the device's clock, the print dialog, the file. */
export interface ClassAttendanceDeps {
  api: ApiClient;
  /** The device's time (ms): when a code arrived, from which its renewal is counted. */
  now(): number;
  /** The sheet's words as the page shows them now. */
  sheetWords(): SheetWords;
  /** Opens the print dialog once the sheet is drawn. */
  print(): Promise<void>;
  /** Writes the sheet as an .xlsx file and hands it to the browser. */
  writeSheet: typeof exportSheet;
}

/** Today's count of a roster read on a session day, else none. */
const countOf = (roster: Roster): AttendanceCount | null =>
  roster.session ? { present: roster.present, enrolled: roster.enrolled } : null;

/**
 * The attendance machine with its calls: a roster of another day comes with today's count (read
 * too), a code with the device's time it arrived, and the sheet printed or exported in the page's
 * language under `Attendance - <course> - <date>.xlsx`.
 */
export function classAttendanceLive(deps: ClassAttendanceDeps) {
  return classAttendanceMachine.provide({
    actors: {
      loadCourses: fromPromise(() => listAttendanceCourses(deps.api)),
      loadRoster: fromPromise(async ({ input }) => {
        const roster = await getRoster(deps.api, input.courseId, input.date);
        if (roster.date === roster.today) return { roster, count: countOf(roster) };
        const today = await getRoster(deps.api, input.courseId);
        return { roster, count: countOf(today) };
      }),
      loadCode: fromPromise(async ({ input }) => {
        const code = await getAttendanceCode(deps.api, input.courseId);
        return { code, receivedAt: deps.now() };
      }),
      markAttendance: fromPromise(({ input }) =>
        markAttendance(deps.api, input.courseId, {
          user_id: input.userId,
          date: input.date,
          status: input.status,
        }),
      ),
      loadSheet: fromPromise(({ input }) => getAttendanceSheet(deps.api, input.courseId)),
      printSheet: fromPromise(() => deps.print()),
      exportSheet: fromPromise(async ({ input }) => {
        const sheet: AttendanceSheet | null = input.sheet;
        if (!sheet) return;
        const { language, prefix, labels } = deps.sheetWords();
        const courseTitle = pick(sheet, 'title', language);
        await deps.writeSheet(sheet, {
          title: courseTitle,
          rightToLeft: language === 'ar',
          fileName: sheetFileName(prefix, courseTitle, sheet.today),
          labels,
        });
      }),
    },
  });
}

/** Waits until the browser has drawn the sheet, then opens the print dialog. */
function printWhenDrawn(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        window.print();
        resolve();
      }),
    );
  });
}

/**
 * The attendance screen in this page, for the course the address names (or none yet): its view
 * model; a live notice (someone scanned) reads the roster again.
 */
export function useClassAttendance(courseId: number | null): ClassAttendanceView {
  const { t } = useLingui();
  const language = useLanguage();
  const sheetWords: SheetWords = {
    language,
    prefix: t`Attendance`,
    labels: {
      trainee: t`Trainee`,
      email: t`Email`,
      present: t`Times present`,
      held: t`Sessions counted`,
      totals: t`Present per session`,
      mark: (status: AttendanceStatus) => (status === 'Present' ? t`Present` : t`Absent`),
    },
  };
  const words = useRef(sheetWords);
  words.current = sheetWords;
  const [machine] = useState(() =>
    classAttendanceLive({
      api,
      now: () => Date.now(),
      sheetWords: () => words.current,
      print: printWhenDrawn,
      writeSheet: exportSheet,
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { courseId } });
  useLiveNotices(useCallback(() => send({ type: 'notice.arrived' }), [send]));
  return connectClassAttendance(snapshot, send);
}
