import { fromPromise } from 'xstate';
import type { SessionSummary } from '../../api/contract/limits';
import type { LimitsEndpoints } from '../../api/endpoints/limits';

export const realityCheckActors = (limits: Pick<LimitsEndpoints, 'session' | 'stopToday'>) => ({
  loadSession: fromPromise<SessionSummary>(({ signal }) => limits.session({ signal })),
  stopToday: fromPromise<unknown>(({ signal }) => limits.stopToday({ signal })),
});
