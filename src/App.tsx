import { useSelector } from '@xstate/react';
import { useLayoutEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Router, type BaseLocationHook } from 'wouter';
import { selectBootError, selectBootFailed, selectBooting, selectSiteBlocked } from './machines/app/app.selectors';
import { AppServicesProvider, useConnectivity } from './routes/app-services';
import { useAppActor } from './routes/shell/app-context';
import type { AppRoot } from './routes/shell/create-app-root';
import { RouteOutlet } from './routes/shell/route-outlet';
import { builtInTexts } from './routes/status/built-in-texts';
import { ErrorBoundary } from './routes/status/error-boundary';
import { ErrorContent, LastResortPage, SiteBlockedContent } from './routes/status/status-screens';
import { ConnectivityBanner } from './ui/ConnectivityBanner';
import { NoticeStack } from './ui/NoticeStack';
import { globalStyles } from './ui/stitches.config';
import { PageSkeleton } from './ui/PageSkeleton';
import { ErrorPageFallback } from './ui/StatusPage';

/**
 * What the app shows by the root actor's state: the skeleton of the screen while it starts (the
 * messages, the user and the menus come first, so no text flashes in the wrong language or
 * sign-in state, and no blank dark screen either), the
 * error page with a retry when the start failed, the blocked screen while the site is blocked,
 * and the page of the current route otherwise.
 */
export function AppScreen() {
  const app = useAppActor();
  const { i18n } = useTranslation();
  const booting = useSelector(app, selectBooting);
  const failed = useSelector(app, selectBootFailed);
  const error = useSelector(app, selectBootError);
  const blocked = useSelector(app, selectSiteBlocked);
  // Opened without a network (from the installed app's stored shell), the start fails: the page says why.
  const connectivity = useConnectivity();
  if (failed) {
    // Without the translations (their call is what failed) only a plain page with the built-in
    // texts can say so, in the language the app was starting in.
    if (!i18n.exists('shell.error-title')) {
      const texts = builtInTexts(i18n.language);
      return <ErrorPageFallback text={texts.startFailed} linkText={texts.reload} />;
    }
    return (
      <>
        <ErrorContent error={{ ...error, status: 503 }} onRetry={() => app.send({ type: 'app.retry' })} />
        <NoticeStack>
          <ConnectivityBanner state={connectivity} />
        </NoticeStack>
      </>
    );
  }
  if (booting) return <PageSkeleton withHeader label={i18n.exists('shell.loading') ? i18n.t('shell.loading') : builtInTexts(i18n.language).loading} />;
  if (blocked) return <SiteBlockedContent />;
  return <RouteOutlet />;
}

export interface AppProps {
  /** Built and started by the caller (an actor cannot start again once stopped, so not here). */
  root: AppRoot;
  /** The router's location (the browser's by default; memory in stories). */
  location?: { hook: BaseLocationHook; searchHook?: () => string };
}

export function App({ root, location }: AppProps) {
  useLayoutEffect(() => {
    globalStyles();
  }, []);
  return (
    <ErrorBoundary fallback={() => <LastResortPage language={root.i18n.language} />}>
      <I18nextProvider i18n={root.i18n}>
        <AppServicesProvider value={{ api: root.api, realtime: root.realtime, storage: root.storage }} appActor={root.appActor} actors={root.actors}>
          <Router {...(location ? { hook: location.hook, ...(location.searchHook ? { searchHook: location.searchHook } : {}) } : {})}>
            <AppScreen />
          </Router>
        </AppServicesProvider>
      </I18nextProvider>
    </ErrorBoundary>
  );
}
