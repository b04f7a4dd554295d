import { enqueueActions, sendTo, setup } from 'xstate';
import type { WalletType } from '../../api/contract/envelope';
import type { ChartKind } from '../../api/contract/market';
import { betSlipMachine } from '../betSlip/betSlip.machine';
import { betsMachine } from '../bets/bets.machine';
import { marketMachine } from '../market/market.machine';

export interface TradingInput {
  walletType: WalletType;
  storedPairId?: string | null;
  storedChartKind?: ChartKind | null;
  /** The kept one-click choice: ask before placing and before closing early. */
  storedConfirmBets?: boolean | null;
}

/** A realtime message as the socket delivers it (already checked against the contract). */
export type RealtimeMessage = { type: string; [field: string]: unknown };

export type TradingEvent =
  | { type: 'realtime.message'; message: RealtimeMessage }
  | { type: 'socket.status'; status: 'connected' | 'reconnecting' };

/**
 * The trading screen's statecharts under one system, so they find each other by systemId: the
 * market, the bet slip (which hands a placed bet to `bets`) and the bets. Realtime messages come
 * in here and go where they matter: ticks to the market and to the bets (live profit), a pair's
 * new terms to the market, bet updates and sell-back offers to the bets, the link status to the market.
 */
export const tradingMachine = setup({
  types: {
    input: {} as TradingInput,
    context: {} as TradingInput,
    events: {} as TradingEvent,
  },
  actors: { market: marketMachine, betSlip: betSlipMachine, bets: betsMachine },
}).createMachine({
  id: 'trading',
  context: ({ input }) => input,
  invoke: [
    {
      id: 'market',
      systemId: 'market',
      src: 'market',
      input: ({ context }) => ({ storedPairId: context.storedPairId ?? null, storedChartKind: context.storedChartKind ?? null }),
    },
    { id: 'betSlip', systemId: 'betSlip', src: 'betSlip', input: ({ context }) => ({ walletType: context.walletType, confirmBets: context.storedConfirmBets ?? false }) },
    {
      id: 'bets',
      systemId: 'bets',
      src: 'bets',
      // One switch for both: one-click mode places bets and sells them back without asking.
      input: ({ context }) => ({ walletType: context.walletType, confirmClose: context.storedConfirmBets ?? false }),
    },
  ],
  on: {
    'socket.status': { actions: sendTo('market', ({ event }) => event) },
    'realtime.message': {
      actions: enqueueActions(({ event, enqueue }) => {
        const { message } = event;
        if (message.type === 'tick') {
          const tick = message as unknown as { pair_id: string; id: number; t: number; v: number };
          enqueue.sendTo('market', { type: 'market.tick', tick });
          enqueue.sendTo('bets', { type: 'market.tick', tick });
        } else if (message.type === 'pair') {
          const pair = message as unknown as { pair_id: string; payout: number; active: boolean };
          enqueue.sendTo('market', { type: 'market.pair', pairId: pair.pair_id, payout: pair.payout, active: pair.active });
        } else if (message.type === 'bet') {
          enqueue.sendTo('bets', { type: 'bet.update', bet: message.bet });
        } else if (message.type === 'close_quotes') {
          enqueue.sendTo('bets', { type: 'close.quotes', quotes: message.quotes });
        }
      }),
    },
  },
});
