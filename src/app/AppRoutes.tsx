import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import NotFoundPage from '@/features/not-found/NotFoundPage';
import { withCatalogue } from '@/i18n';
import { useSessionRole, useSignedIn } from '@/session';
import { openDialog } from '@/stores/dialogs';
import { ErrorBoundary } from './ErrorBoundary';
import { decideAccess } from './guard';
import { type AppRoute, routes } from './routes';

const APP_NAME = 'KFU Training';

// Only a signed-in user of another role meets it: it loads then, with the signed-in screens' catalogue.
const WrongRolePage = lazy(() =>
  withCatalogue('account', import('./WrongRolePage')).then(({ WrongRolePage }) => ({
    default: WrongRolePage,
  })),
);

function PageLoading() {
  return (
    <div className="grid min-h-[40vh] place-items-center" aria-busy="true">
      <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" />
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
    </div>
  );
}

function GuardedView({ route }: { route: AppRoute }) {
  const { i18n } = useLingui();
  const signedIn = useSignedIn();
  const role = useSessionRole();
  const decision = decideAccess(route, { signedIn, role });
  const title = i18n._(route.title);
  // A signed-out visitor who opened a protected page (a mail's link) is sent home (spec section 2)
  // to sign in, then comes back to it; one who signs out on the page only goes home.
  const asked = useRef(signedIn ? '' : location.pathname + location.search + location.hash);
  const signIn = decision.kind === 'redirect' && route.access === 'protected' && asked.current;
  useEffect(() => {
    if (signIn) openDialog('login', { returnTo: signIn });
  }, [signIn]);

  useEffect(() => {
    if (decision.kind !== 'redirect') document.title = `${title} · ${APP_NAME}`;
  }, [decision.kind, title]);

  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  if (decision.kind === 'wrongRole') return <WrongRolePage roles={decision.roles} />;
  const View = route.view.component();
  return <View title={route.title} />;
}

export function AppRoutes() {
  const [location] = useLocation();
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          {routes.map((route) => (
            <Route key={route.path} path={route.path}>
              <GuardedView route={route} />
            </Route>
          ))}
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
