import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { apiBase } from './api/client';
import { socketUrl } from './api/socket';
import { App } from './App';
import { registerServiceWorker } from './pwa/register';
import { ActorRegistry } from './routes/shell/actor-registry';
import { createAppRoot } from './routes/shell/create-app-root';
import { preloadPage } from './routes/shell/route-outlet';

/**
 * The composition root: the api client whose envelopes feed the root actor, the endpoints, the
 * realtime socket and hub, i18next, the root actor with every effect provided, and the registry
 * every long-lived actor is created through. In development the inspectors watch that registry
 * (`?inspect`: Stately's; `?inspect=local` or Alt+Shift+X: the app's own, README "Inspect the
 * statecharts"); the production build drops the branch and its chunks.
 */
async function main() {
  // An older browser without Intl.DurationFormat waits for the polyfill (a chunk of its own) before
  // the first render, so no screen writes a duration without it; current browsers load nothing.
  if (!('DurationFormat' in Intl)) await import('@formatjs/intl-durationformat/polyfill.js');
  const actors = new ActorRegistry();
  if (import.meta.env.DEV) await (await import('./inspector/install')).installInspectors(actors, window);
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
    actors,
  });
  root.start();
  // The page's chunk (preloaded by the document) before the first render, so nothing moves when it
  // arrives; a page of the session waits for the session's module as well.
  await preloadPage(window.location.pathname, root.sessionLoaded);
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
