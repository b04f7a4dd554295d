import { afterEach, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../src/api/client';
import { BET_RESULT_REDIRECT } from '../../../src/api/contract/bets';
import type { MenusPayload, Messages } from '../../../src/api/contract/content';
import type { EnvelopeUser, Locale, Notification } from '../../../src/api/contract/envelope';
import { envelopeEvents } from '../../../src/api/envelope';
import { appMachine, CHUNK_RELOAD_WINDOW_MS, EMPTY_MENUS, routeChange, type AppInput, type RouteInfo } from '../../../src/machines/app/app.machine';
import { selectBooting, selectBootFailed, selectMenus, selectSiteBlocked, selectUser } from '../../../src/machines/app/app.selectors';
import { audioMachine } from '../../../src/machines/audio/audio.machine';
import { localeMachine } from '../../../src/machines/locale/locale.machine';
import { notificationsMachine } from '../../../src/machines/notifications/notifications.machine';
import { versionMachine } from '../../../src/machines/version/version.machine';
import { selectUpdateAvailable } from '../../../src/machines/version/version.selectors';
import { walletMachine } from '../../../src/machines/wallet/wallet.machine';

const menus: MenusPayload = {
  ...EMPTY_MENUS,
  header_menu: [{ title: 'Платформа', url: 'home', order: 1 }],
  footer_menu_3: [{ title: 'Лицензия', url: 'company/license', order: 1 }],
};
const messages: Partial<Record<Locale, Messages>> = { ru: { 'shell.login': 'Войти' }, en: { 'shell.login': 'Log in' } };
const trader: EnvelopeUser = {
  is_authenticated: true,
  email: 'trader@example.com',
  account_id: '1000001',
  wallets: [
    { wallet_type: 'main', amount: 12.5 },
    { wallet_type: 'demo', amount: 10000 },
    { wallet_type: 'tournament', amount: 0 },
  ],
};
const notification = (id: string, display: 'inner' | 'toast' = 'inner'): Notification => ({
  notification_id: id,
  title: `<b>Deposit</b> &amp; credited ${id}`,
  type: 'success',
  display,
  redirect_url: '/finances',
  created_at: '2026-01-01T00:00:00.000Z',
});

/** A call that resolves or fails when the test says, to observe the order of the start. */
function deferred<T = unknown>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Fakes {
  loadMessages?: () => Promise<Partial<Record<Locale, Messages>>>;
  checkAuth?: () => Promise<unknown>;
  tellLocale?: (input: { code: Locale }) => Promise<unknown>;
  loadMenus?: () => Promise<MenusPayload>;
}

function startApp(fakes: Fakes = {}, input: Partial<AppInput> = {}) {
  const calls: string[] = [];
  const effects = {
    addMessages: vi.fn(),
    navigate: vi.fn(),
    applyCustomCss: vi.fn(),
    storeChunkReload: vi.fn(),
    reloadPage: vi.fn(),
    reconnectRealtime: vi.fn(),
    switchLanguage: vi.fn(),
    storeVersion: vi.fn(),
    versionReload: vi.fn(),
    persistWallet: vi.fn(),
    closeNotification: vi.fn(async (_id: string) => ({ closed: true })),
  };
  const machine = appMachine.provide({
    actors: {
      loadMessages: fromPromise(async () => {
        calls.push('messages');
        return (fakes.loadMessages ?? (async () => messages))();
      }),
      checkAuth: fromPromise(async () => {
        calls.push('check');
        return (fakes.checkAuth ?? (async () => ({})))();
      }),
      tellLocale: fromPromise<unknown, { code: Locale }>(async ({ input: locale }) => {
        calls.push(`lang:${locale.code}`);
        return (fakes.tellLocale ?? (async () => ({ lang: locale.code })))(locale);
      }),
      loadMenus: fromPromise(async () => {
        calls.push('menus');
        return (fakes.loadMenus ?? (async () => menus))();
      }),
      wallet: walletMachine.provide({ actions: { persistWallet: (_, params) => effects.persistWallet(params.walletType) } }),
      locale: localeMachine.provide({
        actions: { switchLanguage: (_, params) => effects.switchLanguage(params.code), rememberLanguage: () => undefined, reloadPage: () => undefined },
      }),
      version: versionMachine.provide({
        actions: { storeVersion: (_, params) => effects.storeVersion(params.fv), reloadPage: () => effects.versionReload() },
      }),
      notifications: notificationsMachine.provide({
        actors: { closeNotification: fromPromise<unknown, { id: string }>(({ input: close }) => effects.closeNotification(close.id)) },
      }),
      audio: audioMachine.provide({ actions: { persistAudio: () => undefined } }),
    },
    actions: {
      addMessages: (_, params) => effects.addMessages(params.messages),
      navigate: (_, params) => effects.navigate(params.to, params.replace),
      applyCustomCss: (_, params) => effects.applyCustomCss(params.css),
      storeChunkReload: (_, params) => effects.storeChunkReload(params.at),
      reloadPage: () => effects.reloadPage(),
      reconnectRealtime: () => effects.reconnectRealtime(),
    },
  });
  const actor = createActor(machine, { input: { storedFv: 'build-1', ...input } }).start();
  const child = <K extends 'wallet' | 'locale' | 'toasts' | 'version' | 'notifications' | 'audio' | 'burger'>(name: K) => {
    const ref = actor.getSnapshot().children[name];
    if (!ref) throw new Error(`no ${name} child`);
    return ref;
  };
  return { actor, calls, effects, child };
}

const ready = (app: ReturnType<typeof startApp>) => waitFor(app.actor, (s) => s.matches('ready'));

afterEach(() => {
  vi.useRealTimers();
});

test('starts in the order of the spec: all messages, the auth check, the locale from its answer told to the server, the menus', async () => {
  const check = deferred();
  const app = startApp({ checkAuth: () => check.promise }, { storedLocale: 'ru' });
  expect(selectBooting(app.actor.getSnapshot())).toBe(true);
  await waitFor(app.actor, (s) => s.matches({ booting: 'checkingAuth' }));
  expect(app.effects.addMessages).toHaveBeenCalledWith(messages);

  // The check's envelope arrives through the client's hook before the call resolves.
  for (const event of envelopeEvents({ status: 'ok', payload: {}, user: trader, locale: 'en', fv: 'build-1' })) app.actor.send(event);
  expect(app.calls).toEqual(['messages', 'check']);
  check.resolve({});
  await ready(app);

  expect(app.calls).toEqual(['messages', 'check', 'lang:en', 'menus']);
  expect(app.effects.switchLanguage).toHaveBeenCalledWith('en');
  expect(app.child('locale').getSnapshot().context.current).toBe('en');
  expect(selectUser(app.actor.getSnapshot())).toEqual(trader);
  expect(selectMenus(app.actor.getSnapshot())).toEqual(menus);
  expect(app.child('wallet').getSnapshot().context.wallets).toEqual(trader.wallets);
});

test('without a locale in the answer, the stored one (the cookie) is told to the server', async () => {
  const app = startApp({}, { storedLocale: 'en' });
  await ready(app);
  expect(app.calls).toContain('lang:en');
});

test('an auth check answered 401 starts as a visitor', async () => {
  const app = startApp({ checkAuth: async () => Promise.reject(new ApiError('unauthenticated', { status: 401 })) });
  await ready(app);
  expect(selectUser(app.actor.getSnapshot())).toEqual({ is_authenticated: false });
  expect(app.calls).toEqual(['messages', 'check', 'lang:ru', 'menus']);
});

test('an auth check answered 429 waits the time the server named and asks again', async () => {
  let attempts = 0;
  const app = startApp({
    checkAuth: async () => {
      attempts += 1;
      if (attempts === 1) throw new ApiError('rate_limited', { status: 429, retryAfter: 0.05 });
      return {};
    },
  });
  await waitFor(app.actor, (s) => s.matches({ booting: 'waitingToCheck' }));
  expect(app.actor.getSnapshot().context.error).toMatchObject({ code: 'rate_limited', retryAfter: 0.05 });
  await ready(app);
  expect(attempts).toBe(2);
  expect(app.actor.getSnapshot().context.error).toBeNull();
});

test('messages that cannot be loaded (network) fail the start; retry starts over', async () => {
  let fail = true;
  const app = startApp({
    loadMessages: async () => {
      if (fail) throw new TypeError('Failed to fetch');
      return messages;
    },
  });
  await waitFor(app.actor, (s) => selectBootFailed(s));
  expect(app.actor.getSnapshot().context.error).toMatchObject({ code: 'network', message: '' });
  expect(app.calls).toEqual(['messages']);

  fail = false;
  app.actor.send({ type: 'app.retry' });
  await ready(app);
  expect(app.calls).toEqual(['messages', 'messages', 'check', 'lang:ru', 'menus']);
  expect(app.actor.getSnapshot().context.error).toBeNull();
});

test('a start that failed begins again by itself when the connection is back', async () => {
  let fail = true;
  const app = startApp({
    checkAuth: async () => {
      if (fail) throw new ApiError('network');
      return {};
    },
  });
  await waitFor(app.actor, (s) => selectBootFailed(s));
  fail = false;
  app.actor.send({ type: 'connectivity.back' });
  await ready(app);
  expect(app.actor.getSnapshot().context.error).toBeNull();
});

test('an auth check that gets no answer (network) fails the start with the network code', async () => {
  const app = startApp({ checkAuth: async () => Promise.reject(new ApiError('network')) });
  await waitFor(app.actor, (s) => selectBootFailed(s));
  expect(app.actor.getSnapshot().context.error?.code).toBe('network');
  expect(app.calls).not.toContain('menus');
});

test('a language the server refuses to store and menus that fail still let the app start', async () => {
  const app = startApp({
    tellLocale: async () => Promise.reject(new ApiError('internal', { status: 500 })),
    loadMenus: async () => Promise.reject(new ApiError('timeout')),
  });
  await ready(app);
  expect(selectMenus(app.actor.getSnapshot())).toEqual(EMPTY_MENUS);
  expect(app.actor.getSnapshot().context.error?.code).toBe('timeout');
});

test('site blocked, site settings and custom CSS come from the envelope; the same CSS is applied once', async () => {
  const app = startApp();
  await ready(app);
  const send = (body: unknown) => envelopeEvents(body).forEach((event) => app.actor.send(event));
  send({ status: 'ok', payload: {}, site_blocked: true, custom_css: 'body{color:red}', site_settings: { logo_url: ['/logo.svg'], languages: ['ru', 'en'] } });
  expect(selectSiteBlocked(app.actor.getSnapshot())).toBe(true);
  expect(app.actor.getSnapshot().context.siteSettings?.languages).toEqual(['ru', 'en']);
  send({ status: 'ok', payload: {}, custom_css: 'body{color:red}' });
  expect(app.effects.applyCustomCss).toHaveBeenCalledTimes(1);
  send({ status: 'ok', payload: {}, site_blocked: false, custom_css: '' });
  expect(selectSiteBlocked(app.actor.getSnapshot())).toBe(false);
  expect(app.effects.applyCustomCss).toHaveBeenLastCalledWith('');
});

test("a redirect answer navigates (replacing the entry), '/' meaning /home; a navigate event navigates", async () => {
  const app = startApp();
  await ready(app);
  const send = (body: unknown) => envelopeEvents(body).forEach((event) => app.actor.send(event));
  send({ status: 'redirect', payload: { status: 'redirect', redirect_url: '/' } });
  expect(app.effects.navigate).toHaveBeenLastCalledWith('/home', true);
  send({ status: 'redirect', payload: { status: 'redirect', redirect_url: '/deposit?deposit_id=3' } });
  expect(app.effects.navigate).toHaveBeenLastCalledWith('/deposit?deposit_id=3', true);
  // Only both statuses together are a redirect.
  send({ status: 'ok', payload: { status: 'redirect', redirect_url: '/login' } });
  expect(app.effects.navigate).toHaveBeenCalledTimes(2);
  app.actor.send({ type: 'navigate', to: '/' });
  expect(app.effects.navigate).toHaveBeenLastCalledWith('/', false);
});

test('a new front-end version is offered, not forced: the page reloads at the next change of page (or when asked), once, stored first', async () => {
  const app = startApp({}, { storedFv: 'build-1' });
  await ready(app);
  const page = (pattern: string): RouteInfo => ({ pattern, params: {}, search: '', path: pattern });
  app.actor.send({ type: 'route.changed', route: page('/home') });
  app.actor.send({ type: 'envelope.fv', fv: 'build-1' });
  expect(selectUpdateAvailable(app.child('version').getSnapshot())).toBe(false);
  app.actor.send({ type: 'envelope.fv', fv: 'build-2' });
  app.actor.send({ type: 'envelope.fv', fv: 'build-3' });
  // Offered while the trader stays on the page, even with a new query (a bet may be on its way).
  expect(selectUpdateAvailable(app.child('version').getSnapshot())).toBe(true);
  app.actor.send({ type: 'route.changed', route: { ...page('/home'), search: '?pair=1' } });
  expect(app.effects.versionReload).not.toHaveBeenCalled();
  app.actor.send({ type: 'route.changed', route: page('/history') });
  expect(app.effects.storeVersion).toHaveBeenCalledTimes(1);
  expect(app.effects.storeVersion).toHaveBeenCalledWith('build-3');
  expect(app.effects.versionReload).toHaveBeenCalledTimes(1);
  app.actor.send({ type: 'envelope.fv', fv: 'build-4' });
  expect(app.effects.versionReload).toHaveBeenCalledTimes(1);
});

test('the trader may take a new version at once', async () => {
  const app = startApp({}, { storedFv: 'build-1' });
  await ready(app);
  app.actor.send({ type: 'envelope.fv', fv: 'build-2' });
  app.child('version').send({ type: 'version.reload' });
  expect(app.effects.storeVersion).toHaveBeenCalledWith('build-2');
  expect(app.effects.versionReload).toHaveBeenCalledTimes(1);
});

test('route changes are told apart (route, params, query) and each closes the burger menu', async () => {
  const app = startApp();
  await ready(app);
  const route = (pattern: string, params: Record<string, string>, search = ''): RouteInfo => ({ pattern, params, search, path: pattern });
  const burger = app.child('burger');

  app.actor.send({ type: 'route.changed', route: route('/withdraw/form/:id?', { id: '1' }) });
  expect(app.actor.getSnapshot().context.lastChange).toBe('route');
  burger.send({ type: 'burger.open' });
  app.actor.send({ type: 'route.changed', route: route('/withdraw/form/:id?', { id: '2' }) });
  expect(app.actor.getSnapshot().context.lastChange).toBe('params');
  expect(burger.getSnapshot().matches('closed')).toBe(true);

  burger.send({ type: 'burger.open' });
  app.actor.send({ type: 'route.changed', route: route('/withdraw/form/:id?', { id: '2' }, 'page=2') });
  expect(app.actor.getSnapshot().context.lastChange).toBe('query');
  expect(burger.getSnapshot().matches('closed')).toBe(true);

  // The same place again (a re-render) changes nothing and keeps an open menu open.
  burger.send({ type: 'burger.open' });
  app.actor.send({ type: 'route.changed', route: route('/withdraw/form/:id?', { id: '2' }, 'page=2') });
  expect(app.actor.getSnapshot().context.lastChange).toBeNull();
  expect(burger.getSnapshot().matches('open')).toBe(true);
});

test('routeChange compares patterns, then every param, then the query', () => {
  const at = (pattern: string, params: Record<string, string> = {}, search = ''): RouteInfo => ({ pattern, params, search, path: '' });
  expect(routeChange(null, at('/'))).toBe('route');
  expect(routeChange(at('/a'), at('/b'))).toBe('route');
  expect(routeChange(at('/c/:name', { name: 'x' }), at('/c/:name', {}))).toBe('params');
  expect(routeChange(at('/c/:name', { name: 'x' }), at('/c/:name', { name: 'x' }, 'q=1'))).toBe('query');
  expect(routeChange(at('/c/:name', { name: 'x' }, 'q=1'), at('/c/:name', { name: 'x' }, 'q=1'))).toBeNull();
});

test('realtime messages reach their children: wallets, inner notifications, support count, toast notifications', async () => {
  const app = startApp();
  await ready(app);
  app.actor.send({ type: 'envelope.user', user: trader });
  const wallets = [
    { wallet_type: 'main' as const, amount: 99.99 },
    { wallet_type: 'demo' as const, amount: 9000 },
  ];
  app.actor.send({ type: 'realtime.message', message: { type: 'wallets', wallets } });
  expect(app.child('wallet').getSnapshot().context.wallets).toEqual(wallets);

  app.actor.send({ type: 'realtime.message', message: { type: 'notification', notification: notification('7') } });
  expect(app.child('notifications').getSnapshot().context.items.map((item) => item.notification_id)).toEqual(['7']);

  app.actor.send({ type: 'realtime.message', message: { type: 'support', unread: 3 } });
  expect(app.child('notifications').getSnapshot().context.supportUnread).toBe(3);

  app.actor.send({ type: 'realtime.message', message: { type: 'notification', notification: notification('8', 'toast') } });
  expect(app.child('notifications').getSnapshot().context.items).toHaveLength(1);
  expect(app.child('toasts').getSnapshot().context.toasts).toEqual([
    expect.objectContaining({ msg: 'Deposit & credited 8', variant: 'success' }),
  ]);

  // Ticks and bets belong to the trading screen, which listens to the hub itself.
  app.actor.send({ type: 'realtime.message', message: { type: 'tick', pair_id: 'EURUSD', id: 1, t: 1, v: 1.1 } });
  expect(app.child('notifications').getSnapshot().context.items).toHaveLength(1);
});

test('a bet result toast is left to the result card of the trading room there, and shown as a toast elsewhere', async () => {
  const app = startApp();
  await ready(app);
  app.actor.send({ type: 'envelope.user', user: trader });
  const result = (id: string): Notification => ({ ...notification(id, 'toast'), redirect_url: BET_RESULT_REDIRECT });
  const at = (pattern: string): RouteInfo => ({ pattern, params: {}, search: '', path: pattern });
  const toasts = () => app.child('toasts').getSnapshot().context.toasts.map((toast) => toast.msg);

  app.actor.send({ type: 'route.changed', route: at('/home') });
  app.actor.send({ type: 'realtime.message', message: { type: 'notification', notification: result('1') } });
  expect(toasts()).toEqual([]);
  // Other toasts still reach the trader in the room.
  app.actor.send({ type: 'realtime.message', message: { type: 'notification', notification: notification('2', 'toast') } });
  expect(toasts()).toEqual(['Deposit & credited 2']);

  app.actor.send({ type: 'route.changed', route: at('/finances') });
  app.actor.send({ type: 'realtime.message', message: { type: 'notification', notification: result('3') } });
  expect(toasts()).toEqual(['Deposit & credited 2', 'Deposit & credited 3']);
});

test('signing out through any answer clears the user, the wallets and the notifications', async () => {
  const app = startApp();
  await ready(app);
  for (const event of envelopeEvents({ status: 'ok', payload: {}, user: trader, notifications: [notification('1')], support_chat: { unread_messages_count: 2 } })) {
    app.actor.send(event);
  }
  expect(app.child('notifications').getSnapshot().context.items).toHaveLength(1);
  for (const event of envelopeEvents({ status: 'error', payload: { code: 'unauthenticated', message: 'Войдите' }, user: { is_authenticated: false } })) {
    app.actor.send(event);
  }
  expect(selectUser(app.actor.getSnapshot())).toEqual({ is_authenticated: false });
  expect(app.child('wallet').getSnapshot().context.wallets).toEqual([]);
  expect(app.child('notifications').getSnapshot().context).toMatchObject({ items: [], supportUnread: 0 });
});

test('a failed chunk reloads the page at most once per minute', async () => {
  const app = startApp({}, { lastChunkReloadAt: 1_000 });
  await ready(app);
  // Reloaded 30 s ago: this time the error page shows.
  app.actor.send({ type: 'chunk.failed', at: 31_000 });
  expect(app.effects.reloadPage).not.toHaveBeenCalled();
  expect(app.actor.getSnapshot().context.chunkFailed).toBe(true);

  app.actor.send({ type: 'chunk.failed', at: 1_000 + CHUNK_RELOAD_WINDOW_MS });
  expect(app.effects.reloadPage).toHaveBeenCalledTimes(1);
  expect(app.effects.storeChunkReload).toHaveBeenCalledWith(1_000 + CHUNK_RELOAD_WINDOW_MS);
  app.actor.send({ type: 'chunk.failed', at: 2_000 + CHUNK_RELOAD_WINDOW_MS });
  expect(app.effects.reloadPage).toHaveBeenCalledTimes(1);
});

test('a first failed chunk reloads; moving on clears the failure', async () => {
  const app = startApp();
  await ready(app);
  app.actor.send({ type: 'chunk.failed', at: 5_000 });
  expect(app.effects.reloadPage).toHaveBeenCalledTimes(1);
  app.actor.send({ type: 'chunk.failed', at: 6_000 });
  expect(app.actor.getSnapshot().context.chunkFailed).toBe(true);
  app.actor.send({ type: 'route.changed', route: { pattern: '/', params: {}, search: '', path: '/' } });
  expect(app.actor.getSnapshot().context.chunkFailed).toBe(false);
});

test('a changed session reconnects the socket and reads the user again; a new language reloads the menus', async () => {
  let checks = 0;
  let menuLoads = 0;
  const app = startApp({
    checkAuth: async () => {
      checks += 1;
      return {};
    },
    loadMenus: async () => {
      menuLoads += 1;
      return menus;
    },
  });
  await ready(app);
  app.actor.send({ type: 'session.changed' });
  expect(app.effects.reconnectRealtime).toHaveBeenCalledTimes(1);
  await waitFor(app.actor, (s) => s.matches({ ready: 'idle' }));
  expect(checks).toBe(2);

  app.actor.send({ type: 'locale.changed', code: 'en' });
  await waitFor(app.actor, (s) => s.matches({ ready: 'idle' }));
  expect(menuLoads).toBe(2);
  expect(app.actor.getSnapshot().context.locale).toBe('en');
});

test('a session ended elsewhere (the socket says so) reads the user again and reconnects the socket', async () => {
  let checks = 0;
  const app = startApp({
    checkAuth: async () => {
      checks += 1;
      return {};
    },
  });
  await ready(app);
  app.actor.send({ type: 'realtime.message', message: { type: 'session_ended', sessions: ['a'.repeat(32)] } });
  expect(app.effects.reconnectRealtime).toHaveBeenCalledTimes(1);
  await waitFor(app.actor, (s) => s.matches({ ready: 'idle' }));
  expect(checks).toBe(2);
});

test('a failed re-read after a session change keeps the app ready with the reason', async () => {
  let checks = 0;
  const app = startApp({
    checkAuth: async () => {
      checks += 1;
      if (checks > 1) throw new ApiError('rate_limited', { status: 429, retryAfter: 5 });
      return {};
    },
  });
  await ready(app);
  app.actor.send({ type: 'session.changed' });
  await waitFor(app.actor, (s) => s.matches({ ready: 'idle' }) && s.context.error !== null);
  expect(app.actor.getSnapshot().context.error).toMatchObject({ code: 'rate_limited', retryAfter: 5 });
});

test('stored choices reach the children: wallet type, sound, version', async () => {
  const app = startApp({}, { storedWallet: 'demo', storedAudio: false, storedFv: 'build-9' });
  await ready(app);
  expect(app.child('wallet').getSnapshot().context.current).toBe('demo');
  expect(app.child('audio').getSnapshot().context.enabled).toBe(false);
  expect(app.child('version').getSnapshot().context.stored).toBe('build-9');
  app.actor.send({ type: 'toast.show', msg: 'Скопировано', delay: 2000 });
  expect(app.child('toasts').getSnapshot().context.toasts[0]).toMatchObject({ msg: 'Скопировано', delay: 2000, variant: 'primary' });
});
