import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { i18n, withCatalogue } from '@/i18n';
import { useOpenDialog } from '@/stores/dialogs';
import { Toaster } from '@/ui/Toaster';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './shell/Footer';
import { Header } from './shell/Header';
import { useScrollRestoration } from './useScrollRestoration';

// Dialogs load when one is first opened: visitors who never sign in don't download them.
const AuthDialogs = lazy(() => withCatalogue('auth', import('@/features/auth/AuthDialogs')));

function Dialogs() {
  const open = useOpenDialog();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  );
}

export function App() {
  useScrollRestoration();
  return (
    <I18nProvider i18n={i18n}>
      <ErrorBoundary>
        <div className="flex min-h-dvh flex-col">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
          >
            <Trans>Skip to content</Trans>
          </a>
          <Header />
          <main id="main" className="min-h-[calc(100dvh-4rem)] flex-1">
            <AppRoutes />
          </main>
          <Footer />
          <Dialogs />
          <Toaster />
        </div>
      </ErrorBoundary>
    </I18nProvider>
  );
}
