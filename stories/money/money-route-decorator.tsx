import type { Decorator } from '@storybook/react-vite';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { AppServicesProvider } from '../../src/routes/app-services';
import { createAppRoot, type AppRoot } from '../../src/routes/shell/create-app-root';
import { DEFAULT_LOCALE, type Locale } from '../../src/api/contract/envelope';
import { isLocale } from '../../src/i18n/i18n';

/**
 * Money route stories run on the app's own wiring: the real api client and root actor built by
 * the composition root, answered by the shared msw handlers (or a story's own). The story's
 * router (`parameters.route.path`) and language come from the preview's decorators.
 */
export const withMoneyApp: Decorator = (Story, context) => {
  const locale = context.globals.locale as string | undefined;
  return (
    <MoneyApp locale={isLocale(locale) ? locale : DEFAULT_LOCALE}>
      <Story />
    </MoneyApp>
  );
};

function MoneyApp({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [, navigate] = useLocation();
  const [root] = useState(() => startedRoot((to, replace) => navigate(to, { replace }), locale));
  useEffect(() => () => root.stop(), [root]);
  return (
    <AppServicesProvider value={{ api: root.api, realtime: root.realtime, storage: root.storage }} appActor={root.appActor} actors={root.actors}>
      {children}
    </AppServicesProvider>
  );
}

/** Started before the first render: the pages read the root actor's children (wallets) at once. */
function startedRoot(navigate: (to: string, replace: boolean) => void, locale: Locale): AppRoot {
  const root = createAppRoot({
    apiBase: `${window.location.origin}/`,
    socketUrl: null,
    storage: window.sessionStorage,
    tabStorage: window.sessionStorage,
    buildVersion: 'storybook',
    document,
    navigate: (to, { replace }) => navigate(to, replace),
    reload: () => undefined,
    // The toolbar's language, not the browser's: the api asks in it, msw answers in it.
    locale,
  });
  root.start();
  return root;
}
