import type { i18n as I18n } from 'i18next';
import { createActor } from 'xstate';
import { createApi, type Api } from '../../api/api';
import { readBootData, fetchWithBootAnswers } from '../../api/boot';
import { createApiClient } from '../../api/client';
import { DEFAULT_LOCALE, LOCALES, localeDirection, preferredLocale, type Locale } from '../../api/contract/envelope';
import { createRealtimeClient, createRealtimeHub, type RealtimeClient, type RealtimeHub } from '../../api/socket';
import { addMessages, createI18n, isLocale } from '../../i18n/i18n';
import { appActors } from '../../machines/app/app.actors';
import { appMachine, type AppActorRef, type AppEvent } from '../../machines/app/app.machine';
import { audioMachine } from '../../machines/audio/audio.machine';
import { localeActors } from '../../machines/locale/locale.actors';
import { localeMachine } from '../../machines/locale/locale.machine';
import { notificationsActors } from '../../machines/notifications/notifications.actors';
import { notificationsMachine } from '../../machines/notifications/notifications.machine';
import { versionMachine } from '../../machines/version/version.machine';
import { walletActors } from '../../machines/wallet/wallet.actors';
import { walletMachine } from '../../machines/wallet/wallet.machine';
import { ActorRegistry } from './actor-registry';

/** Browser storage keys of the choices that survive a reload. */
export const STORAGE_KEYS = { fv: 'fv', wallet: 'wallet', audio: 'audio', chunkReload: 'chunk-reload-at' } as const;
export const LOCALE_COOKIE = 'i18n_redirected';
/** The tabs of one browser tell each other when the session began or ended (BroadcastChannel). */
const SESSION_CHANNEL = 'fx-session';
type SessionSignal = 'signed-in' | 'signed-out';
const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export interface AppRootOptions {
  /** The API base ending in '/'. */
  apiBase: string;
  /** ws(s)://host/ws, or null for no socket (stories). */
  socketUrl: string | null;
  /** Kept choices (wallet, sound, version): localStorage in the browser. */
  storage: Storage;
  /** Per-tab memory (the chunk reload time): sessionStorage in the browser. */
  tabStorage: Storage;
  /** The build's own version, the stored one until the server names another. */
  buildVersion: string;
  document: Document;
  navigate: (to: string, options: { replace: boolean }) => void;
  reload: () => void;
  /** The registry the root actor and every page's actors are created through (a new one if not given). */
  actors?: ActorRegistry;
  /** The language to start in when the document names none (a story: the toolbar's). */
  locale?: Locale;
  /** How requests go out: the browser's fetch unless given (a story's answers come from msw). */
  fetch?: typeof globalThis.fetch;
}

export interface AppRoot {
  api: Api;
  realtime: RealtimeHub;
  storage: Storage;
  i18n: I18n;
  appActor: AppActorRef;
  actors: ActorRegistry;
  /** Starts the root actor (and so the start sequence), the socket, and the app's session actor. */
  start(): void;
  /** Settles once the session's module, loaded by `start`, has arrived (and kept the actor once the user is known) or failed to. */
  sessionLoaded(): Promise<void>;
  stop(): void;
}

