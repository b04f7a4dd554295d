import type { Decorator } from '@storybook/react-vite';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Locale } from '../src/api/contract/envelope';
import { isLocale } from '../src/i18n/i18n';
import { selectBootFailed, selectBooting } from '../src/machines/app/app.selectors';
import { AppServicesProvider } from '../src/routes/app-services';
import { createAppRoot, type AppRoot } from '../src/routes/shell/create-app-root';
import { AppScreen } from '../src/App';
import { storyActorRegistry } from './statecharts/story-inspection';

/**
 * `withApp`: a route story inside the real app, as src/main.tsx builds it: the api client feeding
 * the root actor, every endpoint, the realtime hub (no socket: a story plays the server's part
 * with `root.realtime.publish`), translations loaded through GET /i18n, the root actor with its
 * children, all answered by the shared msw handlers (override a call with `msw.use` in
 * `beforeEach`, e.g. `authCheckAs(signedInUser)` for a signed-in story).
 *
 * The story starts at `parameters.route.path` (the preview's memory router); redirects and
 * navigations of the root actor move that router. The toolbar's language is the app's language.
 * The story renders once the start sequence finished (messages, user, menus), like the app.
 */
export const withApp: Decorator = (Story, context) => {
  const locale = (context.globals.locale as string | undefined) ?? 'ru';
  // The actor the "Statecharts" panel chooses first (.storybook/manager.ts), e.g. `trading`.
  const mainActor = (context.parameters.statecharts as { actor?: string } | undefined)?.actor;
  return (
    <StoryApp locale={isLocale(locale) ? locale : 'ru'} mainActor={mainActor}>
      <Story />
    </StoryApp>
  );
};

type Navigate = (to: string, options: { replace: boolean }) => void;

/** Hands the root actor's navigations to the story's router (set after each render). */
class RouterBridge {
  private current: Navigate | null = null;
  follow(navigate: Navigate) {
    this.current = navigate;
  }
  navigate(to: string, replace: boolean) {
    this.current?.(to, { replace });
  }
}

/**
 * msw answers within the frame that sent the request, which no network does: a form's busy state
 * (its pressed button disabled, which takes the focus away) was drawn in some runs and skipped in
 * others, and the button's focus ring with it. A change (anything but GET) goes out once the frame
 * of the press has been painted, so each story ends the same way every run.
 */
async function afterNextPaint(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  if (method.toUpperCase() !== 'GET') {
    await new Promise<void>((painted) => requestAnimationFrame(() => requestAnimationFrame(() => painted())));
  }
  return fetch(input, init);
}

function StoryApp({ locale, mainActor, children }: { locale: Locale; mainActor: string | undefined; children: ReactNode }) {
  const [, navigate] = useLocation();
  // The root actor is built once; its navigations go to whatever the router's navigate is now.
  const [router] = useState(() => new RouterBridge());
  useEffect(() => router.follow(navigate), [router, navigate]);

  const [root] = useState<AppRoot>(() => {
    const built = createAppRoot({
      apiBase: `${window.location.origin}/`,
      socketUrl: null,
      storage: window.localStorage,
      tabStorage: window.sessionStorage,
      buildVersion: 'storybook',
      document,
      locale,
      navigate: (to, { replace }) => router.navigate(to, replace),
      // A story never reloads the preview; the version and language machines still decide to.
      reload: () => undefined,
      // Watched by the "Statecharts" panel in the Storybook manager (nothing under Vitest).
      actors: storyActorRegistry(mainActor),
      fetch: afterNextPaint,
    });
    // The first calls already speak the toolbar's language, so the server's answer agrees.
    built.start();
    return built;
  });
  useEffect(() => () => root.stop(), [root]);

  // A later toolbar change switches the running app, as the language toggle does.
  useEffect(() => {
    root.appActor.getSnapshot().children.locale?.send({ type: 'locale.set', code: locale });
  }, [root, locale]);

  return (
    <I18nextProvider i18n={root.i18n}>
      <AppServicesProvider value={{ api: root.api, realtime: root.realtime, storage: root.storage }} appActor={root.appActor} actors={root.actors}>
        <Started root={root}>{children}</Started>
      </AppServicesProvider>
    </I18nextProvider>
  );
}

/** The story once the start finished; a failed start shows the app's own error screen. */
function Started({ root, children }: { root: AppRoot; children: ReactNode }) {
  const booting = useSelector(root.appActor, selectBooting);
  const failed = useSelector(root.appActor, selectBootFailed);
  if (failed) return <AppScreen />;
  if (booting) return null;
  return <>{children}</>;
}
