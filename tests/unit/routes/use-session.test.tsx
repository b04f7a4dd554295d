import { act, renderHook } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { assign, createActor, setup, waitFor } from 'xstate';
import type { Api } from '../../../src/api/api';
import { ApiError } from '../../../src/api/client';
import type { EnvelopeUser } from '../../../src/api/contract/envelope';
import type { AppActorRef } from '../../../src/machines/app/app.machine';
import { AppServicesProvider } from '../../../src/routes/app-services';
import { startAppSession, type SessionActor } from '../../../src/routes/auth/app-session';
import { SESSION_ID, useSession, useSessionPage } from '../../../src/routes/auth/use-session';
import { ActorRegistry } from '../../../src/routes/shell/actor-registry';

const visitor: EnvelopeUser = { is_authenticated: false };
const trader: EnvelopeUser = { is_authenticated: true, email: 'trader@example.com', account_id: '100245', wallets: [] };
const credentials = { email: 'trader@example.com', password: 'correct-horse-42' };

type Told = { type: string; to?: string; msg?: string };

/** The root actor as the session sees it: the envelope's user (null until the start's check), and what it was told. */
function fakeApp(user: EnvelopeUser | null = visitor) {
  const told: Told[] = [];
  const machine = setup({ types: { context: {} as { user: EnvelopeUser | null }, events: {} as Told & { user?: EnvelopeUser } } }).createMachine({
    context: { user },
    on: {
      'envelope.user': { actions: assign({ user: ({ event }) => event.user ?? null }) },
      '*': { actions: ({ event }) => told.push(event) },
    },
  });
  const actor = createActor(machine).start();
  return { actor: actor as unknown as AppActorRef, told };
}

type App = ReturnType<typeof fakeApp>;

/**
 * The session's calls: a login whose answer's envelope reaches the root actor first, then ends
 * when told; a logout and a reset that answer at once; a reset link asked for, then refused.
 */
function fakeApi(app: App) {
  let finish: () => void = () => undefined;
  const login = vi.fn(
    () =>
      new Promise<object>((resolve) => {
        finish = () => {
          app.actor.send({ type: 'envelope.user', user: trader });
          resolve({});
        };
      }),
  );
  const api = {
    auth: {
      login,
      logout: vi.fn(async () => app.actor.send({ type: 'envelope.user', user: visitor })),
      resetByToken: vi.fn(async () => app.actor.send({ type: 'envelope.user', user: trader })),
      requestReset: vi.fn().mockResolvedValueOnce({}).mockRejectedValueOnce(new ApiError('rate_limited', { message: 'Too many', status: 429 })),
    },
    user: {},
    security: {},
  } as unknown as Api;
  return { api, login, finish: () => finish() };
}

/** The composition root's part: the registry, the root actor, and the app's session wiring. */
function appWithSession(user: EnvelopeUser | null = visitor) {
  const app = fakeApp(user);
  const calls = fakeApi(app);
  const actors = new ActorRegistry();
  const stop = startAppSession({ api: calls.api, actors, appActor: app.actor, translate: (key) => `text of ${key}` });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppServicesProvider value={{ api: calls.api, realtime: {} as never, storage: localStorage }} appActor={app.actor} actors={actors}>
      <Suspense fallback={null}>{children}</Suspense>
    </AppServicesProvider>
  );
  return { app, actors, stop, wrapper, ...calls };
}

