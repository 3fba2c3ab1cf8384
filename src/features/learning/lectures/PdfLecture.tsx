import { useLingui } from '@lingui/react/macro';
import type { LectureViewProps } from '@/features/learning/lecture-view';
import { useDesktop } from '@/features/learning/useDesktop';
import { formatFileSize } from '@/i18n/files';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { LectureHeading } from './LectureHeading';
import { useMarkRead } from './useMarkRead';

const LINK = 'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold';

/**
 * A PDF lecture: on desktop widths the PDF in the page with the links to open and download it; on
 * phones, whose in-page PDF viewers are poor, the links alone with the file's size. Read once opened.
 */
export function PdfLecture(props: LectureViewProps) {
  const { lecture } = props;
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const desktop = useDesktop();
  useMarkRead(props);
  const file = lecture.file;
  if (!file) {
    return (
      <article className="flex flex-col gap-4">
        <LectureHeading lecture={lecture} />
        <p className="rounded-xl bg-amber-50 p-4 text-amber-900">{t`This PDF is not available yet.`}</p>
      </article>
    );
  }
  const size = formatFileSize(file.size, i18n);
  const title = pick(lecture, 'title', language);
  return (
    <article className="flex flex-col gap-4">
      <LectureHeading lecture={lecture} />
      {desktop ? (
        <iframe
          src={file.url}
          title={t`PDF: ${title}`}
          className="h-[75vh] min-h-[32rem] w-full rounded-xl border border-slate-200 bg-slate-50"
        />
      ) : (
        <p className="text-slate-700">{t`Open the PDF in your device's viewer, or download it.`}</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <a
          href={file.url}
          target="_blank"
          rel="noopener"
          className={`${LINK} bg-brand-700 text-white hover:bg-brand-800`}
        >
          {t`Open the PDF`}
          {!desktop && <span className="font-normal">({size})</span>}
        </a>
        <a
          href={file.url}
          download={file.name}
          className={`${LINK} border border-slate-300 text-slate-800 hover:bg-slate-50`}
        >
          {t`Download`}
          <span className="font-normal">
            <span className="ltr-text">{file.name}</span> ({size})
          </span>
        </a>
      </div>
    </article>
  );
}
