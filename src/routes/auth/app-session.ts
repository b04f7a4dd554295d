import type { Actor } from 'xstate';
import type { Api } from '../../api/api';
import type { EnvelopeUser } from '../../api/contract/envelope';
import { browserPasskeyPrompt } from '../../api/passkey-prompt';
import type { AppActorRef } from '../../machines/app/app.machine';
import { sessionActors } from '../../machines/session/session.actors';
import { sessionMachine } from '../../machines/session/session.machine';
import type { ActorRegistry } from '../shell/actor-registry';
import { SESSION_ID } from './use-session';

export type SessionActor = Actor<ReturnType<typeof sessionMachine.provide>>;

export interface AppSessionOptions {
  api: Api;
  actors: ActorRegistry;
  appActor: AppActorRef;
  /** The text of a translation key in the app's language now. */
  translate: (key: string) => string;
}

/**
 * The app's one session statechart, kept in the registry (systemId `session`, no route: it belongs
 * to the app) for the life of the app; pages read it with `useSession` / `useSessionPage`. It is
 * created once the root actor knows the user (the start's check), so it starts from that user
 * without a call of its own, and it follows every later user of the envelopes.
 *
 * What a change of the session means is decided here, for every page at once: the root actor is
 * told (`session.changed`: it reads the user again and reconnects the socket, and the route guards
 * move the trader on); a logout goes to / (docs/product.md 4), even though the signed-out envelope
 * has already sent the trader to /login; a sign-in through a reset link says so in a toast.
 * Returns the way to stop following (the app stops; the registry stops the actor).
 */
export function startAppSession(options: AppSessionOptions): () => void {
  const { api, actors, appActor, translate } = options;
  const logic = sessionMachine.provide({ actors: sessionActors(api, browserPasskeyPrompt) });
  let session: SessionActor | null = null;
  let known: EnvelopeUser | null = null;
  let announcements: { unsubscribe(): void } | null = null;

  const follow = (user: EnvelopeUser | null) => {
    if (!user || user === known) return;
    known = user;
    if (session) return session.send({ type: 'envelope.user', user });
    session = actors.keep(SESSION_ID, logic, { input: { user } });
    announcements = session.on('session.changed', ({ reason }) => {
      appActor.send({ type: 'session.changed' });
      if (reason === 'logout') appActor.send({ type: 'navigate', to: '/' });
      if (reason === 'reset') appActor.send({ type: 'toast.show', msg: translate('auth.reset_token.done'), variant: 'success', delay: 4000 });
    });
  };
  const users = appActor.subscribe((snapshot) => follow(snapshot.context.user));
  follow(appActor.getSnapshot().context.user);
  return () => {
    users.unsubscribe();
    announcements?.unsubscribe();
  };
}
