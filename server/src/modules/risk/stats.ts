/**
 * The abuse test's statistics, pure. A trader's wins are compared with the payouts' break-even
 * rate: a bet paying `payout` percent breaks even when it wins with p = 1 / (1 + payout/100), the
 * rate at which the house neither wins nor loses. Under that null hypothesis the number of wins of
 * n bets is Binomial(n, p); an account is flagged when the one-sided upper tail P(X >= wins) is at
 * most the operator's false-alarm rate alpha. The rate is applied per account (no Bonferroni
 * correction): over N honest accounts about N x alpha false alarms are expected (fewer, since the
 * binomial is discrete and the test's exact size is below alpha), which is the number the operator
 * chooses when setting alpha; a Bonferroni rate alpha / N would instead bound the chance of any
 * false alarm at all and silence accounts with few bets.
 */

/** ln(n!) by summation below 256 and Stirling's series above (error < 1e-10 there). */
const LOG_FACTORIALS: number[] = [0];
for (let i = 1; i < 256; i++) LOG_FACTORIALS[i] = LOG_FACTORIALS[i - 1]! + Math.log(i);
function logFactorial(n: number): number {
  if (n < 256) return LOG_FACTORIALS[n]!;
  return n * Math.log(n) - n + 0.5 * Math.log(2 * Math.PI * n) + 1 / (12 * n) - 1 / (360 * n ** 3);
}

const logChoose = (n: number, k: number) => logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/** P(X >= k) for X ~ Binomial(n, p), summed in log space from the mode outwards (no underflow for n in the thousands). */
export function binomialUpperTail(n: number, k: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  const terms: number[] = [];
  for (let i = k; i <= n; i++) terms.push(logChoose(n, i) + i * lp + (n - i) * lq);
  const max = Math.max(...terms);
  const sum = terms.reduce((s, t) => s + Math.exp(t - max), 0);
  return Math.min(1, Math.exp(max) * sum);
}

/** The break-even win rate of a payout percent. */
export const breakEvenRate = (payoutPercent: number) => 1 / (1 + payoutPercent / 100);

export interface WinRateTest {
  bets: number;
  wins: number;
  /** The break-even rate the wins are tested against. */
  p: number;
  /** One-sided: the chance of at least this many wins at the break-even rate. */
  pValue: number;
  flagged: boolean;
}

export function winRateTest(bets: number, wins: number, p: number, alpha: number): WinRateTest {
  const pValue = binomialUpperTail(bets, wins, p);
  return { bets, wins, p, pValue, flagged: pValue <= alpha };
}

/**
 * The exact chance that an honest account of n bets at rate p is flagged at alpha (the test's
 * size): the upper tail from the smallest win count whose tail is at most alpha.
 */
export function exactFalseAlarmRate(n: number, p: number, alpha: number): number {
  for (let k = 0; k <= n; k++) {
    const tail = binomialUpperTail(n, k, p);
    if (tail <= alpha) return tail;
  }
  return 0;
}
