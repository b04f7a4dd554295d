import { assign, enqueueActions, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { BET_RESULT_REDIRECT, DEFAULT_LOCALE, type EnvelopeUser, type Locale, type SiteSettings } from '../../api/contract/envelope';
import type { Messages, MenusPayload } from '../../api/contract/content';
import type { ServerMessage } from '../../api/contract/realtime';
import type { EnvelopeEvent } from '../../api/envelope';
import { audioMachine } from '../audio/audio.machine';
import { burgerMachine } from '../burger/burger.machine';
import { connectivityMachine, type ConnectivityBackEvent, type ConnectivityEvent } from '../connectivity/connectivity.machine';
import { localeMachine } from '../locale/locale.machine';
import { notificationsMachine } from '../notifications/notifications.machine';
import { toastsMachine, type ToastVariant } from '../toasts/toasts.machine';
import { versionMachine } from '../version/version.machine';
import { walletMachine } from '../wallet/wallet.machine';
import { notProvided, toFailure, type Failure } from './failure';

/** Where the app is: the matched route pattern, its params, the query string and the path. */
export interface RouteInfo {
  pattern: string;
  params: Record<string, string>;
  search: string;
  path: string;
}

/** What changed between two routes, which decides how much of the page reloads its data. */
export type RouteChange = 'route' | 'params' | 'query' | null;

export function routeChange(previous: RouteInfo | null, next: RouteInfo): RouteChange {
  if (!previous || previous.pattern !== next.pattern) return 'route';
  const keys = new Set([...Object.keys(previous.params), ...Object.keys(next.params)]);
  for (const key of keys) if (previous.params[key] !== next.params[key]) return 'params';
  if (previous.search !== next.search) return 'query';
  return null;
}

/** The trading room's route pattern: it announces bet results itself. */
const TRADING_ROOM = '/home';

/** A chunk that failed to load reloads the page, but at most once per this window. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/** Waiting for an auth check the server rate limited, when it names no delay. */
const DEFAULT_RETRY_SECONDS = 1;

export type AppEvent =
  | EnvelopeEvent
  | { type: 'realtime.message'; message: ServerMessage }
  /** The browser's network and the socket's status, for the connectivity statechart. */
  | ConnectivityEvent
  | ConnectivityBackEvent
  /** Signed in or out (login, register, reset, logout, an expired session): read the user again. */
  | { type: 'session.changed' }
  /** The interface language switched: menus come in the request's language, so they load again. */
  | { type: 'locale.changed'; code: Locale }
  | { type: 'navigate'; to: string; replace?: boolean }
  | { type: 'route.changed'; route: RouteInfo }
  | { type: 'chunk.failed'; at: number }
  | { type: 'toast.show'; msg: string; variant?: ToastVariant; delay?: number }
  | { type: 'app.retry' };

export interface AppInput {
  /** The build version this page stored last (localStorage), '' on a first visit. */
  storedFv: string;
  storedWallet?: string | null;
  storedAudio?: boolean | null;
  /** The `i18n_redirected` cookie, when it names a known locale. */
  storedLocale?: Locale | null;
  /** When the page last reloaded for a failed chunk (sessionStorage), epoch ms. */
  lastChunkReloadAt?: number | null;
}

export interface AppContext {
  stored: AppInput;
  /** Null until the auth check answered; then the envelope's user on every answer that has one. */
  user: EnvelopeUser | null;
  /** The locale the start sequence settles on (the auth check's answer, else the stored one). */
  locale: Locale;
  menus: MenusPayload | null;
  siteBlocked: boolean;
  siteSettings: SiteSettings | null;
  customCss: string;
  route: RouteInfo | null;
  /** What the last route change changed: the page outlet mounts the page afresh for any of them. */
  lastChange: RouteChange;
  lastChunkReloadAt: number | null;
  /** A chunk failed again inside the reload window: the error page shows instead of reloading. */
  chunkFailed: boolean;
  error: Failure | null;
}

/** The menus a failed menu call leaves: the shell still renders, with empty columns. */
export const EMPTY_MENUS: MenusPayload = {
  top_menu: [],
  header_menu: [],
  footer_menu_1: [],
  footer_menu_2: [],
  footer_menu_3: [],
  footer_menu_4: [],
  main_menu: {},
};

const ANONYMOUS: EnvelopeUser = { is_authenticated: false };

/** Notification titles are sanitized HTML; a toast shows text. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();

const TOAST_VARIANT: Record<string, ToastVariant> = { info: 'secondary', success: 'success', warning: 'warning', danger: 'danger' };

/**
 * The root actor (docs/design.md 4). It starts the app in the order of docs/product.md 4 (the start language's
 * messages, the auth check, the locale from its answer, telling the server, the menus), owns the
 * shell's statecharts as children found by systemId, and is where every envelope and realtime
 * message lands: it keeps the user, the site-blocked flag, the site settings and the custom CSS,
 * hands the rest to the child it concerns, follows redirects, and tells route changes apart
 * (route, params, query) and closes the burger on each.
 */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    children: {} as {
      wallet: 'wallet';
      locale: 'locale';
      toasts: 'toasts';
      version: 'version';
      notifications: 'notifications';
      audio: 'audio';
      burger: 'burger';
      connectivity: 'connectivity';
    },
  },
  actors: {
    wallet: walletMachine,
    locale: localeMachine,
    toasts: toastsMachine,
    version: versionMachine,
    notifications: notificationsMachine,
    audio: audioMachine,
    burger: burgerMachine,
    connectivity: connectivityMachine,
    /** GET /i18n/{code} for the language the app starts in. */
    loadMessages: fromPromise<Partial<Record<Locale, Messages>>>(notProvided('loadMessages')),
    /** GET /api/auth/check; its envelope brings the user and the locale as events. */
    checkAuth: fromPromise<unknown>(notProvided('checkAuth')),
    /** POST /api/lang with the settled locale. */
    tellLocale: fromPromise<unknown, { code: Locale }>(notProvided('tellLocale')),
    loadMenus: fromPromise<MenusPayload>(notProvided('loadMenus')),
  },
  actions: {
    addMessages: notProvided('addMessages') as (args: unknown, params: { messages: Partial<Record<Locale, Messages>> }) => void,
    navigate: notProvided('navigate') as (args: unknown, params: { to: string; replace: boolean }) => void,
    applyCustomCss: notProvided('applyCustomCss') as (args: unknown, params: { css: string }) => void,
    storeChunkReload: notProvided('storeChunkReload') as (args: unknown, params: { at: number }) => void,
    reloadPage: notProvided('reloadPage'),
    /** The socket authenticates with the session cookie, so a new session needs a new socket. */
    reconnectRealtime: notProvided('reconnectRealtime'),
    keepError: assign({ error: (_, params: { error: unknown }) => toFailure(params.error) }),
  },
  guards: {
    unauthenticated: (_, params: { error: unknown }) => toFailure(params.error).code === 'unauthenticated',
    rateLimited: (_, params: { error: unknown }) => toFailure(params.error).code === 'rate_limited',
  },
  delays: {
    retryAfter: ({ context }) => (context.error?.retryAfter ?? DEFAULT_RETRY_SECONDS) * 1000,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    stored: input,
    user: null,
    locale: input.storedLocale ?? DEFAULT_LOCALE,
    menus: null,
    siteBlocked: false,
    siteSettings: null,
    customCss: '',
    route: null,
    lastChange: null,
    lastChunkReloadAt: input.lastChunkReloadAt ?? null,
    chunkFailed: false,
    error: null,
  }),
  invoke: [
    { id: 'wallet', systemId: 'wallet', src: 'wallet', input: ({ context }) => ({ stored: context.stored.storedWallet ?? null }) },
    { id: 'locale', systemId: 'locale', src: 'locale', input: ({ context }) => ({ current: context.locale }) },
    { id: 'toasts', systemId: 'toasts', src: 'toasts' },
    { id: 'version', systemId: 'version', src: 'version', input: ({ context }) => ({ stored: context.stored.storedFv }) },
    { id: 'notifications', systemId: 'notifications', src: 'notifications' },
    { id: 'audio', systemId: 'audio', src: 'audio', input: ({ context }) => ({ stored: context.stored.storedAudio ?? null }) },
    { id: 'burger', systemId: 'burger', src: 'burger' },
    { id: 'connectivity', systemId: 'connectivity', src: 'connectivity' },
  ],
  on: {
    'envelope.user': {
      actions: [
        assign({ user: ({ event }) => event.user }),
        sendTo('wallet', ({ event }) => event),
        sendTo('notifications', ({ event }) => event),
      ],
    },
    'envelope.notifications': { actions: sendTo('notifications', ({ event }) => event) },
    'envelope.supportChat': { actions: sendTo('notifications', ({ event }) => event) },
    'envelope.siteBlocked': { actions: assign({ siteBlocked: ({ event }) => event.blocked }) },
    'envelope.siteSettings': { actions: assign({ siteSettings: ({ event }) => event.settings }) },
    'envelope.customCss': {
      guard: ({ context, event }) => event.css !== context.customCss,
      actions: [assign({ customCss: ({ event }) => event.css }), { type: 'applyCustomCss', params: ({ event }) => ({ css: event.css }) }],
    },
    'envelope.fv': { actions: sendTo('version', ({ event }) => event) },
    // A redirect answer replaces the navigation in progress, so Back does not return to it.
    'envelope.redirect': { actions: { type: 'navigate', params: ({ event }) => ({ to: event.url, replace: true }) } },
    navigate: { actions: { type: 'navigate', params: ({ event }) => ({ to: event.to, replace: event.replace ?? false }) } },
    'toast.show': { actions: sendTo('toasts', ({ event }) => event) },
    'network.changed': { actions: sendTo('connectivity', ({ event }) => event) },
    'socket.status': { actions: sendTo('connectivity', ({ event }) => event) },
    'realtime.message': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const { message } = event;
        if (message.type === 'wallets') {
          enqueue.sendTo('wallet', { type: 'realtime.message', message });
        } else if (message.type === 'support') {
          enqueue.sendTo('notifications', { type: 'realtime.message', message });
        } else if (message.type === 'session_ended') {
          // This browser's session was ended elsewhere (Settings > Security, a password change):
          // the user is read again (now signed out) and the guards take the page to the login.
          enqueue.raise({ type: 'session.changed' });
        } else if (message.type === 'notification') {
          if (message.notification.display === 'toast') {
            // The trading room shows a bet's result in its own card (any wallet's: another wallet's
            // result names its wallet): a toast saying it again would be a second voice (issue 11, 5).
            if (context.route?.pattern === TRADING_ROOM && message.notification.redirect_url === BET_RESULT_REDIRECT) return;
            enqueue.sendTo('toasts', {
              type: 'toast.show',
              msg: textOf(message.notification.title),
              variant: TOAST_VARIANT[message.notification.type] ?? 'primary',
            });
          } else {
            enqueue.sendTo('notifications', { type: 'realtime.message', message });
          }
        }
      }),
    },
    'route.changed': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const change = routeChange(context.route, event.route);
        enqueue.assign({
          route: event.route,
          lastChange: change,
          chunkFailed: false,
        });
        if (change !== null) enqueue.sendTo('burger', { type: 'route.changed' });
        // Another page: a new version waiting for its moment starts now.
        if (change === 'route') enqueue.sendTo('version', { type: 'route.changed' });
      }),
    },
    'chunk.failed': [
      {
        guard: ({ context, event }) => context.lastChunkReloadAt === null || event.at - context.lastChunkReloadAt >= CHUNK_RELOAD_WINDOW_MS,
        actions: [
          assign({ lastChunkReloadAt: ({ event }) => event.at }),
          { type: 'storeChunkReload', params: ({ event }) => ({ at: event.at }) },
          'reloadPage',
        ],
      },
      { actions: assign({ chunkFailed: true }) },
    ],
  },
  initial: 'booting',
  states: {
    booting: {
      tags: ['busy'],
      initial: 'loadingMessages',
      entry: assign({ error: null }),
      on: { 'envelope.locale': { actions: assign({ locale: ({ event }) => event.locale }) } },
      states: {
        loadingMessages: {
          invoke: {
            src: 'loadMessages',
            onDone: { target: 'checkingAuth', actions: { type: 'addMessages', params: ({ event }) => ({ messages: event.output }) } },
            onError: { target: '#app.failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        checkingAuth: {
          invoke: {
            src: 'checkAuth',
            onDone: {
              target: 'tellingLocale',
              // An answer without a user (it should not happen) still means nobody is signed in.
              actions: assign({ user: ({ context }) => context.user ?? ANONYMOUS, error: null }),
            },
            onError: [
              {
                guard: { type: 'unauthenticated', params: ({ event }) => ({ error: event.error }) },
                target: 'tellingLocale',
                actions: assign({ user: ANONYMOUS, error: null }),
              },
              {
                guard: { type: 'rateLimited', params: ({ event }) => ({ error: event.error }) },
                target: 'waitingToCheck',
                actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              },
              { target: '#app.failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        waitingToCheck: { after: { retryAfter: 'checkingAuth' } },
        tellingLocale: {
          entry: sendTo('locale', ({ context }) => ({ type: 'locale.set', code: context.locale })),
          invoke: {
            src: 'tellLocale',
            input: ({ context }) => ({ code: context.locale }),
            // The language is already on screen; the server learns it with the next choice.
            onDone: 'loadingMenus',
            onError: 'loadingMenus',
          },
        },
        loadingMenus: {
          invoke: {
            src: 'loadMenus',
            onDone: { target: '#app.ready', actions: assign({ menus: ({ event }) => event.output }) },
            onError: {
              target: '#app.ready',
              actions: [assign({ menus: EMPTY_MENUS }), { type: 'keepError', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
      },
    },
    ready: {
      initial: 'idle',
      on: {
        'session.changed': { target: '.refreshingUser', actions: 'reconnectRealtime' },
        // Back after a lost connection: the user (and so the wallets) is read again, for what the
        // socket could not deliver meanwhile.
        'connectivity.back': '.refreshingUser',
        'locale.changed': { target: '.reloadingMenus', actions: assign({ locale: ({ event }) => event.code }) },
      },
      states: {
        idle: {},
        refreshingUser: {
          invoke: {
            src: 'checkAuth',
            onDone: 'idle',
            // The flow that changed the session already brought its user in the envelope.
            onError: { target: 'idle', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        reloadingMenus: {
          invoke: {
            src: 'loadMenus',
            onDone: { target: 'idle', actions: assign({ menus: ({ event }) => event.output }) },
            // The menus of the previous language stay: better than none.
            onError: { target: 'idle', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    failed: {
      tags: ['error'],
      // The connection is back (the start may have failed for the lack of it): start again.
      on: { 'app.retry': 'booting', 'connectivity.back': 'booting' },
    },
  },
});

export type AppActorRef = ActorRefFrom<typeof appMachine>;
export type AppSnapshot = SnapshotFrom<typeof appMachine>;
