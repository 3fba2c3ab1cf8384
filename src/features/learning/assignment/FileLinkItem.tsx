import type { FileLink } from '@contract/wire/learning';
import { useLingui } from '@lingui/react/macro';
import { formatFileSize } from '@/i18n/files';

/** A stored file as a download link with its name, type and size. */
export function FileLinkItem({ file, label }: { file: FileLink; label?: string }) {
  const { t, i18n } = useLingui();
  const size = formatFileSize(file.size, i18n);
  return (
    <a
      href={file.url}
      download={file.name}
      className="group flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2.5 text-start hover:border-brand-600 hover:bg-brand-50"
    >
      <span
        aria-hidden="true"
        className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-[0.65rem] font-bold uppercase text-brand-800 group-hover:bg-white"
      >
        {file.extension.slice(0, 4)}
      </span>
      <span className="flex min-w-0 flex-col">
        {label && <span className="text-xs font-semibold text-slate-600">{label}</span>}
        <span
          dir="auto"
          className="truncate font-semibold text-brand-800 underline-offset-2 group-hover:underline"
        >
          {file.name}
        </span>
        <span className="text-xs text-slate-600">{t`Download (${size})`}</span>
      </span>
    </a>
  );
}
