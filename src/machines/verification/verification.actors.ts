import { fromPromise } from 'xstate';
import type { KycKind, KycStatus } from '../../api/contract/limits';
import type { LimitsEndpoints } from '../../api/endpoints/limits';

export const verificationActors = (limits: Pick<LimitsEndpoints, 'kyc' | 'uploadKyc'>) => ({
  loadStatus: fromPromise<KycStatus>(({ signal }) => limits.kyc({ signal })),
  uploadDocument: fromPromise<KycStatus, { kind: KycKind; file: File }>(({ input, signal }) => limits.uploadKyc(input.kind, input.file, { signal })),
});
