import { act, renderHook } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Bet, BetListPayload } from '../../../src/api/contract/bets';
import { betSlipMachine } from '../../../src/machines/betSlip/betSlip.machine';
import { betsMachine } from '../../../src/machines/bets/bets.machine';
import { useTradingAnnouncements } from '../../../src/routes/home/use-announcements';
import { makeBet, T0 } from '../machines/trading-fixtures';

// The wallets come from the app's root actor; the room's announcements only read their balances.
vi.mock('../../../src/routes/app-services', () => ({ useWallets: () => ({ current: 'demo', wallets: [], select: () => undefined }) }));

const open = makeBet({ id: 7 });
const quote = { type: 'close.quotes', quotes: [{ bet_id: 7, quote_id: 300, amount: 12.5, rate: 1.0852, expires_at: T0 + 5000 }] } as const;

test('a refused early close is said once per attempt, with the server reason or our own', async () => {
  const answers = [Object.assign(new Error('stale'), { code: 'stale_rate', message: 'The offer has changed' }), new Error('network')];
  const bets = createActor(
    betsMachine.provide({
      actors: {
        loadBets: fromPromise(async (): Promise<BetListPayload> => ({ opened: [open], closed: [] })),
        closeBet: fromPromise(async (): Promise<Bet> => Promise.reject(answers.shift())),
      },
      actions: { playSound: () => undefined },
    }),
    { input: { walletType: 'demo', now: () => T0, confirmClose: false } },
  ).start();
  const betSlip = createActor(betSlipMachine.provide({ actions: { storeConfirmBets: () => undefined } }), { input: {} }).start();
  await waitFor(bets, (s) => s.matches({ list: 'ready' }));
  const announce = vi.fn();
  renderHook(() => useTradingAnnouncements({ betSlip, bets }, announce));

  for (const _attempt of [1, 2]) {
    await act(async () => {
      bets.send(quote);
      bets.send({ type: 'close.request', betId: 7 });
      await waitFor(bets, (s) => s.matches({ close: 'refused' }));
    });
  }
  // Without an i18next instance the hook's t() answers with the key itself.
  expect(announce.mock.calls.map(([text]) => text)).toEqual(['The offer has changed', 'trading.close.failed']);
});
