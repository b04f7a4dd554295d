import type { Api } from '../../api/api';
import type { Bet } from '../../api/contract/bets';
import type { WalletType } from '../../api/contract/envelope';
import { chartKindSchema } from '../../api/contract/market';
import type { ChartKind } from '../../api/contract/market';
import type { RealtimeHub } from '../../api/socket';
import { betSlipActors } from '../../machines/betSlip/betSlip.actors';
import { betSlipMachine } from '../../machines/betSlip/betSlip.machine';
import type { TradingSound } from '../../machines/bets/bet-math';
import { betsActors } from '../../machines/bets/bets.actors';
import { betsMachine } from '../../machines/bets/bets.machine';
import { marketActors, marketStorage } from '../../machines/market/market.actors';
import { marketMachine } from '../../machines/market/market.machine';
import { tradingMachine } from '../../machines/trading/trading.machine';

export interface TradingDeps {
  api: Pick<Api, 'market' | 'bets'>;
  /** Where the market asks for the ticks of its pairs. */
  realtime: Pick<RealtimeHub, 'subscribe'>;
  /** Keeps the chosen pair and chart kind; null where storage is unavailable. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Plays a trading sound; the caller decides whether sound is on. */
  playSound: (sound: TradingSound) => void;
  /** Tells a settled bet's result outside the page (src/routes/home/hidden-result.ts). */
  announceResult?: (bet: Bet) => void;
}

/** The trading root statechart with every effect of its three children filled in. */
export function createTradingMachine({ api, realtime, storage, playSound, announceResult }: TradingDeps) {
  const store = marketStorage(storage);
  return tradingMachine.provide({
    actors: {
      market: marketMachine.provide({
        actors: marketActors(api.market),
        actions: {
          storeChoice: (_, { pairId, kind }) => store.write(pairId, kind),
          subscribePairs: (_, { pairs }) => realtime.subscribe(pairs),
        },
      }),
      betSlip: betSlipMachine.provide({
        actors: betSlipActors(api.bets),
        actions: { storeConfirmBets: (_, { on }) => confirmBetsStorage(storage).write(on) },
      }),
      bets: betsMachine.provide({
        actors: betsActors(api.bets),
        actions: { playSound: (_, { sound }) => playSound(sound), announceResult: (_, { bet }) => announceResult?.(bet) },
      }),
    },
  });
}

const CONFIRM_BETS_KEY = 'trading.confirm-bets';

/**
 * The one-click choice, kept in this browser (the sound switch's way: no account setting exists
 * for it on the server). '1': ask before placing; '0' or nothing: one-click mode.
 */
export const confirmBetsStorage = (storage: TradingDeps['storage']) => ({
  read: (): boolean | null => {
    try {
      const value = storage?.getItem(CONFIRM_BETS_KEY);
      return value === '1' ? true : value === '0' ? false : null;
    } catch {
      return null;
    }
  },
  write: (on: boolean) => {
    try {
      storage?.setItem(CONFIRM_BETS_KEY, on ? '1' : '0');
    } catch {
      // A full or blocked storage only costs the choice on the next visit.
    }
  },
});

/** The stored pair and chart kind the market starts with (a kind it does not draw is dropped). */
export function readMarketChoice(storage: TradingDeps['storage']): { storedPairId: string | null; storedChartKind: ChartKind | null } {
  const { storedPairId, storedChartKind } = marketStorage(storage).read();
  const kind = chartKindSchema.safeParse(storedChartKind);
  return { storedPairId, storedChartKind: kind.success ? kind.data : null };
}

/** The browser's local storage, or null when the browser refuses it (private mode, disabled cookies). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * After the socket was down, bet messages may have been missed: a bet settled meanwhile would stay
 * open on screen. The server's lists are asked once more and the bets that changed are handed to
 * the bets statechart as if the socket had delivered them: a bet held as open that is now settled,
 * and an open bet not held yet (placed elsewhere). Older settled bets are left alone, so no stale
 * result is announced.
 */
export async function reconcileBets(
  bets: Pick<Api['bets'], 'list'>,
  held: { walletType: WalletType; opened: readonly Bet[] },
  deliver: (bet: Bet) => void,
): Promise<void> {
  const lists = await bets.list(held.walletType);
  const heldIds = new Set(held.opened.map((bet) => bet.id));
  for (const bet of lists.closed) if (heldIds.has(bet.id)) deliver(bet);
  for (const bet of lists.opened) if (!heldIds.has(bet.id)) deliver(bet);
}
