import type { ReactNode } from 'react';

/**
 * An upload's progress: what is happening (`label`), the share sent as the page's digits write it
 * (`percentText`), and a progress bar that screen readers read by its label and value.
 */
export function UploadProgress({
  id,
  label,
  percent,
  percentText,
}: {
  /** Prefix of the ids inside (the label's id). */
  id: string;
  label: ReactNode;
  /** 0 to 100. */
  percent: number;
  percentText: string;
}) {
  return (
    <div className="flex flex-col gap-1.5" aria-live="polite">
      <div className="flex justify-between text-sm">
        <span id={`${id}-progress`} className="font-semibold text-slate-800">
          {label}
        </span>
        <span className="text-slate-700">{percentText}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={percentText}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
