import type { SnapshotFrom } from 'xstate';
import type { Bet } from '../../api/contract/bets';
import { liveProfit, secondsLeft } from './bet-math';
import { liveQuote, type betsMachine } from './bets.machine';

type BetsSnapshot = SnapshotFrom<typeof betsMachine>;

/** Where selling one open bet back stands, for its close button. */
type ClosePhase = 'unavailable' | 'offered' | 'confirming' | 'closing' | 'closed' | 'refused';
export interface CloseEarlyView {
  phase: ClosePhase;
  /** The live offer (or, while closing, the one being taken); null without one. */
  amount: number | null;
  /** The server's translated refusal; empty when it never answered. */
  error: string | null;
  /** One-click mode: pressing the button sells at once, without asking. */
  oneClick: boolean;
}

export interface OpenBetView extends Bet {
  secondsLeft: number;
  /** What the bet would make at the latest price; null before the first tick of its pair. */
  liveProfit: number | null;
  currentRate: number | null;
  close: CloseEarlyView;
}

function closeView(s: BetsSnapshot, bet: Bet): CloseEarlyView {
  const quote = liveQuote(s.context, bet.id, s.context.now);
  const attempt = s.context.closing;
  const oneClick = !s.context.confirmClose;
  const offer = { amount: quote?.amount ?? null, error: null, oneClick };
  if (attempt?.betId !== bet.id || s.matches({ close: 'idle' })) return { phase: quote ? 'offered' : 'unavailable', ...offer };
  if (s.matches({ close: 'confirming' })) return { phase: 'confirming', ...offer };
  if (s.matches({ close: 'refused' })) return { phase: 'refused', ...offer, error: s.context.closeProblem?.message ?? '' };
  return { phase: s.matches({ close: 'closed' }) ? 'closed' : 'closing', amount: attempt.amount, error: null, oneClick };
}

export const selectOpenBets = (s: BetsSnapshot): OpenBetView[] =>
  s.context.opened.map((bet) => ({
    ...bet,
    secondsLeft: secondsLeft(bet, s.context.now),
    liveProfit: liveProfit(bet, s.context.rates[bet.pair_id]),
    currentRate: s.context.rates[bet.pair_id] ?? null,
    close: closeView(s, bet),
  }));
export const selectClosedBets = (s: BetsSnapshot) => s.context.closed;
/** The result on screen, if any. */
export const selectShownResult = (s: BetsSnapshot): Bet | null =>
  s.matches({ result: 'showing' }) ? (s.context.results[0] ?? null) : null;
/** The wallet of the result on screen when it is not the wallet in use (to name it), else null. */
export const selectShownResultElsewhere = (s: BetsSnapshot) => {
  const shown = selectShownResult(s);
  return shown && shown.wallet_type !== s.context.walletType ? shown.wallet_type : null;
};
/** The refused sale's key while its refusal shows (one per attempt), else null. */
export const selectRefusedClose = (s: BetsSnapshot) => (s.matches({ close: 'refused' }) ? (s.context.closing?.idempotencyKey ?? null) : null);
export const selectBetsLoading = (s: BetsSnapshot) => s.hasTag('busy');
export const selectBetsFailed = (s: BetsSnapshot) => s.hasTag('error');
