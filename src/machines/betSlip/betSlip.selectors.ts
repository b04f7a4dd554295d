import type { SnapshotFrom } from 'xstate';
import type { betSlipMachine } from './betSlip.machine';

type BetSlipSnapshot = SnapshotFrom<typeof betSlipMachine>;

export const selectSlip = (s: BetSlipSnapshot) => s.context;
export const selectPlacing = (s: BetSlipSnapshot) => s.hasTag('busy');
/** The last bet's answer was lost: it is being sent again until the server answers. */
export const selectCheckingLastBet = (s: BetSlipSnapshot) => s.hasTag('busy') && s.context.answerLost;
export const selectConfirming = (s: BetSlipSnapshot) => s.matches('confirming');
export const selectPlaced = (s: BetSlipSnapshot) => (s.hasTag('placed') ? s.context.lastBet : null);
export const selectFailure = (s: BetSlipSnapshot) => (s.hasTag('error') ? s.context.problem : null);
