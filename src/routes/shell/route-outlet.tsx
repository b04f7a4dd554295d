import { useSelector } from '@xstate/react';
import { createElement, lazy, Suspense, useEffect, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { parse as parsePattern } from 'regexparam';
import { matchRoute, Redirect, useLocation, useRouter, useSearch } from 'wouter';
import { selectChunkFailed } from '../../machines/app/app.selectors';
import { useUser } from '../app-services';
import { routes, type PageProps, type RouteEntry } from '../route-table';
import { ErrorBoundary } from '../status/error-boundary';
import { isChunkLoadError, UnknownMiddlewareError } from '../status/page-error';
import { ErrorContent, NotFoundContent } from '../status/status-screens';
import { useAppActor } from './app-context';
import { useDisplayTimeZone } from './display-time-zone';
import { useRouteFocus } from './route-focus';
import { ShellLayout } from './shell-layout';
import { PageSkeleton } from '../../ui/PageSkeleton';

type Params = Record<string, string | undefined>;

/** The first entry whose pattern matches the path, with its params. */
function findRoute(parser: Parameters<typeof matchRoute>[0], path: string, table: readonly RouteEntry[] = routes) {
  for (const entry of table) {
    const [matched, params] = matchRoute(parser, entry.path, path);
    if (matched) return { entry, params: { ...(params as Params) } };
  }
  return null;
}

// One lazy component per page (entries that share a `load` share it: the withdraw flow's paths),
// so a page is fetched once and stays the same component across its entries.
const lazyPages = new Map<RouteEntry['load'], LazyExoticComponent<ComponentType<PageProps>>>();
// Pages whose chunk arrived before the first render (preloadPage): they render without suspending,
// so the first paint has the page, and the footer does not jump when it arrives.
const loadedPages = new Map<RouteEntry['load'], ComponentType<PageProps>>();

/**
 * Loads the chunk of the page at `path` (wouter's own pattern parser) before the app's first
 * render (src/main.tsx), and for a page of the session (`session` in the route table) waits for
 * the session's module too, so the page draws its form at once instead of suspending on the
 * actor; the server already sent the modulepreload links of both. A failure is left to the
 * outlet, which reports it as it does any chunk's.
 */
export async function preloadPage(path: string, sessionLoaded: () => Promise<void>): Promise<void> {
  const match = findRoute(parsePattern, path);
  if (!match) return;
  try {
    const [page] = await Promise.all([match.entry.load(), match.entry.session ? sessionLoaded() : undefined]);
    loadedPages.set(match.entry.load, page.default);
  } catch {
    // The lazy page loads it again and shows the error.
  }
}

/** The entry's page from its lazy chunk (Suspense above waits for the chunk). */
function LazyPage({ entry, params }: { entry: RouteEntry; params: Params }) {
  const loaded = loadedPages.get(entry.load);
  if (loaded) return createElement(loaded, { params });
  let page = lazyPages.get(entry.load);
  if (!page) {
    page = lazy(entry.load);
    lazyPages.set(entry.load, page);
  }
  return createElement(page, { params });
}

const KNOWN_GUARDS = new Set(['user', 'guest']);

/** What a matched route renders before its page: a guard's redirect, an error or the 404 page. */
function checkRoute(entry: RouteEntry, params: Params, signedIn: boolean): { redirect: string } | { error: Error } | 'notFound' | 'page' {
  if (entry.guard !== undefined && !KNOWN_GUARDS.has(entry.guard)) return { error: new UnknownMiddlewareError(entry.guard) };
  if (entry.guard === 'user' && !signedIn) return { redirect: '/login' };
  if (entry.guard === 'guest' && signedIn) return { redirect: '/home' };
  if (entry.validate && !entry.validate(params)) return 'notFound';
  return 'page';
}

/** The params that have a value, in a stable order (so equal params compare equal as text). */
const definedParams = (params: Params): [string, string][] =>
  Object.entries(params)
    .filter((pair): pair is [string, string] => typeof pair[1] === 'string')
    .sort(([a], [b]) => a.localeCompare(b));

/** The page's identity: the first entry that loads the same page (so the withdraw flow's paths are one). */
const pageKeyOf = (entry: RouteEntry): number => routes.findIndex((candidate) => candidate.load === entry.load);

/**
 * Renders the page of the current location inside its layout. It tells the root actor every
 * route change (which closes the burger) and keys the page by the page alone: a change of its
 * params or query renders the same mounted page with them, so its statecharts (the registry's
 * actors it owns) carry on and take the new params as events; another page mounts afresh.
 */
export function RouteOutlet() {
  const { t } = useTranslation();
  const [path] = useLocation();
  const search = useSearch();
  const router = useRouter();
  const app = useAppActor();
  const user = useUser();
  const chunkFailed = useSelector(app, selectChunkFailed);
  const match = useMemo(() => findRoute(router.parser, path), [router.parser, path]);
  const pattern = match?.entry.path ?? '*';
  const key = JSON.stringify(definedParams(match?.params ?? {}));

  useRouteFocus(path);
  useDisplayTimeZone();

  useEffect(() => {
    const params = Object.fromEntries(JSON.parse(key) as [string, string][]);
    app.send({ type: 'route.changed', route: { pattern, params, search, path } });
  }, [app, pattern, key, search, path]);

  if (!match) {
    return (
      <ShellLayout>
        <NotFoundContent />
      </ShellLayout>
    );
  }

  const { entry, params } = match;
  const verdict = checkRoute(entry, params, user?.is_authenticated === true);
  const pageKey = pageKeyOf(entry);
  if (typeof verdict === 'object' && 'redirect' in verdict) return <Redirect to={verdict.redirect} replace />;

  const content =
    verdict === 'notFound' ? (
      <NotFoundContent />
    ) : typeof verdict === 'object' ? (
      <ErrorContent error={verdict.error} />
    ) : (
      <ErrorBoundary
        key={pageKey}
        // A page that failed is tried again at the next location, as a fresh mount would.
        resetKey={`${path}?${search}`}
        onError={(error) => {
          if (isChunkLoadError(error)) app.send({ type: 'chunk.failed', at: Date.now() });
        }}
        // A failed chunk reloads the page unless it already did within the minute.
        fallback={(error) => (isChunkLoadError(error) && !chunkFailed ? null : <ErrorContent error={error} />)}
      >
        <Suspense fallback={<PageSkeleton label={t('shell.loading')} />}>
          <LazyPage key={pageKey} entry={entry} params={params} />
        </Suspense>
      </ErrorBoundary>
    );

  if (entry.layout === 'bare') return content;
  return <ShellLayout bleed={entry.layout === 'wide'}>{content}</ShellLayout>;
}
