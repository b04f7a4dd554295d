import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { KycKind, KycStatus } from '../../../src/api/contract/limits';
import { verificationMachine } from '../../../src/machines/verification/verification.machine';
import { selectKyc, selectKycProblem, selectKycSending, selectVerificationStatus } from '../../../src/machines/verification/verification.selectors';
import { kycNone, kycRejected } from '../../msw/limits-fixtures';

const file = new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' });

describe('verification machine', () => {
  test('every state is reachable', () => {
    const paths = getShortestPaths(verificationMachine, {
      events: [
        { type: 'xstate.done.actor.load', output: kycNone },
        { type: 'xstate.error.actor.load', error: new Error('down') },
        { type: 'retry' },
        { type: 'upload', kind: 'identity', file },
        { type: 'xstate.done.actor.upload', output: kycNone },
      ] as never,
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['loading', 'loadFailed', 'ready', 'uploading']) expect(reached).toContain(JSON.stringify(state));
  });

  test('sends a document and shows the new status; a refused file keeps the reason', async () => {
    const upload = vi
      .fn<(input: { kind: KycKind; file: File }) => Promise<KycStatus>>()
      .mockRejectedValueOnce(Object.assign(new Error('validation'), { code: 'validation', message: 'Проверьте форму', fields: { file0: 'Только JPG, PNG или PDF' } }))
      .mockResolvedValue(kycRejected);
    const actor = createActor(
      verificationMachine.provide({ actors: { loadStatus: fromPromise(async () => kycNone), uploadDocument: fromPromise(({ input }) => upload(input)) } }),
    ).start();
    await waitFor(actor, (s) => selectVerificationStatus(s) === 'ready');
    actor.send({ type: 'upload', kind: 'address', file });
    expect(selectKycSending(actor.getSnapshot())).toBe('address');
    await waitFor(actor, (s) => selectKycProblem(s) !== null);
    expect(selectKycProblem(actor.getSnapshot())!.fields).toEqual({ file0: 'Только JPG, PNG или PDF' });
    actor.send({ type: 'upload', kind: 'address', file });
    await waitFor(actor, (s) => selectKyc(s) === kycRejected);
    expect(selectKycProblem(actor.getSnapshot())).toBeNull();
    expect(upload).toHaveBeenLastCalledWith({ kind: 'address', file });
  });
});
