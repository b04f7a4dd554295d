import { fromPromise } from 'xstate';
import type { ExclusionRequest, LimitsPayload, LimitsUpdate } from '../../api/contract/limits';
import type { LimitsEndpoints } from '../../api/endpoints/limits';

export const limitsActors = (limits: Pick<LimitsEndpoints, 'get' | 'update' | 'exclude'>) => ({
  loadLimits: fromPromise<LimitsPayload>(({ signal }) => limits.get({ signal })),
  saveLimits: fromPromise<LimitsPayload, LimitsUpdate>(({ input, signal }) => limits.update(input, { signal })),
  startExclusion: fromPromise<LimitsPayload, ExclusionRequest>(({ input, signal }) => limits.exclude(input, { signal })),
});