function cookieLocale(document: Document): Locale | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${LOCALE_COOKIE}=`));
  const value = match?.slice(LOCALE_COOKIE.length + 1);
  return isLocale(value) ? value : null;
}

function storedAudio(storage: Storage): boolean | null {
  const value = storage.getItem(STORAGE_KEYS.audio);
  return value === null ? null : value === 'on';
}

/** Arabic mirrors the whole page: `dir` on <html>, which the logical CSS properties follow. */
function applyDirection(document: Document, code: string) {
  document.documentElement.dir = localeDirection(code);
}

const CUSTOM_CSS_ID = 'site-custom-css';

/** The server's custom CSS, in one style element after every other stylesheet. */
function applyCustomCss(document: Document, css: string) {
  let style = document.getElementById(CUSTOM_CSS_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = CUSTOM_CSS_ID;
    document.head.appendChild(style);
  }
  style.textContent = css;
}

/**
 * Builds the app: the ky client whose envelope events go to the root actor, every endpoint, the
 * socket and its hub, the i18next instance, and the root actor with every effect provided. The
 * page's entry (src/main.tsx) and the Storybook decorator `withApp` both build it here, so route
 * stories run the same wiring as the app, against msw.
 */
export function createAppRoot(options: AppRootOptions): AppRoot {
  const { storage, tabStorage, document } = options;
  const i18n = createI18n();
  // The document's boot data answers the start's calls (src/api/boot.ts); its locale is the one
  // the server settled on, so the app starts in it.
  const boot = readBootData(document);
  const initialLocale = boot?.locale ?? options.locale ?? cookieLocale(document);
  // Only one language's messages load at start: the document's, else the kept choice, else the
  // browser's first supported language (Russian when none is); another loads when chosen.
  const startLocale = initialLocale ?? preferredLocale(document.defaultView?.navigator.languages ?? []) ?? DEFAULT_LOCALE;
  void i18n.changeLanguage(startLocale);
  applyDirection(document, startLocale);

  // Events of answers that arrive before the actor exists cannot happen (it starts the calls),
  // but the holder keeps the client independent of the order of construction.
  const pending: AppEvent[] = [];
  let appActor: AppActorRef | null = null;
  const publish = (event: AppEvent) => (appActor ? appActor.send(event) : pending.push(event));

  const http = createApiClient({
    base: options.apiBase,
    locale: () => i18n.language,
    publish,
    fetch: fetchWithBootAnswers(boot, options.apiBase, options.fetch ?? ((input, init) => globalThis.fetch(input, init))),
  });
  const api = createApi(http);

  let socket: RealtimeClient | null = null;
  const realtime = createRealtimeHub({
    subscribe: (pairs) => socket?.subscribe(pairs),
    unsubscribe: (pairs) => socket?.unsubscribe(pairs),
  });
  if (options.socketUrl) {
    socket = createRealtimeClient({
      url: options.socketUrl,
      onMessage: (message) => realtime.publish(message),
      onStatus: (status) => realtime.setStatus(status),
    });
  }
  realtime.onMessage((message) => publish({ type: 'realtime.message', message }));
  realtime.onStatus((status) => publish({ type: 'socket.status', status }));

  /** Switches i18next and the document to a language, then calls `switched`. */
  const switchLanguage = (code: Locale, switched: () => void) => {
    const apply = () => {
      void i18n.changeLanguage(code);
      document.documentElement.lang = code;
      applyDirection(document, code);
      switched();
    };
    // The boot data brings one language's messages; another one loads before the switch.
    if (i18n.hasResourceBundle(code, 'translation')) return apply();
    api.content.messages(code).then(
      (messages) => {
        addMessages(i18n, code, messages);
        apply();
      },
      () => publish({ type: 'toast.show', msg: i18n.t('errors.network'), variant: 'danger' }),
    );
  };

  const machine = appMachine.provide({
    actors: {
      ...appActors(api, [startLocale]),
      wallet: walletMachine.provide({
        actors: walletActors(api.wallet),
        actions: { persistWallet: (_, { walletType }) => storage.setItem(STORAGE_KEYS.wallet, walletType) },
      }),
      locale: localeMachine.provide({
        actors: localeActors(api.content),
        actions: {
          switchLanguage: (_, { code }) => {
            const changed = i18n.language !== code;
            switchLanguage(code, () => {
              if (changed && appActor?.getSnapshot().matches('ready')) publish({ type: 'locale.changed', code });
            });
          },
          rememberLanguage: (_, { code }) => {
            document.cookie = `${LOCALE_COOKIE}=${code}; max-age=${LOCALE_COOKIE_MAX_AGE}; path=/; SameSite=Lax`;
          },
          reloadPage: () => options.reload(),
        },
      }),
      version: versionMachine.provide({
        actions: {
          storeVersion: (_, { fv }) => storage.setItem(STORAGE_KEYS.fv, fv),
          reloadPage: () => options.reload(),
        },
      }),
      notifications: notificationsMachine.provide({ actors: notificationsActors(api.content) }),
      audio: audioMachine.provide({
        actions: { persistAudio: (_, { enabled }) => storage.setItem(STORAGE_KEYS.audio, enabled ? 'on' : 'off') },
      }),
    },
    actions: {
      addMessages: (_, { messages }) => {
        for (const code of LOCALES) {
          const bundle = messages[code];
          if (bundle) addMessages(i18n, code, bundle);
        }
      },
      navigate: (_, { to, replace }) => options.navigate(to, { replace }),
      applyCustomCss: (_, { css }) => applyCustomCss(document, css),
      storeChunkReload: (_, { at }) => tabStorage.setItem(STORAGE_KEYS.chunkReload, String(at)),
      reloadPage: () => options.reload(),
      reconnectRealtime: () => {
        if (!socket) return;
        socket.close();
        socket.connect();
      },
    },
  });

  const actors = options.actors ?? new ActorRegistry();
  const chunkReload = Number(tabStorage.getItem(STORAGE_KEYS.chunkReload));
  const actor = createActor(machine, {
    input: {
      storedFv: storage.getItem(STORAGE_KEYS.fv) ?? options.buildVersion,
      storedWallet: storage.getItem(STORAGE_KEYS.wallet),
      storedAudio: storedAudio(storage),
      storedLocale: initialLocale,
      lastChunkReloadAt: Number.isFinite(chunkReload) && chunkReload > 0 ? chunkReload : null,
    },
    inspect: actors.inspect,
  });
  actors.describe(actor, { name: 'app', route: null });
  appActor = actor;

  // Another tab stored a wallet choice: this tab follows it (the storage event fires only elsewhere).
  const window = options.document.defaultView;
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.wallet && event.storageArea === storage) {
      actor.getSnapshot().children.wallet?.send({ type: 'wallet.chosenElsewhere', walletType: event.newValue });
    }
  };

  // Every tab follows a sign-out (or a sign-in) in another at once: the tab that saw its user
  // change says so, the others read their user again and, signed out, go to the sign-in page. A
  // session that ended elsewhere reaches a tab through the server's 401, which names no user.
  const channel = typeof window?.BroadcastChannel === 'function' ? new window.BroadcastChannel(SESSION_CHANNEL) : null;
  let signedIn: boolean | null = null;
  const watchUser = actor.subscribe((snapshot) => {
    const user = snapshot.context.user;
    if (!user) return;
    const now = user.is_authenticated;
    if (signedIn !== null && now !== signedIn) channel?.postMessage((now ? 'signed-in' : 'signed-out') satisfies SessionSignal);
    signedIn = now;
  });
  const onSignal = (event: MessageEvent<unknown>) => {
    if (event.data === 'signed-out' && signedIn) {
      // The cookie is shared: this tab is signed out too. It says so at once and checks after.
      publish({ type: 'envelope.user', user: { is_authenticated: false } });
      publish({ type: 'navigate', to: '/login', replace: true });
      publish({ type: 'session.changed' });
    } else if (event.data === 'signed-in' && signedIn === false) {
      publish({ type: 'session.changed' });
    }
  };
  channel?.addEventListener('message', onSignal);

  // The session actor belongs to the app, not to a page: kept in the registry from the start to
  // the stop. Its module loads after the start, so the first screen does not wait for it (visitors
  // of the landing page need it only when they open a sign-in).
  let running = false;
  let stopSession: (() => void) | null = null;
  let sessionModule: Promise<void> = Promise.resolve();
  const startSession = () =>
    import('../auth/app-session').then(
      ({ startAppSession }) => {
        if (running) stopSession = startAppSession({ api, actors, appActor: actor, translate: (key) => i18n.t(key) });
      },
      // A new build removed the chunk: the root actor reloads the page, as for a page's chunk.
      () => {
        publish({ type: 'chunk.failed', at: Date.now() });
      },
    );

  // The browser's word on the network, at start and on every change.
  const onNetwork = () => publish({ type: 'network.changed', online: window?.navigator.onLine ?? true });

  return {
    api,
    realtime,
    storage,
    i18n,
    appActor: actor,
    actors,
    start() {
      running = true;
      actor.start();
      for (const event of pending.splice(0)) actor.send(event);
      socket?.connect();
      window?.addEventListener('storage', onStorage);
      window?.addEventListener('online', onNetwork);
      window?.addEventListener('offline', onNetwork);
      onNetwork();
      sessionModule = startSession();
    },
    sessionLoaded: () => sessionModule,
    stop() {
      running = false;
      stopSession?.();
      actors.stopKept();
      window?.removeEventListener('storage', onStorage);
      window?.removeEventListener('online', onNetwork);
      window?.removeEventListener('offline', onNetwork);
      watchUser.unsubscribe();
      channel?.removeEventListener('message', onSignal);
      channel?.close();
      socket?.close();
      actor.stop();
    },
  };
}
