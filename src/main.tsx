import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { apiBase } from './api/client';
import { socketUrl } from './api/socket';
import { App } from './App';
import { registerServiceWorker } from './pwa/register';
import { createAppRoot, type AppRootOptions } from './routes/shell/create-app-root';
import { preloadPage } from './routes/shell/route-outlet';

/**
 * The composition root: the api client whose envelopes feed the root actor, the endpoints, the
 * realtime socket and hub, i18next, and the root actor with every effect provided.
 * In development `?inspect` opens the Stately inspector on the root actor (README: Inspector).
 */
async function inspector(): Promise<Pick<AppRootOptions, 'inspect'>> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return {};
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return { inspect: createBrowserInspector().inspect };
}

async function main() {
  const configured = import.meta.env.VITE_API_BASE as string | undefined;
  const root = createAppRoot({
    apiBase: apiBase(configured, window.location.origin),
    socketUrl: socketUrl(configured ?? '', window.location),
    storage: window.localStorage,
    tabStorage: window.sessionStorage,
    buildVersion: import.meta.env.VITE_FV as string,
    document,
    navigate: (to, { replace }) => navigate(to, { replace }),
    reload: () => window.location.reload(),
    ...(await inspector()),
  });
  root.start();
  // The page's chunk (preloaded by the document) before the first render, so nothing moves when it arrives.
  await preloadPage(window.location.pathname);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <App root={root} />
    </StrictMode>,
  );
}

void main();
if (import.meta.env.PROD) registerServiceWorker(window);
