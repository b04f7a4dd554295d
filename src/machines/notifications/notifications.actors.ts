import { fromPromise } from 'xstate';
import type { ContentEndpoints } from '../../api/endpoints/content';

export const notificationsActors = (content: ContentEndpoints) => ({
  closeNotification: fromPromise<unknown, { id: string }>(({ input, signal }) => content.closeNotification(input.id, { signal })),
});
