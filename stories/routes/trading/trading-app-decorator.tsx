import type { Decorator } from '@storybook/react-vite';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { selectBooting } from '../../../src/machines/app/app.selectors';
import { AppServicesProvider } from '../../../src/routes/app-services';
import { createAppRoot } from '../../../src/routes/shell/create-app-root';

/**
 * The trading route stories run inside the real app root (api client, root actor, hub) built
 * against msw, without a socket: a story plays the server's part through the realtime hub.
 * The route shows once the root actor has started (messages, user, menus), as in the app.
 */
export const withTradingApp: Decorator = (Story) => (
  <TradingApp>
    <Story />
  </TradingApp>
);

function TradingApp({ children }: { children: ReactNode }) {
  const [root] = useState(() => {
    const built = createAppRoot({
      apiBase: `${window.location.origin}/`,
      socketUrl: null,
      storage: window.localStorage,
      tabStorage: window.sessionStorage,
      buildVersion: 'storybook',
      document,
      navigate: () => undefined,
      reload: () => undefined,
    });
    built.start();
    return built;
  });
  useEffect(() => () => root.stop(), [root]);
  const booting = useSelector(root.appActor, selectBooting);
  if (booting) return null;
  return (
    <I18nextProvider i18n={root.i18n}>
      <AppServicesProvider value={{ api: root.api, realtime: root.realtime, storage: root.storage }} appActor={root.appActor}>
        {children}
      </AppServicesProvider>
    </I18nextProvider>
  );
}
