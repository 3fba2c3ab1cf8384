import { useEffect, useRef } from 'react';
import { api } from '@/api/http';
import { markLectureRead } from '@/api/learning';
import type { LectureViewProps } from '@/features/learning/lecture-view';

/**
 * Marks a lecture read when it is shown (not in the trainer's preview) (text and PDF lectures count as read once opened) and,
 * when that changed its state, has the sidebar read again. Best-effort: a failure leaves it unread,
 * to be marked the next time it is opened.
 */
export function useMarkRead({ lecture, onChanged, preview = false }: LectureViewProps): void {
  const latest = useRef({ wasRead: lecture.is_read, onChanged });
  latest.current.onChanged = onChanged;
  const lectureId = lecture.id;
  useEffect(() => {
    if (preview) return;
    let live = true;
    markLectureRead(api, lectureId).then(
      (answer) => {
        if (live && answer.is_read && !latest.current.wasRead) {
          latest.current.wasRead = true;
          latest.current.onChanged();
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [lectureId, preview]);
}
