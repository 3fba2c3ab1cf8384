import { useLingui } from '@lingui/react/macro';
import { paths } from '@/routing/paths';
import { NotFound } from '@/ui/NotFound';

export default function NotFoundPage() {
  const { t } = useLingui();
  return (
    <NotFound
      title={t`Page not found`}
      message={t`The page you are looking for does not exist or has moved.`}
      ways={[{ href: paths.home(), label: t`Back to home` }]}
    />
  );
}
