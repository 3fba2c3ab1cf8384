import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '@/api/http';
import { saveVideoPosition } from '@/api/learning';
import type { LectureViewProps } from '@/features/learning/lecture-view';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { LectureHeading } from './LectureHeading';
import { nextPosition, type PlayerMoment, startPosition, withDuration } from './video-position';

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

/**
 * A video lecture: the browser's own player with the captions in English and Arabic (the page's
 * language on by default), a speed control, and the place the trainee stopped kept on the server:
 * it starts there, and is saved as it plays (see video-position.ts). Watched to 90 % it counts as
 * read, and the sidebar says so.
 */
export function VideoLecture({ lecture, onChanged, preview = false }: LectureViewProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const speedId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState(1);
  const tracker = useRef(startPosition(lecture.position));
  const latest = useRef({ wasRead: lecture.is_read, onChanged });
  latest.current.onChanged = onChanged;
  const lectureId = lecture.id;

  // Every moment of the player goes through the saving rules; the page leaving saves too.
  const record = useRef((_moment: PlayerMoment) => {});
  record.current = (moment: PlayerMoment) => {
    // The trainer's preview plays the video without keeping a place or a read mark.
    if (preview) return;
    const step = nextPosition(tracker.current, moment);
    tracker.current = step.state;
    if (step.save === null) return;
    saveVideoPosition(api, lectureId, step.save).then(
      (answer) => {
        if (answer.is_read && !latest.current.wasRead) {
          latest.current.wasRead = true;
          latest.current.onChanged();
        }
      },
      // Best-effort: the next save carries the place anyway.
      () => undefined,
    );
  };

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const leave = () => record.current({ type: 'leave', seconds: element.currentTime });
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  useEffect(() => {
    if (video.current) video.current.playbackRate = rate;
  }, [rate]);

  const file = lecture.file;
  return (
    <article className="flex flex-col gap-4">
      <LectureHeading lecture={lecture} />
      {file ? (
        // biome-ignore lint/a11y/useMediaCaption: the caption tracks come from the lecture, one per language
        <video
          ref={video}
          controls
          preload="metadata"
          width={1280}
          height={720}
          className="aspect-video h-auto w-full rounded-xl bg-black"
          src={file.url}
          poster={lecture.poster ?? undefined}
          onLoadedMetadata={(event) => {
            const element = event.currentTarget;
            tracker.current = withDuration(tracker.current, element.duration);
            const start = lecture.position ?? 0;
            if (start > 0 && (!Number.isFinite(element.duration) || start < element.duration - 1)) {
              element.currentTime = start;
            }
            element.playbackRate = rate;
          }}
          onTimeUpdate={(event) => {
            const element = event.currentTarget;
            if (!element.paused && !element.seeking) {
              record.current({ type: 'progress', seconds: element.currentTime });
            }
          }}
          onPause={(event) => record.current({ type: 'pause', seconds: event.currentTarget.currentTime })}
          onSeeked={(event) => record.current({ type: 'seeked', seconds: event.currentTarget.currentTime })}
          onEnded={(event) => record.current({ type: 'ended', seconds: event.currentTarget.currentTime })}
        >
          {lecture.captions.map((caption) => (
            <track
              key={caption.language}
              kind="captions"
              src={caption.url}
              srcLang={caption.language}
              label={caption.label}
              default={caption.language === language}
            />
          ))}
        </video>
      ) : (
        <p className="rounded-xl bg-amber-50 p-4 text-amber-900">{t`This video is not available yet.`}</p>
      )}
      {file && (
        <div className="flex items-center gap-3">
          <label htmlFor={speedId} className="font-semibold text-slate-800">
            {t`Playback speed`}
          </label>
          <select
            id={speedId}
            value={rate}
            onChange={(event) => setRate(Number(event.target.value))}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
          >
            {PLAYBACK_RATES.map((value) => (
              <option key={value} value={value}>
                {`${formatNumber(value, language)}×`}
              </option>
            ))}
          </select>
        </div>
      )}
    </article>
  );
}
