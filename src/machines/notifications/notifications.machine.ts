import { assign, fromPromise, setup, spawnChild } from 'xstate';
import type { Notification } from '../../api/contract/envelope';
import type { ServerMessage } from '../../api/contract/realtime';
import { notProvided } from '../app/failure';

export type NotificationsEvent =
  | { type: 'envelope.notifications'; notifications: Notification[] }
  | { type: 'envelope.supportChat'; unread: number }
  | { type: 'envelope.user'; user: { is_authenticated: boolean } }
  | { type: 'realtime.message'; message: ServerMessage }
  | { type: 'notification.close'; id: string };

export interface NotificationsContext {
  items: Notification[];
  supportUnread: number;
}

/**
 * The trader's unseen notifications and the support unread count. Envelopes bring the full list,
 * the socket adds new ones. Closing hides the card at once and tells the server
 * (POST /api/notify/close); if that call fails the next envelope simply brings it back.
 */
export const notificationsMachine = setup({
  types: { context: {} as NotificationsContext, events: {} as NotificationsEvent },
  actors: { closeNotification: fromPromise<unknown, { id: string }>(notProvided('closeNotification')) },
}).createMachine({
  id: 'notifications',
  context: { items: [], supportUnread: 0 },
  on: {
    'envelope.notifications': { actions: assign({ items: ({ event }) => event.notifications }) },
    'envelope.supportChat': { actions: assign({ supportUnread: ({ event }) => event.unread }) },
    'envelope.user': { guard: ({ event }) => !event.user.is_authenticated, actions: assign({ items: [], supportUnread: 0 }) },
    'realtime.message': [
      {
        guard: ({ event }) => event.message.type === 'notification',
        actions: assign({
          items: ({ context, event }) => {
            if (event.message.type !== 'notification') return context.items;
            const { notification } = event.message;
            return [notification, ...context.items.filter((item) => item.notification_id !== notification.notification_id)];
          },
        }),
      },
      {
        guard: ({ event }) => event.message.type === 'support',
        actions: assign({ supportUnread: ({ context, event }) => (event.message.type === 'support' ? event.message.unread : context.supportUnread) }),
      },
    ],
    'notification.close': {
      actions: [
        assign({ items: ({ context, event }) => context.items.filter((item) => item.notification_id !== event.id) }),
        spawnChild('closeNotification', { input: ({ event }) => ({ id: (event as { id: string }).id }) }),
      ],
    },
  },
});
