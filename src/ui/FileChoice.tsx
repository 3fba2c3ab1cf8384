import { UPLOAD_ACCEPT } from '@contract/wire/learning';
import type { ReactNode, Ref } from 'react';

/**
 * The browser's file input, hidden: its own button speaks the browser's language, so a button of
 * ours opens it (`ref.current.click()`). It hands on the file chosen and forgets it, so choosing
 * the same file again is seen.
 */
export function HiddenFileInput({
  ref,
  onChoose,
}: {
  ref: Ref<HTMLInputElement>;
  onChoose: (file: File) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={UPLOAD_ACCEPT}
      tabIndex={-1}
      aria-hidden="true"
      className="sr-only"
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onChoose(file);
      }}
    />
  );
}

/**
 * The file chosen: its name and size after `label`, and in red what is wrong with it (`problem`,
 * which fields point at by `problemId`, and the failure `alert` where the view has no other place
 * for it). Sentences come translated.
 */
export function ChosenFileRow({
  label,
  name,
  size,
  problem,
  problemId,
  alert = null,
}: {
  label: ReactNode;
  name: string;
  /** As the page's digits write it. */
  size: string;
  problem: string | null;
  problemId: string;
  alert?: string | null;
}) {
  return (
    <div
      className={`rounded-lg border px-3 py-2 text-sm ${problem || alert ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-slate-50'}`}
    >
      <p className="flex flex-wrap gap-x-2">
        <span className="font-semibold text-slate-800">{label}</span>
        <span dir="auto" className="break-all text-slate-800">
          {name}
        </span>
        <span className="text-slate-600">({size})</span>
      </p>
      {problem && (
        <p id={problemId} role="alert" className="mt-1 text-red-800">
          {problem}
        </p>
      )}
      {alert && (
        <p role="alert" className="mt-1 text-red-800">
          {alert}
        </p>
      )}
    </div>
  );
}
