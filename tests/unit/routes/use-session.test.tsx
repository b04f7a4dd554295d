import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import type { Api } from '../../../src/api/api';
import type { EnvelopeUser } from '../../../src/api/contract/envelope';
import type { AppActorRef } from '../../../src/machines/app/app.machine';
import { AppServicesProvider } from '../../../src/routes/app-services';
import { ActorRegistry } from '../../../src/routes/shell/actor-registry';
import { useSession } from '../../../src/routes/auth/use-session';

const visitor: EnvelopeUser = { is_authenticated: false };
const trader: EnvelopeUser = { is_authenticated: true, email: 'trader@example.com', account_id: '100245', wallets: [] };

/** The root actor as the pages see it: the envelope's user, and what it was told. */
function fakeApp() {
  const told: string[] = [];
  const machine = setup({ types: { context: {} as { user: EnvelopeUser | null }, events: {} as { type: string; user?: EnvelopeUser } } }).createMachine({
    context: { user: visitor },
    on: {
      'envelope.user': { actions: assign({ user: ({ event }) => event.user ?? null }) },
      'session.changed': { actions: () => told.push('session.changed') },
    },
  });
  const actor = createActor(machine).start();
  return { actor, told };
}

/** A login whose answer's envelope reaches the root actor first, then the call ends when told. */
function deferredLogin(app: ReturnType<typeof fakeApp>) {
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
  const api = { auth: { login }, user: {} } as unknown as Api;
  return { api, login, finish: () => finish() };
}

function wrapperOf(api: Api, app: ReturnType<typeof fakeApp>) {
  return ({ children }: { children: ReactNode }) => (
    <AppServicesProvider value={{ api, realtime: {} as never, storage: localStorage }} appActor={app.actor as unknown as AppActorRef} actors={new ActorRegistry()}>
      {children}
    </AppServicesProvider>
  );
}

describe('a page session', () => {
  test('a login whose page the guard left still finishes and tells the root actor', async () => {
    const app = fakeApp();
    const { api, login, finish } = deferredLogin(app);
    const changed = vi.fn();
    const { result, unmount } = renderHook(() => useSession({ onChanged: changed }), { wrapper: wrapperOf(api, app) });
    const session = result.current;
    act(() => session.send({ type: 'login.submit', values: { email: 'trader@example.com', password: 'correct-horse-42' } }));
    expect(login).toHaveBeenCalledTimes(1);
    // The guard leaves the page as the answer's envelope signs the trader in.
    unmount();
    await act(async () => finish());
    await vi.waitFor(() => expect(app.told).toEqual(['session.changed']));
    expect(changed).toHaveBeenCalledWith('login');
    expect(session.getSnapshot().status).toBe('stopped');
  });

  test('a page left with nothing in flight stops its session', async () => {
    const app = fakeApp();
    const { api } = deferredLogin(app);
    const { result, unmount } = renderHook(() => useSession(), { wrapper: wrapperOf(api, app) });
    const session = result.current;
    expect(session.getSnapshot().matches('anonymous')).toBe(true);
    unmount();
    await vi.waitFor(() => expect(session.getSnapshot().status).toBe('stopped'));
    expect(app.told).toEqual([]);
  });

  test("follows the root actor's user", () => {
    const app = fakeApp();
    const { api } = deferredLogin(app);
    const { result } = renderHook(() => useSession(), { wrapper: wrapperOf(api, app) });
    act(() => {
      app.actor.send({ type: 'envelope.user', user: trader });
    });
    expect(result.current.getSnapshot().matches('authenticated')).toBe(true);
  });
});
