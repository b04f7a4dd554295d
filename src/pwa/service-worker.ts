/**
 * The service worker (served as /sw.js, built by vite.config.ts `serviceWorker()`): it keeps the
 * current version's shell and assets so the app installs and opens without a network.
 *
 * - On install it stores the build's files (PRECACHE, listed by the build) under this version's
 *   cache; it does not take over open tabs (no skipWaiting), so a new version never replaces the
 *   page under a bet: it starts with the next visit, and removes the older caches then.
 * - Pages (navigations) come from the network (their document holds the session's boot data and
 *   is never stored); without a network the stored shell (/index.html, no boot data) opens instead.
 * - Hashed assets come from the cache first; the translations (/i18n) from the network, the last
 *   copy kept for when there is none. The API and the socket are never touched.
 *
 * It runs in the worker's scope, not a page's: the few worker types it uses are declared here.
 */

declare const VERSION: string;
declare const PRECACHE: string[];

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
}

const worker = self as unknown as WorkerScope;
const CACHE_PREFIX = 'fx-app-';
const CACHE = `${CACHE_PREFIX}${VERSION}`;
const SHELL = '/index.html';

worker.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

async function fromCacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

/** A page from the network; without one, the stored shell. Pages themselves are never stored. */
async function pageOrShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

/** From the network, keeping the last copy for when there is none. */
async function fromNetworkFirst(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw error;
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') {
    // The back office and the sandbox pages are the server's own; only the app's pages fall back.
    if (/^\/(backoffice|sandbox|local|api)(\/|$)/.test(url.pathname)) return;
    event.respondWith(pageOrShell(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromCacheFirst(request));
  } else if (url.pathname.startsWith('/i18n/')) {
    event.respondWith(fromNetworkFirst(request));
  }
});