describe("the app's session", () => {
  test('is one actor of the registry, systemId session, kept across pages', () => {
    const { actors, wrapper } = appWithSession();
    const first = renderHook(() => useSessionPage(), { wrapper });
    const session = first.result.current;
    expect(session).toBe(actors.keptActor(SESSION_ID));
    expect(actors.descriptionOf(session)).toEqual({ name: 'session', route: null });
    expect(session.getSnapshot().matches('anonymous')).toBe(true);
    first.unmount();
    expect(session.getSnapshot().status).toBe('active');
    expect(renderHook(() => useSession(), { wrapper }).result.current).toBe(session);
  });

  test('is created once the root actor knows the user, and pages wait for it meanwhile', async () => {
    const { app, actors, wrapper, login } = appWithSession(null);
    // A page rendered before the session is kept waits (suspends) for it.
    const pages: SessionActor[] = [];
    await act(async () => {
      renderHook(() => pages.push(useSession()), { wrapper });
    });
    expect(pages).toEqual([]);
    expect(actors.keptActor(SESSION_ID)).toBeUndefined();
    await act(async () => {
      app.actor.send({ type: 'envelope.user', user: trader });
      await actors.whenKept(SESSION_ID);
    });
    const [session] = pages;
    expect(session).toBe(actors.keptActor(SESSION_ID));
    // It starts from the user the start's check brought: no check of its own.
    expect(session?.getSnapshot().matches('authenticated')).toBe(true);
    expect(login).not.toHaveBeenCalled();
  });

  test("follows the root actor's user", () => {
    const { app, actors } = appWithSession();
    act(() => app.actor.send({ type: 'envelope.user', user: trader }));
    expect(actors.keptActor(SESSION_ID)?.getSnapshot().matches('authenticated')).toBe(true);
  });

  test('a login whose page the guard left still finishes and tells the root actor', async () => {
    const { app, wrapper, login, finish } = appWithSession();
    const { result, unmount } = renderHook(() => useSessionPage(), { wrapper });
    const session = result.current;
    act(() => session.send({ type: 'login.submit', values: credentials }));
    expect(login).toHaveBeenCalledTimes(1);
    // The guard leaves the page as the answer's envelope signs the trader in.
    unmount();
    await act(async () => finish());
    await vi.waitFor(() => expect(app.told.map(({ type }) => type)).toContain('session.changed'));
    expect(session.getSnapshot().matches('authenticated')).toBe(true);
  });

  test('opening a page resets a flow at rest and leaves a flow in flight alone', async () => {
    const { actors, wrapper } = appWithSession();
    const session = actors.keptActor(SESSION_ID);
    if (!session) throw new Error('no session');
    const openPage = () => renderHook(() => useSessionPage(), { wrapper }).unmount();
    session.send({ type: 'reset.request', values: { email: credentials.email } });
    await waitFor(session, (s) => s.matches({ anonymous: 'resetRequested' }));
    // The link was sent on an earlier visit: the page opens on its form again.
    openPage();
    expect(session.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
    // A refusal of an earlier visit is not on the form either.
    session.send({ type: 'reset.request', values: { email: credentials.email } });
    await waitFor(session, (s) => s.matches({ anonymous: 'idle' }) && s.context.failure !== null);
    openPage();
    expect(session.getSnapshot().context.failure).toBeNull();

    session.send({ type: 'login.submit', values: credentials });
    openPage();
    expect(session.getSnapshot().matches({ anonymous: 'loggingIn' })).toBe(true);
  });

  test('a logout goes to / and a reset link that signed in says so, for every page', async () => {
    const { app, actors } = appWithSession(trader);
    const session = actors.keptActor(SESSION_ID);
    session?.send({ type: 'logout.request' });
    session?.send({ type: 'logout.confirm' });
    await vi.waitFor(() => expect(app.told).toContainEqual({ type: 'navigate', to: '/' }));
    expect(app.told.map(({ type }) => type)).toEqual(['session.changed', 'navigate']);

    app.told.length = 0;
    session?.send({ type: 'reset.submit', token: 'token', values: { password: 'new-horse-42', password_confirmation: 'new-horse-42' } });
    await vi.waitFor(() => expect(app.told.map(({ type }) => type)).toEqual(['session.changed', 'toast.show']));
    expect(app.told[1]).toMatchObject({ msg: 'text of auth.reset_token.done' });
  });

  test("stopping leaves the root actor's user alone; the registry stops the session with the app", () => {
    const { app, actors, stop } = appWithSession();
    const session = actors.keptActor(SESSION_ID);
    stop();
    act(() => app.actor.send({ type: 'envelope.user', user: trader }));
    expect(session?.getSnapshot().matches('anonymous')).toBe(true);
    actors.stopKept();
    expect(session?.getSnapshot().status).toBe('stopped');
    expect(actors.keptActor(SESSION_ID)).toBeUndefined();
  });
});
