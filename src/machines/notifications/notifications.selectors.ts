import type { SnapshotFrom } from 'xstate';
import type { notificationsMachine } from './notifications.machine';

type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

/** Only 'inner' notifications belong in the header (docs/product.md 2). */
export const selectInnerNotifications = (snapshot: NotificationsSnapshot) =>
  snapshot.context.items.filter((item) => item.display === 'inner');
export const selectLatestNotification = (snapshot: NotificationsSnapshot) => selectInnerNotifications(snapshot)[0] ?? null;
export const selectSupportUnread = (snapshot: NotificationsSnapshot) => snapshot.context.supportUnread;
