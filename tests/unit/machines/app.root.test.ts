import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { waitFor } from 'xstate';
import { authCheckAs } from '../../msw/auth';
import { signedInUser } from '../../msw/fixtures';
import { handlers } from '../../msw/handlers';
import { SESSION_ID } from '../../../src/routes/auth/use-session';
import { createAppRoot, LOCALE_COOKIE, STORAGE_KEYS } from '../../../src/routes/shell/create-app-root';

/** The composition root over msw: every effect of the root actor and its children is provided. */

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => browserLanguages(['ru-RU', 'ru']));
afterEach(() => {
  vi.restoreAllMocks();
  server.resetHandlers();
  document.cookie = `${LOCALE_COOKIE}=; max-age=0; path=/`;
});
afterAll(() => server.close());

/** The browser's languages (jsdom says en-US): a Russian reader's browser unless a test says otherwise. */
function browserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
}

function build() {
  const navigate = vi.fn();
  const reload = vi.fn();
  const root = createAppRoot({
    apiBase: 'http://app.test/',
    socketUrl: null,
    storage: localStorage,
    tabStorage: sessionStorage,
    buildVersion: 'test-build',
    document,
    navigate,
    reload,
  });
  return { root, navigate, reload };
}

test('starts against the api: translations in i18next, the visitor, the menus, the language on the page', async () => {
  const { root } = build();
  root.start();
  await waitFor(root.appActor, (s) => s.matches('ready'));
  const { context } = root.appActor.getSnapshot();
  expect(context.user).toEqual({ is_authenticated: false });
  expect(context.menus?.footer_menu_3.length).toBeGreaterThan(0);
  expect(root.i18n.t('shell.not-found')).toBe('Страница не найдена');
  // Only the language in use is loaded; another one comes when chosen.
  expect(root.i18n.hasResourceBundle('en', 'translation')).toBe(false);
  expect(document.documentElement.lang).toBe('ru');
  root.stop();
});

test('a signed-in trader: wallets, a new language told to the server, kept in the cookie, menus reloaded', async () => {
  server.use(authCheckAs(signedInUser));
  const { root } = build();
  root.start();
  await waitFor(root.appActor, (s) => s.matches('ready'));
  const children = root.appActor.getSnapshot().children;
  expect(children.wallet?.getSnapshot().context.wallets.length).toBeGreaterThan(0);

  children.wallet?.send({ type: 'wallet.select', walletType: 'demo' });
  expect(localStorage.getItem(STORAGE_KEYS.wallet)).toBe('demo');
  children.audio?.send({ type: 'audio.toggle' });
  expect(localStorage.getItem(STORAGE_KEYS.audio)).toBe('off');

  children.locale?.send({ type: 'locale.change', code: 'en' });
  await waitFor(root.appActor, (s) => s.context.locale === 'en' && s.matches({ ready: 'idle' }));
  expect(root.i18n.language).toBe('en');
  expect(document.documentElement.lang).toBe('en');
  expect(document.cookie).toContain(`${LOCALE_COOKIE}=en`);
  await waitFor(root.appActor, (s) => s.context.menus?.footer_menu_3.some((item) => /License/.test(item.title)) === true);
  root.stop();
});

test("the app's one session: kept in the registry from the start, from the user the start read, and stopped with the app", async () => {
  server.use(authCheckAs(signedInUser));
  const { root } = build();
  root.start();
  const session = await root.actors.whenKept(SESSION_ID);
  expect(root.actors.keptActor(SESSION_ID)).toBe(session);
  expect(root.actors.descriptionOf(session)).toEqual({ name: 'session', route: null });
  expect(session.getSnapshot().matches('authenticated')).toBe(true);
  root.stop();
  expect(session.getSnapshot().status).toBe('stopped');
  expect(root.actors.keptActor(SESSION_ID)).toBeUndefined();
});

test('a new build version, when taken, reloads once and stores it; custom CSS lands in one style element', async () => {
  const { root, reload } = build();
  root.start();
  await waitFor(root.appActor, (s) => s.matches('ready'));
  root.appActor.send({ type: 'envelope.fv', fv: 'next-build' });
  expect(reload).not.toHaveBeenCalled();
  root.appActor.getSnapshot().children.version?.send({ type: 'version.reload' });
  expect(reload).toHaveBeenCalledTimes(1);
  expect(localStorage.getItem(STORAGE_KEYS.fv)).toBe('next-build');
  root.appActor.send({ type: 'envelope.customCss', css: 'body { outline: 1px solid red; }' });
  root.appActor.send({ type: 'envelope.customCss', css: 'body { outline: none; }' });
  const styles = document.querySelectorAll('#site-custom-css');
  expect(styles).toHaveLength(1);
  expect(styles[0]?.textContent).toBe('body { outline: none; }');
  root.stop();
});

test('tabs follow each other: a sign-out in one moves the other to the sign-in page at once', async () => {
  server.use(authCheckAs(signedInUser));
  const first = build();
  const second = build();
  first.root.start();
  second.root.start();
  await waitFor(first.root.appActor, (s) => s.matches('ready'));
  await waitFor(second.root.appActor, (s) => s.matches('ready'));
  expect(second.root.appActor.getSnapshot().context.user?.is_authenticated).toBe(true);

  // The first tab learns that nobody is signed in (its logout, or the server's 401).
  server.use(authCheckAs({ is_authenticated: false }));
  first.root.appActor.send({ type: 'envelope.user', user: { is_authenticated: false } });
  await vi.waitFor(() => expect(second.navigate).toHaveBeenCalledWith('/login', { replace: true }));
  expect(second.root.appActor.getSnapshot().context.user).toEqual({ is_authenticated: false });
  first.root.stop();
  second.root.stop();
});

test('a wallet chosen in another tab is followed here', async () => {
  server.use(authCheckAs(signedInUser));
  const { root } = build();
  root.start();
  await waitFor(root.appActor, (s) => s.matches('ready'));
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.wallet, newValue: 'tournament', storageArea: localStorage }));
  expect(root.appActor.getSnapshot().children.wallet?.getSnapshot().context.current).toBe('tournament');
  root.stop();
});
