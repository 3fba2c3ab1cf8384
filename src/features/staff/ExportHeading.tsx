import { useLingui } from '@lingui/react/macro';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { PageTitle } from '@/ui/PageTitle';

/** A list page's heading with its Export as Excel button, and why the last export failed, if it did. */
export function ExportHeading({
  title,
  exporting,
  exportError,
  onExport,
}: {
  title: string;
  exporting: boolean;
  exportError: unknown;
  onExport: () => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{title}</PageTitle>
        <button type="button" disabled={exporting} onClick={onExport} className={button('secondary', 'md')}>
          {exporting ? t`Preparing the sheet…` : t`Export as Excel`}
        </button>
      </div>
      {exportError !== null && (
        <Failure error={exportError} className="rounded-xl bg-red-50 p-4 text-red-800" />
      )}
    </>
  );
}
